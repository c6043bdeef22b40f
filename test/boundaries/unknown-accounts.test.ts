/**
 * Money movement naming an account that does not exist. Transfers answer 404
 * REFERENCE_NOT_FOUND naming the field and the id (the reference declares
 * "Customer or account not found" there); quote creation declares no 404 in
 * the reference, so an unknown account is a 400 INVALID_INPUT on its field.
 * Nothing is created either way.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';

let client: Client;
let customer: string;
let internal: string;
let external: string;

beforeEach(async () => {
  client = makeSandbox().client();
  customer = (await client.post('/customers', individual())).body.id as string;
  internal = (await client.get(`/customers/internal-accounts?customerId=${customer}&currency=USD`)).body.data[0].id;
  expect((await client.post(`/sandbox/internal-accounts/${internal}/fund`, { amount: 10_000 })).status).toBe(200);
  external = (await client.post('/customers/external-accounts', usdAccount(customer, '000000123'))).body.id;
});

const MISSING_INTERNAL = 'InternalAccount:00000000-0000-0000-0000-000000000000';
const MISSING_EXTERNAL = 'ExternalAccount:00000000-0000-0000-0000-000000000000';

describe('transfers naming an unknown account', () => {
  it.each([
    ['/transfer-out', 'source.accountId', () => ({ source: { accountId: MISSING_INTERNAL }, destination: { accountId: external } }), MISSING_INTERNAL],
    ['/transfer-out', 'destination.accountId', () => ({ source: { accountId: internal }, destination: { accountId: MISSING_EXTERNAL } }), MISSING_EXTERNAL],
    ['/transfer-in', 'source.accountId', () => ({ source: { accountId: MISSING_EXTERNAL }, destination: { accountId: internal } }), MISSING_EXTERNAL],
    ['/transfer-in', 'destination.accountId', () => ({ source: { accountId: external }, destination: { accountId: MISSING_INTERNAL } }), MISSING_INTERNAL],
  ])('%s with an unknown %s: 404 REFERENCE_NOT_FOUND naming it, and no transaction', async (path, field, body, id) => {
    const res = await client.post(path, { ...body(), amount: 100 });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', details: { field, id } });
    // Only the set-up's funding, an incoming payment.
    expect((await client.get('/transactions')).body.data.map((t: any) => t.description)).toEqual(['Internal account funding']);
    expect((await client.get(`/customers/internal-accounts?customerId=${customer}&currency=USD`)).body.data[0].balance.amount).toBe(10_000);
  });
});

describe('quotes naming an unknown account', () => {
  it.each([
    ['source.accountId', () => ({ source: { sourceType: 'ACCOUNT', accountId: MISSING_INTERNAL }, destination: { destinationType: 'ACCOUNT', accountId: external } })],
    ['destination.accountId', () => ({ source: { sourceType: 'ACCOUNT', accountId: internal }, destination: { destinationType: 'ACCOUNT', accountId: MISSING_EXTERNAL } })],
  ])('an unknown %s: 400 INVALID_INPUT on that field, and no quote', async (field, body) => {
    const res = await client.post('/quotes', { ...body(), lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors).toEqual([{ field, message: expect.stringMatching(/^No internal or external account /) }]);
    expect((await client.get('/quotes')).body.data).toEqual([]);
  });
});
