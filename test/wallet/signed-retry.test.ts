/** The signed-retry engine, check by check in the order wire-formats.md gives, and the wallet actions that use it. */
import { describe, expect, it } from 'vitest';
import { usdAccount } from '../helpers.js';
import { advance, generateP256KeyPair, otpLogin, signed, signedHeaders, stampOf, walletSandbox } from './helpers.js';

async function signedIn() {
  const box = await walletSandbox();
  const wallet = await box.openWallet();
  const { key, session } = await otpLogin(box.client, wallet.emailCredentialId);
  const path = `/internal-accounts/${wallet.accountId}`;
  const body = { privateEnabled: true };
  const first = await box.client.patch(path, body);
  expect(first.status).toBe(202);
  expect(first.body.type).toBeUndefined();
  return { ...box, wallet, key, session, path, body, first };
}

describe('signed retry: every 401 of rule 5', () => {
  it('WALLET_SIGNATURE_MISSING: Request-Id without the signature', async () => {
    const { client, path, body, first } = await signedIn();
    const reply = await client.call('PATCH', path, body, { 'request-id': first.body.requestId });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 'WALLET_SIGNATURE_MISSING', status: 401 });
  });

  it('WALLET_SIGNATURE_MALFORMED: not base64url JSON, unknown scheme, bad hex, bad DER', async () => {
    const { client, path, body, first, key } = await signedIn();
    const good = JSON.parse(Buffer.from(await stampOf(first.body.payloadToSign, key), 'base64url').toString());
    const variants = [
      'not a stamp!',
      Buffer.from('not json').toString('base64url'),
      Buffer.from(JSON.stringify({ ...good, scheme: 'SIGNATURE_SCHEME_OTHER' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...good, signature: 'zz' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...good, signature: '0102' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...good, publicKey: '02' + 'ff'.repeat(32) })).toString('base64url'),
      Buffer.from(JSON.stringify({ publicKey: good.publicKey })).toString('base64url'),
      // A valid stamp with characters outside base64url before or after it.
      `!${await stampOf(first.body.payloadToSign, key)}`,
      `${await stampOf(first.body.payloadToSign, key)}!`,
      // JSON, but not an object; fields of the wrong type.
      Buffer.from('null').toString('base64url'),
      Buffer.from('7').toString('base64url'),
      Buffer.from(JSON.stringify({ ...good, publicKey: 7 })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...good, signature: 7 })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...good, scheme: 7 })).toString('base64url'),
      // DER: a SEQUENCE (0x30) of 8 to 72 bytes.
      Buffer.from(JSON.stringify({ ...good, signature: `30${'01'.repeat(6)}` })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...good, signature: `30${'01'.repeat(72)}` })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...good, signature: `31${good.signature.slice(2)}` })).toString('base64url'),
    ];
    for (const signature of variants) {
      const reply = await client.call('PATCH', path, body, signedHeaders(signature, first.body.requestId));
      expect(reply.status, signature).toBe(401);
      expect(reply.body.code, signature).toBe('WALLET_SIGNATURE_MALFORMED');
    }
  });

  it('parses a DER signature of 8 and of 72 bytes, and then finds it does not verify', async () => {
    const { client, path, body, first, key } = await signedIn();
    const good = JSON.parse(Buffer.from(await stampOf(first.body.payloadToSign, key), 'base64url').toString());
    for (const signature of [`30${'01'.repeat(7)}`, `30${'01'.repeat(71)}`]) {
      const stamp = Buffer.from(JSON.stringify({ ...good, signature })).toString('base64url');
      const reply = await client.call('PATCH', path, body, signedHeaders(stamp, first.body.requestId));
      expect(reply.status, signature).toBe(401);
      expect(reply.body.code, signature).toBe('WALLET_SIGNATURE_INVALID');
    }
  });

  it('REQUEST_ID_MISSING: a stamp without Request-Id', async () => {
    const { client, path, body, first, key } = await signedIn();
    const reply = await client.call('PATCH', path, body, { 'service-wallet-signature': await stampOf(first.body.payloadToSign, key) });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('REQUEST_ID_MISSING');
  });

  it('WALLET_SIGNATURE_BODY_MISMATCH: another body, another path or method, even whitespace', async () => {
    const { client, path, first, key, wallet } = await signedIn();
    const headers = signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId);
    for (const [method, target, body] of [
      ['PATCH', path, { privateEnabled: false }],
      ['PATCH', path, '{ "privateEnabled": true }'],
      ['POST', `/internal-accounts/${wallet.accountId}/export`, { clientPublicKey: generateP256KeyPair().publicKeyUncompressed }],
    ] as const) {
      const reply = await client.call(method, target, body, headers);
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe('WALLET_SIGNATURE_BODY_MISMATCH');
    }
  });

  it('WALLET_SIGNATURE_INVALID: a signature over other bytes, and a key that is no session of the wallet', async () => {
    const { client, path, body, first, key } = await signedIn();
    const overOther = await client.call('PATCH', path, body, signedHeaders(await stampOf(`${first.body.payloadToSign} `, key), first.body.requestId));
    expect(overOther.status).toBe(401);
    expect(overOther.body.code).toBe('WALLET_SIGNATURE_INVALID');
    const stranger = await client.call('PATCH', path, body, signedHeaders(await stampOf(first.body.payloadToSign, generateP256KeyPair()), first.body.requestId));
    expect(stranger.body.code).toBe('WALLET_SIGNATURE_INVALID');
    expect(stranger.body.reason).toMatch(/not an active session/);
  });

  it("WALLET_SIGNATURE_INVALID: another wallet's session", async () => {
    const { client, path, body, first, openWallet } = await signedIn();
    const other = await openWallet();
    const { key } = await otpLogin(client, other.emailCredentialId);
    const reply = await client.call('PATCH', path, body, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    expect(reply.body.code).toBe('WALLET_SIGNATURE_INVALID');
  });

  it('UNAUTHORIZED: a reused requestId, an expired one, an unknown one', async () => {
    const { client, path, body, first, key, wallet } = await signedIn();
    const headers = signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId);
    expect((await client.call('PATCH', path, body, headers)).status).toBe(200);
    const reused = await client.call('PATCH', path, body, headers);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ code: 'UNAUTHORIZED', reason: expect.stringMatching(/already used/) });

    const second = await client.patch(path, body);
    await advance(client, 301);
    // A fresh session, so what fails is the expiry of the requestId, not the session's.
    const { key: fresh } = await otpLogin(client, wallet.emailCredentialId);
    const late = await client.call('PATCH', path, body, signedHeaders(await stampOf(second.body.payloadToSign, fresh), second.body.requestId));
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 'UNAUTHORIZED', reason: expect.stringMatching(/expired/) });

    const unknown = await client.call('PATCH', path, body, signedHeaders(await stampOf('x', fresh), 'Request:00000000-0000-0000-0000-000000000000'));
    expect(unknown.body.code).toBe('UNAUTHORIZED');
  });

  it('accepts the legacy literal sandbox-valid-signature in place of a stamp', async () => {
    const { client, path, body, first } = await signedIn();
    const reply = await client.call('PATCH', path, body, signedHeaders('sandbox-valid-signature', first.body.requestId));
    expect(reply.status).toBe(200);
    expect(reply.body.privateEnabled).toBe(true);
  });

  it('binds payloadToSign to the operation, body digest, wallet, requestId and expiry', async () => {
    const { first, path, wallet } = await signedIn();
    const payload = JSON.parse(first.body.payloadToSign);
    expect(payload).toMatchObject({ organizationId: 'test-client', type: 'ACTIVITY_TYPE_UPDATE_WALLET_PRIVACY', timestampMs: expect.stringMatching(/^\d+$/) });
    expect(payload.parameters).toEqual({
      requestId: first.body.requestId,
      walletId: wallet.accountId,
      method: 'PATCH',
      path: `/2025-10-13${path}`,
      bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: first.body.expiresAt,
    });
  });

  it('refuses wallet actions on accounts that are not embedded wallets', async () => {
    const { client, wallet } = await signedIn();
    const fiat = (await client.get(`/customers/internal-accounts?customerId=${wallet.customerId}&type=INTERNAL_FIAT`)).body.data[0];
    const reply = await client.patch(`/internal-accounts/${fiat.id}`, { privateEnabled: true });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('INVALID_INPUT');
    expect((await client.patch('/internal-accounts/InternalAccount:missing', { privateEnabled: true })).status).toBe(404);
  });
});

describe('money out of an embedded wallet is signed', () => {
  it('executes a quote from the wallet only on the signed retry', async () => {
    const { client, wallet, key } = await signedIn();
    await client.post(`/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 10_000 });
    const payee = await client.post('/customers/external-accounts', usdAccount(wallet.customerId, '123456789'));
    expect(payee.status).toBe(201);
    const quote = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: wallet.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: payee.body.id, currency: 'USD' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 2_000,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const immediate = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: wallet.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: payee.body.id, currency: 'USD' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 2_000,
      immediatelyExecute: true,
    });
    expect(immediate.status).toBe(400);
    const path = `/quotes/${quote.body.id}/execute`;
    const first = await client.post(path);
    expect(first.status).toBe(202);
    expect(JSON.parse(first.body.payloadToSign).type).toBe('ACTIVITY_TYPE_EXECUTE_QUOTE');
    expect((await client.get(`/quotes/${quote.body.id}`)).body.status).not.toBe('COMPLETED');
    const done = await client.post(path, {}, signedHeaders(await stampOf(first.body.payloadToSign, key), first.body.requestId));
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('COMPLETED');
    const account = (await client.get(`/customers/internal-accounts?customerId=${wallet.customerId}&type=EMBEDDED_WALLET`)).body.data[0];
    expect(account.balance.amount).toBe(10_000 - quote.body.totalSendingAmount);
  });

  it('checks funds on the first leg: no challenge for money the wallet does not have', async () => {
    const { client, wallet } = await signedIn();
    const payee = await client.post('/customers/external-accounts', usdAccount(wallet.customerId, '123456789'));
    const quote = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: wallet.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: payee.body.id, currency: 'USD' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 2_000,
    });
    const reply = await client.post(`/quotes/${quote.body.id}/execute`);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('pays out with transfer-out from the wallet only on the signed retry', async () => {
    const { client, wallet, key } = await signedIn();
    await client.post(`/sandbox/internal-accounts/${wallet.accountId}/fund`, { amount: 10_000 });
    const payee = await client.post('/customers/external-accounts', usdAccount(wallet.customerId, '123456789'));
    const body = { source: { accountId: wallet.accountId }, destination: { accountId: payee.body.id }, amount: 1_000 };
    const missing = await client.post('/transfer-out', body, { 'request-id': 'Request:x' });
    expect(missing.body.code).toBe('WALLET_SIGNATURE_MISSING');
    const done = await signed(client, 'POST', '/transfer-out', body, key);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ type: 'OUTGOING', status: 'COMPLETED' });
  });
});
