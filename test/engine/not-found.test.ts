/**
 * 404s by resource: every unknown id answers with its resource's code from
 * the public description (USER_NOT_FOUND, QUOTE_NOT_FOUND,
 * TRANSACTION_NOT_FOUND, UMA_NOT_FOUND, else REFERENCE_NOT_FOUND); only a
 * path no route serves keeps the generic NOT_FOUND.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureFile, individual, makeSandbox, usdAccount, type Client } from '../helpers.js';

/** The public description's ten 404 codes. */
const REFERENCE_404_CODES = [
  'TRANSACTION_NOT_FOUND', 'INVITATION_NOT_FOUND', 'USER_NOT_FOUND', 'QUOTE_NOT_FOUND', 'LOOKUP_REQUEST_NOT_FOUND', 'TOKEN_NOT_FOUND', 'BULK_UPLOAD_JOB_NOT_FOUND',
  'REFERENCE_NOT_FOUND', 'UMA_NOT_FOUND', 'STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND',
];

const UUID = '00000000-0000-4000-8000-000000000000';
const key = `04${'ab'.repeat(64)}`;

let client: Client;
let customerId: string;
let accountId: string;
let externalId: string;

beforeAll(async () => {
  client = makeSandbox().client();
  customerId = (await client.post('/customers', individual())).body.id;
  accountId = (await client.get(`/customers/internal-accounts?customerId=${customerId}`)).body.data[0].id;
  externalId = (await client.post('/customers/external-accounts', usdAccount(customerId, '123456789'))).body.id;
});

type Call = [name: string, code: string, send: () => Promise<{ status: number; body: any }>];

const calls: Call[] = [
  ['GET /customers/{id}', 'USER_NOT_FOUND', () => client.get(`/customers/Customer:${UUID}`)],
  ['POST /verifications (unknown customer)', 'USER_NOT_FOUND', () => client.post('/verifications', { customerId: `Customer:${UUID}` })],
  ['POST /documents (unknown customer holder)', 'USER_NOT_FOUND', () => client.upload('/documents', { documentHolder: `Customer:${UUID}`, documentType: 'PASSPORT', country: 'US', file: fixtureFile('passport.png') })],
  ['POST /documents (unknown owner holder)', 'REFERENCE_NOT_FOUND', () => client.upload('/documents', { documentHolder: `BeneficialOwner:${UUID}`, documentType: 'PASSPORT', country: 'US', file: fixtureFile('passport.png') })],
  ['GET /quotes/{id}', 'QUOTE_NOT_FOUND', () => client.get(`/quotes/Quote:${UUID}`)],
  ['POST /quotes/{id}/execute', 'QUOTE_NOT_FOUND', () => client.post(`/quotes/Quote:${UUID}/execute`)],
  ['GET /transactions/{id}', 'TRANSACTION_NOT_FOUND', () => client.get(`/transactions/Transaction:${UUID}`)],
  ['GET /receiver/uma/{address} on the sandbox domain', 'UMA_NOT_FOUND', () => client.get(`/receiver/uma/${encodeURIComponent('$nobody@sandbox.uma.local')}`)],
  ['POST /sandbox/uma/receive (unknown receiver)', 'UMA_NOT_FOUND', () => client.post('/sandbox/uma/receive', { senderUmaAddress: '$success.usd@sandbox.uma.local', receiverUmaAddress: '$nobody@sandbox.uma.local', receivingCurrencyCode: 'USD', receivingCurrencyAmount: 100 })],
  ['POST /sandbox/uma/receive (unknown customerId)', 'USER_NOT_FOUND', () => client.post('/sandbox/uma/receive', { senderUmaAddress: '$success.usd@sandbox.uma.local', customerId: `Customer:${UUID}`, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 100 })],
  ['GET /receiver/external-account/{id}', 'REFERENCE_NOT_FOUND', () => client.get(`/receiver/external-account/ExternalAccount:${UUID}`)],
  ['GET /customers/external-accounts/{id}', 'REFERENCE_NOT_FOUND', () => client.get(`/customers/external-accounts/ExternalAccount:${UUID}`)],
  ['DELETE /customers/external-accounts/{id}', 'REFERENCE_NOT_FOUND', () => client.delete(`/customers/external-accounts/ExternalAccount:${UUID}`)],
  ['POST /customers/external-accounts/{id}/challenge', 'REFERENCE_NOT_FOUND', () => client.post(`/customers/external-accounts/ExternalAccount:${UUID}/challenge`, { method: 'WALLET_SIGNATURE' })],
  ['POST /customers/external-accounts/{id}/verify', 'REFERENCE_NOT_FOUND', () => client.post(`/customers/external-accounts/ExternalAccount:${UUID}/verify`, { signature: 'x', signatureScheme: 'bip137' })],
  ['GET /platform/external-accounts/{id}', 'REFERENCE_NOT_FOUND', () => client.get(`/platform/external-accounts/ExternalAccount:${UUID}`)],
  ['GET /cards/{id}', 'REFERENCE_NOT_FOUND', () => client.get(`/cards/Card:${UUID}`)],
  ['PATCH /cards/{id}', 'REFERENCE_NOT_FOUND', () => client.patch(`/cards/Card:${UUID}`, { status: 'FROZEN' })],
  ['POST /cards/{id}/reveal', 'REFERENCE_NOT_FOUND', () => client.post(`/cards/Card:${UUID}/reveal`)],
  ['POST /sandbox/cards/{id}/simulate/authorization', 'REFERENCE_NOT_FOUND', () => client.post(`/sandbox/cards/Card:${UUID}/simulate/authorization`, { amount: 1, currency: { code: 'USD' }, merchant: { descriptor: 'SHOP' } })],
  ['GET /documents/{id}', 'REFERENCE_NOT_FOUND', () => client.get(`/documents/Document:${UUID}`)],
  ['DELETE /documents/{id}', 'REFERENCE_NOT_FOUND', () => client.delete(`/documents/Document:${UUID}`)],
  ['GET /beneficial-owners/{id}', 'REFERENCE_NOT_FOUND', () => client.get(`/beneficial-owners/BeneficialOwner:${UUID}`)],
  ['PATCH /beneficial-owners/{id}', 'REFERENCE_NOT_FOUND', () => client.patch(`/beneficial-owners/BeneficialOwner:${UUID}`, { ownershipPercentage: 10 })],
  ['GET /verifications/{id}', 'REFERENCE_NOT_FOUND', () => client.get(`/verifications/Verification:${UUID}`)],
  ['POST /sandbox/internal-accounts/{id}/fund', 'REFERENCE_NOT_FOUND', () => client.post(`/sandbox/internal-accounts/InternalAccount:${UUID}/fund`, { amount: 1 })],
  ['POST /auth/credentials (unknown account)', 'REFERENCE_NOT_FOUND', () => client.post('/auth/credentials', { type: 'EMAIL_OTP', accountId: `InternalAccount:${UUID}` })],
  ['POST /auth/credentials/{id}/challenge', 'REFERENCE_NOT_FOUND', () => client.post(`/auth/credentials/AuthMethod:${UUID}/challenge`, {})],
  ['POST /auth/credentials/{id}/verify', 'REFERENCE_NOT_FOUND', () => client.post(`/auth/credentials/AuthMethod:${UUID}/verify`, { type: 'OAUTH', oidcToken: 'a.b.c', clientPublicKey: key })],
  ['DELETE /auth/credentials/{id}', 'REFERENCE_NOT_FOUND', () => client.delete(`/auth/credentials/AuthMethod:${UUID}`)],
  ['POST /auth/sessions/{id}/refresh', 'REFERENCE_NOT_FOUND', () => client.post(`/auth/sessions/Session:${UUID}/refresh`, { clientPublicKey: key })],
  ['DELETE /auth/sessions/{id}', 'REFERENCE_NOT_FOUND', () => client.delete(`/auth/sessions/Session:${UUID}`)],
  ['POST /internal-accounts/{id}/export', 'REFERENCE_NOT_FOUND', () => client.post(`/internal-accounts/InternalAccount:${UUID}/export`, { clientPublicKey: key })],
  ['PATCH /internal-accounts/{id}', 'REFERENCE_NOT_FOUND', () => client.patch(`/internal-accounts/InternalAccount:${UUID}`, { privateEnabled: true })],
  ['POST /transfer-out (unknown destination)', 'REFERENCE_NOT_FOUND', () => client.post('/transfer-out', { source: { accountId }, destination: { accountId: `ExternalAccount:${UUID}` }, amount: 1 })],
  ['POST /transfer-in (unknown source)', 'REFERENCE_NOT_FOUND', () => client.post('/transfer-in', { source: { accountId: `ExternalAccount:${UUID}` }, destination: { accountId }, amount: 1 })],
];

describe('404 codes by resource', () => {
  it.each(calls)('%s: 404 %s', async (_name, code, send) => {
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toMatchObject({ code, status: 404, message: res.body.reason });
    expect(REFERENCE_404_CODES).toContain(res.body.code);
  });

  it('keeps NOT_FOUND for a path no route serves', async () => {
    const res = await client.get('/no-such-thing');
    expect(res.body).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('answers an unknown id inside the body of an operation without a 404 with a 400 naming the field', async () => {
    const quote = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId },
      destination: { destinationType: 'ACCOUNT', accountId: `ExternalAccount:${UUID}` },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(quote).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', details: { errors: [{ field: 'destination.accountId', message: expect.stringContaining(UUID) }] } } });
    const source = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: `InternalAccount:${UUID}` },
      destination: { destinationType: 'ACCOUNT', accountId: externalId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(source).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', details: { errors: [{ field: 'source.accountId' }] } } });
    const realtime = await client.post('/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId: `Customer:${UUID}` },
      destination: { destinationType: 'ACCOUNT', accountId: externalId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 100,
    });
    expect(realtime).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT', details: { errors: [{ field: 'source.customerId' }] } } });
    expect((await client.get('/quotes')).body.data).toEqual([]);
  });

  it('answers a UMA address outside the sandbox domains with 400 LOOKUP_REQUEST_FAILED, and one of the tenant domain with UMA_NOT_FOUND', async () => {
    const elsewhere = await client.get(`/receiver/uma/${encodeURIComponent('$nobody@elsewhere.example')}`);
    expect(elsewhere.body).toMatchObject({ status: 400, code: 'LOOKUP_REQUEST_FAILED' });
    expect((await client.patch('/config', { umaDomain: 'pay.example.com' })).status).toBe(200);
    const own = await client.get(`/receiver/uma/${encodeURIComponent('$nobody@pay.example.com')}`);
    expect(own.body).toMatchObject({ status: 404, code: 'UMA_NOT_FOUND', details: { umaAddress: '$nobody@pay.example.com' } });
    expect((await client.get(`/receiver/uma/${encodeURIComponent('$success.usd@sandbox.uma.local')}`)).status).toBe(200);
  });
});
