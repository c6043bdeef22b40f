/**
 * A quote's amounts at their bounds: the platform's minimum and maximum for the sending currency (at, one below,
 * one above), and a sending amount that the fixed fee uses up (at the fee, one above).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, usdAccount, type Client } from '../helpers.js';

/** The fixed service fee of a same-currency quote, in US cents. */
const FIXED_FEE = 25;

let client: Client;
let source: string;
let destination: string;

beforeEach(async () => {
  client = makeSandbox().client();
  const config = await client.patch('/config', {
    supportedCurrencies: [{ currencyCode: 'USD', minAmount: 100, maxAmount: 5_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING', 'INCOMING'] }],
  });
  expect(config.status).toBe(200);
  const customer = (await client.post('/customers', individual())).body;
  source = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].id;
  expect((await client.post(`/sandbox/internal-accounts/${source}/fund`, { amount: 100_000 })).status).toBe(200);
  const external = await client.post('/customers/external-accounts', usdAccount(customer.id, '000000123'));
  expect(external.status).toBe(201);
  destination = external.body.id;
});

const quote = (amount: number, side: 'SENDING' | 'RECEIVING' = 'SENDING') =>
  client.post('/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: source },
    destination: { destinationType: 'ACCOUNT', accountId: destination },
    lockedCurrencySide: side,
    lockedCurrencyAmount: amount,
  });

describe('POST /quotes amount limits of the sending currency', () => {
  it('accepts the minimum and the maximum, and refuses one below and one above with 400 AMOUNT_OUT_OF_RANGE', async () => {
    for (const amount of [100, 5_000]) {
      const res = await quote(amount);
      expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body).toMatchObject({ totalSendingAmount: amount, totalReceivingAmount: amount - FIXED_FEE, feesIncluded: FIXED_FEE });
    }
    for (const amount of [99, 5_001]) {
      const res = await quote(amount);
      expect(res.status, String(amount)).toBe(400);
      expect(res.body).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', details: { min: 100, max: 5_000 } });
    }
  });

  it('weighs the sending amount, fees included, when the receiving side is locked', async () => {
    // 4,975 received costs 5,000 sent: the maximum. One more cent received is one more sent: over it.
    const atMax = await quote(5_000 - FIXED_FEE, 'RECEIVING');
    expect(atMax.status, JSON.stringify(atMax.body)).toBe(201);
    expect(atMax.body).toMatchObject({ totalSendingAmount: 5_000, totalReceivingAmount: 4_975, feesIncluded: FIXED_FEE });
    const over = await quote(5_000 - FIXED_FEE + 1, 'RECEIVING');
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', details: { min: 100, max: 5_000 } });
    // 75 received costs 100 sent: the minimum. One cent less is under it.
    expect((await quote(100 - FIXED_FEE, 'RECEIVING')).status).toBe(201);
    const under = await quote(100 - FIXED_FEE - 1, 'RECEIVING');
    expect(under.status).toBe(400);
    expect(under.body).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', details: { min: 100, max: 5_000 } });
  });
});

describe('POST /quotes a sending amount the fee uses up', () => {
  beforeEach(async () => {
    const config = await client.patch('/config', {
      supportedCurrencies: [{ currencyCode: 'USD', minAmount: 1, maxAmount: 5_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['OUTGOING', 'INCOMING'] }],
    });
    expect(config.status).toBe(200);
  });

  it('is 400 INVALID_AMOUNT at the fee and below it, and leaves one cent to send one above it', async () => {
    for (const amount of [FIXED_FEE - 1, FIXED_FEE]) {
      const res = await quote(amount);
      expect(res.status, String(amount)).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_AMOUNT', details: { fees: FIXED_FEE } });
    }
    const res = await quote(FIXED_FEE + 1);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ totalSendingAmount: FIXED_FEE + 1, totalReceivingAmount: 1, feesIncluded: FIXED_FEE });
  });
});

describe('a quote at the end of its lifetime (300 s)', () => {
  const advance = async (seconds: number) => expect((await client.post('/__admin/clock/advance', { seconds })).status).toBe(200);

  it('is still PENDING and executes 1 ms before expiresAt', async () => {
    const created = await quote(1_000);
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)).toBe(300_000);
    await advance(299.999);
    expect((await client.get(`/quotes/${created.body.id}`)).body.status).toBe('PENDING');
    const executed = await client.post(`/quotes/${created.body.id}/execute`, {});
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
  });

  it('is EXPIRED at expiresAt (and after), and executing it is 400 QUOTE_EXPIRED', async () => {
    const created = await quote(1_000);
    await advance(300);
    expect((await client.get(`/quotes/${created.body.id}`)).body.status).toBe('EXPIRED');
    const executed = await client.post(`/quotes/${created.body.id}/execute`, {});
    expect(executed.status).toBe(400);
    expect(executed.body.code).toBe('QUOTE_EXPIRED');
  });
});

describe('executing a quote against the balance', () => {
  it('is 400 INSUFFICIENT_FUNDS one cent short (available and required named), and executes with exactly enough', async () => {
    const customer = (await client.post('/customers', individual({ platformCustomerId: 'short' }))).body;
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].id;
    expect((await client.post(`/sandbox/internal-accounts/${account}/fund`, { amount: 999 })).status).toBe(200);
    const external = (await client.post('/customers/external-accounts', usdAccount(customer.id, '000000456'))).body.id;
    const created = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: account },
      destination: { destinationType: 'ACCOUNT', accountId: external },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    });
    expect(created.status).toBe(201);
    const short = await client.post(`/quotes/${created.body.id}/execute`, {});
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { available: 999, required: 1_000 } });
    expect((await client.post(`/sandbox/internal-accounts/${account}/fund`, { amount: 1 })).status).toBe(200);
    const paid = await client.post(`/quotes/${created.body.id}/execute`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const balance = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].balance.amount;
    expect(balance).toBe(0);
  });
});
