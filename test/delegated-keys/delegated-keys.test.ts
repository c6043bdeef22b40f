/**
 * Delegated keys over HTTP: the three-leg signed retry stamped with
 * @turnkey/api-key-stamper by a real session key, PENDING/ACTIVE/REVOKED,
 * list and get, and cards funded by an embedded wallet that spend only
 * while an ACTIVE key exists.
 */
import { describe, expect, it } from 'vitest';
import { p256 } from '@noble/curves/nist.js';
import { generateP256KeyPair, otpLogin, signedHeaders, stampOf, walletSandbox, type KeyPair } from '../wallet/helpers.js';
import type { Client } from '../helpers.js';

async function walletCard() {
  const { client, openWallet } = await walletSandbox();
  expect((await client.patch('/config', { isRegulatedFinancialInstitution: true })).status).toBe(200);
  const wallet = await openWallet();
  const card = await client.post('/cards', { customerId: wallet.customerId, form: 'VIRTUAL', fundingSource: wallet.accountId });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  await client.post('/__admin/clock/advance', { seconds: 5 });
  await client.post(`/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 10_000 });
  const { key } = await otpLogin(client, wallet.emailCredentialId);
  return { client, wallet, cardId: card.body.id as string, key };
}

const authorize = (client: Client, cardId: string, amount = 1_000) =>
  client.post(`/sandbox/cards/${cardId}/simulate/authorization`, { amount, currency: { code: 'USD' }, merchant: { descriptor: 'COFFEE 000' } });

/** All three legs; returns every answer. */
async function createKey(client: Client, body: Record<string, unknown>, key: KeyPair) {
  const first = await client.post('/auth/delegated-keys', body);
  expect(first.status, JSON.stringify(first.body)).toBe(202);
  const second = await client.post('/auth/delegated-keys', body, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
  expect(second.status, JSON.stringify(second.body)).toBe(202);
  const third = await client.post('/auth/delegated-keys', body, signedHeaders(await stampOf(second.body.payloadToSign, key), second.body.requestId));
  return { first, second, third };
}

describe('POST /auth/delegated-keys', () => {
  it('three legs: 202, signed 202 (the key exists PENDING), signed 201 (ACTIVE)', async () => {
    const { client, wallet, cardId, key } = await walletCard();
    const body = { cardId, internalAccountId: wallet.accountId, nickname: 'card signer' };
    const first = await client.post('/auth/delegated-keys', body);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ payloadToSign: expect.any(String), requestId: expect.stringMatching(/^Request:/), expiresAt: expect.any(String) });
    expect(JSON.parse(first.body.payloadToSign)).toMatchObject({ type: 'ACTIVITY_TYPE_CREATE_DELEGATED_KEY', parameters: { walletId: wallet.accountId, method: 'POST', path: '/2025-10-13/auth/delegated-keys' } });
    expect((await client.get(`/auth/delegated-keys?accountId=${wallet.accountId}`)).body.data).toEqual([]);

    const second = await client.post('/auth/delegated-keys', body, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    expect(second.status).toBe(202);
    expect(second.body.requestId).not.toBe(first.body.requestId);
    expect(JSON.parse(second.body.payloadToSign).type).toBe('ACTIVITY_TYPE_ACTIVATE_DELEGATED_KEY');
    const pending = (await client.get(`/auth/delegated-keys?accountId=${wallet.accountId}`)).body.data;
    expect(pending).toEqual([
      { id: expect.stringMatching(/^DelegatedKey:/), cardId, fundingSourceId: wallet.accountId, accountId: wallet.accountId, publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/), nickname: 'card signer', status: 'PENDING', createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    // A real compressed P-256 point.
    expect(() => p256.Point.fromHex(pending[0].publicKey)).not.toThrow();

    const third = await client.post('/auth/delegated-keys', body, signedHeaders(await stampOf(second.body.payloadToSign, key), second.body.requestId));
    expect(third.status).toBe(201);
    expect(third.body).toEqual({ ...pending[0], status: 'ACTIVE', updatedAt: expect.any(String) });
    expect((await client.get(`/auth/delegated-keys/${third.body.id}`)).body.status).toBe('ACTIVE');
    // Each challenge is single use.
    const replay = await client.post('/auth/delegated-keys', body, signedHeaders(await stampOf(second.body.payloadToSign, key), second.body.requestId));
    expect(replay.status).toBe(409);
  });

  it('refuses retries that are unsigned, stamped by a stranger key, or for another body (401 codes)', async () => {
    const { client, wallet, cardId, key } = await walletCard();
    const body = { cardId, internalAccountId: wallet.accountId, nickname: 'k' };
    const first = await client.post('/auth/delegated-keys', body);
    const stranger = await client.post('/auth/delegated-keys', body, signedHeaders(await stampOf(first.body.payloadToSign, generateP256KeyPair()), first.body.requestId));
    expect([stranger.status, stranger.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID']);
    const other = await client.post('/auth/delegated-keys', { ...body, nickname: 'other' }, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    expect([other.status, other.body.code]).toEqual([401, 'WALLET_SIGNATURE_BODY_MISMATCH']);
    const noId = await client.post('/auth/delegated-keys', body, { 'service-wallet-signature': await stampOf(first.body.payloadToSign, key) });
    expect([noId.status, noId.body.code]).toEqual([401, 'REQUEST_ID_MISSING']);
    const noSignature = await client.post('/auth/delegated-keys', body, { 'request-id': first.body.requestId });
    expect([noSignature.status, noSignature.body.code]).toEqual([401, 'WALLET_SIGNATURE_MISSING']);
  });

  it('an abandoned second leg leaves a PENDING key that blocks nothing; one ACTIVE key per card funding source (409)', async () => {
    const { client, wallet, cardId, key } = await walletCard();
    const body = { cardId, internalAccountId: wallet.accountId, nickname: 'k' };
    const first = await client.post('/auth/delegated-keys', body);
    await client.post('/auth/delegated-keys', body, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    const { third } = await createKey(client, body, key);
    expect(third.status).toBe(201);
    const statuses = (await client.get(`/auth/delegated-keys?fundingSourceId=${wallet.accountId}`)).body.data.map((k: { status: string }) => k.status);
    expect(statuses).toEqual(['ACTIVE', 'PENDING']);
    const again = await client.post('/auth/delegated-keys', body);
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT']);
  });

  it('404 for an unknown card or account, or an account that does not fund the card; 400 for a non-wallet account and bad fields', async () => {
    const { client, wallet, cardId } = await walletCard();
    const unknownCard = await client.post('/auth/delegated-keys', { cardId: 'Card:nope', internalAccountId: wallet.accountId, nickname: 'k' });
    expect([unknownCard.status, unknownCard.body.code]).toEqual([404, 'REFERENCE_NOT_FOUND']);
    const unknownAccount = await client.post('/auth/delegated-keys', { cardId, internalAccountId: 'InternalAccount:nope', nickname: 'k' });
    expect(unknownAccount.status).toBe(404);
    const fiat = (await client.get(`/customers/internal-accounts?customerId=${wallet.customerId}&type=INTERNAL_FIAT`)).body.data[0];
    const notWallet = await client.post('/auth/delegated-keys', { cardId, internalAccountId: fiat.id, nickname: 'k' });
    expect([notWallet.status, notWallet.body.details.errors[0].field]).toEqual([400, 'internalAccountId']);
    const other = await walletSandboxSecondWallet(client);
    const notFunding = await client.post('/auth/delegated-keys', { cardId, internalAccountId: other, nickname: 'k' });
    expect(notFunding.status).toBe(404);
    const bad = await client.post('/auth/delegated-keys', { nickname: 'x'.repeat(257) });
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(['cardId', 'internalAccountId', 'nickname']);
    expect((await client.post('/auth/delegated-keys', { cardId, internalAccountId: wallet.accountId, nickname: '' })).status).toBe(400);
    expect((await client.post('/auth/delegated-keys', { cardId, internalAccountId: wallet.accountId, nickname: 'x'.repeat(256) })).status).toBe(202);
  });
});

/** Another customer's embedded wallet in the same tenant. */
async function walletSandboxSecondWallet(client: Client): Promise<string> {
  const customer = (await client.post('/customers', { customerType: 'INDIVIDUAL', fullName: 'Other Person', email: 'other@example.com' })).body;
  return (await client.get(`/customers/internal-accounts?customerId=${customer.id}&type=EMBEDDED_WALLET`)).body.data[0].id;
}

describe('GET and DELETE /auth/delegated-keys', () => {
  it('lists by account, funding source or both (one is required); revokes an ACTIVE key once', async () => {
    const { client, wallet, cardId, key } = await walletCard();
    const { third } = await createKey(client, { cardId, internalAccountId: wallet.accountId, nickname: 'k' }, key);
    const none = await client.get('/auth/delegated-keys');
    expect(none.status).toBe(400);
    expect(none.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['accountId', 'fundingSourceId']);
    expect((await client.get(`/auth/delegated-keys?accountId=${wallet.accountId}&fundingSourceId=${wallet.accountId}`)).body.data).toHaveLength(1);
    expect((await client.get(`/auth/delegated-keys?accountId=${wallet.accountId}&fundingSourceId=InternalAccount:other`)).body.data).toEqual([]);
    expect((await client.get('/auth/delegated-keys?accountId=InternalAccount:unknown')).body.data).toEqual([]);
    expect((await client.delete(`/auth/delegated-keys/${third.body.id}`)).status).toBe(204);
    expect((await client.get(`/auth/delegated-keys/${third.body.id}`)).body.status).toBe('REVOKED');
    const twice = await client.delete(`/auth/delegated-keys/${third.body.id}`);
    expect([twice.status, twice.body.code]).toEqual([400, 'INVALID_INPUT']);
    expect((await client.delete('/auth/delegated-keys/DelegatedKey:nope')).status).toBe(404);
    expect((await client.get('/auth/delegated-keys/DelegatedKey:nope')).status).toBe(404);
  });
});

describe('cards funded by an embedded wallet', () => {
  it('are declined (CARD_PAUSED) without an ACTIVE delegated key, approved with one, declined again once it is revoked', async () => {
    const { client, wallet, cardId, key } = await walletCard();
    const before = await authorize(client, cardId);
    expect(before.status).toBe(202);
    expect(before.body).toMatchObject({ declineReason: 'CARD_PAUSED', message: expect.stringContaining('delegated key') });
    const body = { cardId, internalAccountId: wallet.accountId, nickname: 'k' };
    // A PENDING key is not enough.
    const first = await client.post('/auth/delegated-keys', body);
    await client.post('/auth/delegated-keys', body, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    expect((await authorize(client, cardId)).body.declineReason).toBe('CARD_PAUSED');
    const { third } = await createKey(client, body, key);
    const approved = await authorize(client, cardId);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'AUTHORIZED', accountId: wallet.accountId });
    const account = (await client.get(`/customers/internal-accounts?customerId=${wallet.customerId}&type=EMBEDDED_WALLET`)).body.data[0];
    expect(account.balance.amount).toBe(9_000);
    // Money coming in needs no key.
    await client.delete(`/auth/delegated-keys/${third.body.id}`);
    expect((await authorize(client, cardId)).body.declineReason).toBe('CARD_PAUSED');
    const credit = await client.post(`/sandbox/cards/${cardId}/simulate/financial_credit_authorization`, { amount: 500, currency: { code: 'USD' }, merchant: { descriptor: 'PUSH 000' } });
    expect(credit.body.status).toBe('SETTLED');
  });
});
