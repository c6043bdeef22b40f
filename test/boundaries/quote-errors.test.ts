/**
 * What a client reads when a quote is refused: the whole error body (code,
 * reason, details) of each refusal, and the quote list filtered with more
 * matches than its limit.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, refusal, usdAccount, type Client } from '../helpers.js';

/** The fixed service fee of a same-currency USD quote, in cents. */
const FIXED_FEE = 25;

let client: Client;
let customerId: string;
let source: string;
let destination: string;

beforeEach(async () => {
  client = makeSandbox().client();
  const config = await client.patch('/config', {
    supportedCurrencies: [{ currencyCode: 'USD', minAmount: 10, maxAmount: 5_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING', 'INCOMING'] }],
  });
  expect(config.status).toBe(200);
  customerId = (await client.post('/customers', individual())).body.id;
  source = (await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`)).body.data[0].id;
  expect((await client.post(`/sandbox/internal-accounts/${source}/fund`, { amount: 100_000 })).status).toBe(200);
  destination = (await client.post('/customers/external-accounts', usdAccount(customerId, '000000123'))).body.id;
});

const quote = (amount: number, from = source) =>
  client.post('/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: from },
    destination: { destinationType: 'ACCOUNT', accountId: destination },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  });

describe('POST /quotes refusals, body in full', () => {
  it('above the maximum: 400 AMOUNT_OUT_OF_RANGE naming the bounds', async () => {
    const res = await quote(5_001);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(400, 'AMOUNT_OUT_OF_RANGE', 'USD amounts must be between 10 and 5000', { min: 10, max: 5_000 }));
  });

  it('an amount the fee uses up: 400 INVALID_AMOUNT naming the fee (at the fee; one above is a quote)', async () => {
    const res = await quote(FIXED_FEE);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(400, 'INVALID_AMOUNT', `After ${FIXED_FEE} in fees nothing is left to send`, { fees: FIXED_FEE }));
    const above = await quote(FIXED_FEE + 1);
    expect(above.status).toBe(201);
    expect(above.body).toMatchObject({ totalSendingAmount: FIXED_FEE + 1, totalReceivingAmount: 1 });
  });

  it('an amount ending in 666: 400 QUOTE_RATE_UNAVAILABLE naming the corridor and the rule', async () => {
    const res = await quote(1_666);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('QUOTE_RATE_UNAVAILABLE');
    expect(res.body.reason).toBe('No USD to USD rate is available right now');
    expect(res.body.details).toEqual({ rule: expect.stringContaining('QUOTE_RATE_UNAVAILABLE') });
  });
});

describe('POST /quotes/{quoteId}/execute refusals, body in full', () => {
  it('a second execute: 409 CONFLICT naming the transaction; the same Idempotency-Key on the same quote is its first answer', async () => {
    const created = (await quote(1_000)).body;
    const first = await client.post(`/quotes/${created.id}/execute`, {}, { 'Idempotency-Key': 'key-1' });
    expect(first.status).toBe(200);
    const again = await client.post(`/quotes/${created.id}/execute`, {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refusal(409, 'CONFLICT', `Quote ${created.id} was already executed`, { transactionId: first.body.transactionId }));
    const replay = await client.post(`/quotes/${created.id}/execute`, {}, { 'Idempotency-Key': 'key-1' });
    expect(replay.status).toBe(200);
    expect(replay.body.transactionId).toBe(first.body.transactionId);
  });

  it('an Idempotency-Key used on another quote: 409 CONFLICT naming that quote', async () => {
    const first = (await quote(1_000)).body;
    const second = (await quote(1_001)).body;
    expect((await client.post(`/quotes/${first.id}/execute`, {}, { 'Idempotency-Key': 'key-2' })).status).toBe(200);
    const res = await client.post(`/quotes/${second.id}/execute`, {}, { 'Idempotency-Key': 'key-2' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refusal(409, 'CONFLICT', `Idempotency-Key key-2 was already used to execute ${first.id}`, { quoteId: first.id }));
  });

  it('at its expiry: 400 QUOTE_EXPIRED naming when it expired (1 ms before it still executes)', async () => {
    const onTime = (await quote(1_000)).body;
    const late = (await quote(1_002)).body;
    expect(late.expiresAt).toBe(onTime.expiresAt);
    expect((await client.post('/__admin/clock', { to: new Date(Date.parse(onTime.expiresAt) - 1).toISOString() })).status).toBe(200);
    expect((await client.post(`/quotes/${onTime.id}/execute`, {})).status).toBe(200);
    expect((await client.post('/__admin/clock', { to: late.expiresAt })).status).toBe(200);
    const res = await client.post(`/quotes/${late.id}/execute`, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(400, 'QUOTE_EXPIRED', `Quote ${late.id} expired at ${late.expiresAt}; request a new one`, { expiresAt: late.expiresAt }));
  });
});

describe('GET /quotes filtered, with more matches than the limit', () => {
  it('pages through one status and one customer only, limit by limit, newest first', async () => {
    const other = (await client.post('/customers', individual({ fullName: 'Other Person' }))).body.id;
    const otherSource = (await client.get(`/customers/internal-accounts?customerId=${other}&currency=USD`)).body.data[0].id;
    expect((await client.post(`/sandbox/internal-accounts/${otherSource}/fund`, { amount: 10_000 })).status).toBe(200);
    const pending: string[] = [];
    for (let i = 0; i < 5; i++) pending.push((await quote(1_000 + i)).body.id);
    const executed = (await quote(2_000)).body.id;
    expect((await client.post(`/quotes/${executed}/execute`, {})).status).toBe(200);
    const foreign = await quote(1_000, otherSource);
    expect(foreign.status).toBe(201);

    const status = (await client.get(`/quotes/${pending[0]}`)).body.status as string;
    const first = await client.get(`/quotes?status=${status}&customerId=${customerId}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((q: { id: string }) => q.id)).toEqual([pending[4], pending[3]]);
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 5 });
    const second = await client.get(`/quotes?status=${status}&customerId=${customerId}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((q: { id: string }) => q.id)).toEqual([pending[2], pending[1]]);
    const third = await client.get(`/quotes?status=${status}&customerId=${customerId}&limit=2&cursor=${second.body.nextCursor}`);
    expect(third.body.data.map((q: { id: string }) => q.id)).toEqual([pending[0]]);
    expect(third.body).toMatchObject({ hasMore: false, totalCount: 5 });
    expect(third.body).not.toHaveProperty('nextCursor');

    const byCustomer = await client.get(`/quotes?customerId=${customerId}&limit=10`);
    expect(byCustomer.body.data.map((q: { id: string }) => q.id)).toEqual([executed, ...[...pending].reverse()]);
    const all = await client.get('/quotes?limit=2');
    expect(all.body.data.map((q: { id: string }) => q.id)).toEqual([foreign.body.id, executed]);
    expect(all.body.totalCount).toBe(7);
  });
});
