import { beforeEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox, refusal, usdAccount, type Client } from '../helpers.js';
import { EVM_ADDRESS } from '../fixtures/account-samples.js';

let client: Client;
beforeEach(() => {
  client = makeSandbox().client();
});

// ---------------------------------------------------------------- helpers

async function newCustomer(currencies?: string[], overrides: Record<string, unknown> = {}) {
  const res = await client.post('/customers', individual({ ...(currencies ? { currencies } : {}), ...overrides }));
  expect(res.status).toBe(201);
  return res.body as { id: string; umaAddress: string };
}

async function internalAccount(customerId: string, currency = 'USD') {
  const res = await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=${currency}`);
  expect(res.status).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

async function balances(customerId: string, currency = 'USD') {
  const account = await internalAccount(customerId, currency);
  return { available: account.balance.amount as number, total: account.totalBalance.amount as number };
}

async function fund(accountId: string, amount: number) {
  const res = await client.post(`/sandbox/internal-accounts/${accountId}/fund`, { amount });
  expect(res.status).toBe(200);
  return res.body;
}

/** A customer with a USD internal account holding `amount`. */
async function fundedCustomer(amount = 10_000, currencies?: string[]) {
  const customer = await newCustomer(currencies);
  const account = await internalAccount(customer.id);
  await fund(account.id, amount);
  return { customer, customerId: customer.id, accountId: account.id as string };
}

async function externalUsd(customerId: string, accountNumber: string, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/customers/external-accounts', usdAccount(customerId, accountNumber, overrides));
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const accountNumberEndingIn = (suffix: string) => `000000${suffix}`;

function accountQuote(sourceId: string, destinationId: string, amount = 1000, extra: Record<string, unknown> = {}) {
  return client.post('/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: sourceId },
    destination: { destinationType: 'ACCOUNT', accountId: destinationId },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
    ...extra,
  });
}

async function createdQuote(sourceId: string, destinationId: string, amount = 1000, extra: Record<string, unknown> = {}) {
  const res = await accountQuote(sourceId, destinationId, amount, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const execute = (quoteId: string, key?: string) => client.post(`/quotes/${quoteId}/execute`, {}, key ? { 'idempotency-key': key } : undefined);

async function transaction(id: string) {
  const res = await client.get(`/transactions/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function advance(seconds: number) {
  const res = await client.post('/__admin/clock/advance', { seconds });
  expect(res.status).toBe(200);
  return res.body;
}

/** The event types recorded for one transaction, oldest first. */
async function eventTypesFor(transactionId: string): Promise<string[]> {
  const res = await client.get('/__admin/events?limit=100');
  expect(res.status).toBe(200);
  return res.body.data
    .filter((e: any) => e.data?.id === transactionId)
    .map((e: any) => e.type)
    .reverse();
}

const historyOf = (tx: any) => tx.statusHistory.map((h: any) => h.status);
const secondsBetween = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 1000;

async function umaLookup(address: string) {
  return client.get(`/receiver/uma/${encodeURIComponent(address)}`);
}

async function umaQuote(sourceId: string, address: string, amount = 1000) {
  const lookup = await umaLookup(address);
  expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
  const res = await client.post('/quotes', {
    source: { sourceType: 'ACCOUNT', accountId: sourceId },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: address },
    lookupId: lookup.body.lookupId,
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { lookup: lookup.body, quote: res.body };
}

describe('senderCustomerInfo on POST /quotes', () => {
  it('is accepted as the reference declares it (an object): 201, not reported as unknown; a non-object is 400 on the field', async () => {
    const { customerId, accountId } = await fundedCustomer(10_000);
    const external = await externalUsd(customerId, accountNumberEndingIn('000'));
    const res = await accountQuote(accountId, external, 1000, { senderCustomerInfo: { FULL_NAME: 'Jane Doe', BIRTH_DATE: '1990-01-01' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('sandbox-warning')).toBeNull();
    const bad = await accountQuote(accountId, external, 1000, { senderCustomerInfo: 'Jane' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field)).toEqual(['senderCustomerInfo']);
  });
});

describe('POST /quotes/{quoteId}/execute with an optional body', () => {
  async function pendingQuote() {
    const { customerId, accountId } = await fundedCustomer(10_000);
    return createdQuote(accountId, await externalUsd(customerId, accountNumberEndingIn('000')), 1000);
  }

  it.each([
    ['an empty body', ''],
    ['a blank body', ' \r\n '],
  ])('JSON Content-Type with %s is no body: executed (200)', async (_, text) => {
    const quote = await pendingQuote();
    const res = await client.call('POST', `/quotes/${quote.id}/execute`, text, { 'content-type': 'application/json' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ transactionId: quote.transactionId, status: 'COMPLETED' });
  });

  it('one character of JSON that does not parse is still 400 Malformed JSON', async () => {
    const quote = await pendingQuote();
    const res = await client.call('POST', `/quotes/${quote.id}/execute`, '{', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: '(body)', message: 'Not valid JSON' }] } });
    // Nothing ran: the quote still executes.
    expect((await client.call('POST', `/quotes/${quote.id}/execute`)).status).toBe(200);
  });
});

// ---------------------------------------------------------------- A

describe('A. quote execution to a USD external account, by account-number suffix', () => {
  const FUNDS = 10_000;
  async function setup(suffix: string) {
    const { customerId, accountId } = await fundedCustomer(FUNDS);
    const externalId = await externalUsd(customerId, accountNumberEndingIn(suffix));
    const quote = await createdQuote(accountId, externalId, 1000);
    expect(quote).toMatchObject({ status: 'PENDING', totalSendingAmount: 1000, sendingCurrency: { code: 'USD' }, receivingCurrency: { code: 'USD' } });
    expect(quote.totalReceivingAmount).toBe(1000 - quote.feesIncluded);
    const executed = await execute(quote.id);
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    expect(executed.body.transactionId).toBe(quote.transactionId);
    return { customerId, accountId, externalId, quote, executed: executed.body };
  }

  it('other suffix (000): COMPLETED at once, debited 1000', async () => {
    const { customerId, quote, executed } = await setup('000');
    expect(executed.status).toBe('COMPLETED');
    const tx = await transaction(quote.transactionId);
    expect(tx).toMatchObject({ id: quote.transactionId, type: 'OUTGOING', status: 'COMPLETED', sentAmount: { amount: 1000 }, receivedAmount: { amount: quote.totalReceivingAmount } });
    expect(tx.failureReason).toBeUndefined();
    expect(tx.refund).toBeUndefined();
    expect(historyOf(tx)).toEqual(['PENDING', 'PROCESSING', 'COMPLETED']);
    expect(await balances(customerId)).toEqual({ available: FUNDS - 1000, total: FUNDS - 1000 });
    expect(await eventTypesFor(tx.id)).toEqual(['OUTGOING_PAYMENT.PENDING', 'OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED']);
  });

  it('002: FAILED with QUOTE_EXECUTION_FAILED, no refund, money never left', async () => {
    const { customerId, quote, executed } = await setup('002');
    expect(executed.status).toBe('FAILED');
    const tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('FAILED');
    expect(tx.failureReason).toBe('QUOTE_EXECUTION_FAILED');
    expect(tx.refund).toBeUndefined();
    expect(historyOf(tx)).toEqual(['PENDING', 'PROCESSING', 'FAILED']);
    expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
    expect(await eventTypesFor(tx.id)).toEqual(['OUTGOING_PAYMENT.PENDING', 'OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.FAILED']);
  });

  it('003: PROCESSING and held; still PROCESSING after 300 s; COMPLETED after 360 s', async () => {
    const { customerId, quote, executed } = await setup('003');
    expect(executed.status).toBe('PROCESSING');
    let tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('PROCESSING');
    expect(await balances(customerId)).toEqual({ available: FUNDS - 1000, total: FUNDS });

    await advance(300);
    tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('PROCESSING');
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('PROCESSING');
    expect(await balances(customerId)).toEqual({ available: FUNDS - 1000, total: FUNDS });

    const ran = await advance(60);
    expect(ran.ran).toHaveLength(1);
    tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('COMPLETED');
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('COMPLETED');
    expect(historyOf(tx)).toEqual(['PENDING', 'PROCESSING', 'COMPLETED']);
    expect(secondsBetween(tx.statusHistory[0].at, tx.statusHistory[2].at)).toBeGreaterThanOrEqual(360);
    expect(secondsBetween(tx.statusHistory[0].at, tx.statusHistory[2].at)).toBeLessThan(361);
    expect(await balances(customerId)).toEqual({ available: FUNDS - 1000, total: FUNDS - 1000 });
    expect(await eventTypesFor(tx.id)).toEqual(['OUTGOING_PAYMENT.PENDING', 'OUTGOING_PAYMENT.PROCESSING', 'OUTGOING_PAYMENT.COMPLETED']);
  });

  it('004: FAILED, refund COMPLETED (TRANSACTION_FAILED), balance unchanged', async () => {
    const { customerId, quote, executed } = await setup('004');
    expect(executed.status).toBe('FAILED');
    const tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('FAILED');
    expect(tx.refund).toMatchObject({ status: 'COMPLETED', reason: 'TRANSACTION_FAILED' });
    expect(historyOf(tx)).toEqual(['PENDING', 'PROCESSING', 'FAILED']);
    expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
    expect(await eventTypesFor(tx.id)).toEqual([
      'OUTGOING_PAYMENT.PENDING',
      'OUTGOING_PAYMENT.PROCESSING',
      'OUTGOING_PAYMENT.FAILED',
      'OUTGOING_PAYMENT.REFUND_PENDING',
      'OUTGOING_PAYMENT.REFUND_COMPLETED',
    ]);
  });

  it('005: COMPLETED, then after 30 s FAILED with PAYOUT_RETURNED and refunded', async () => {
    const { customerId, quote, executed } = await setup('005');
    expect(executed.status).toBe('COMPLETED');
    let tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('COMPLETED');
    expect(tx.refund).toBeUndefined();
    expect(await balances(customerId)).toEqual({ available: FUNDS - 1000, total: FUNDS - 1000 });

    await advance(29);
    expect((await transaction(quote.transactionId)).status).toBe('COMPLETED');
    await advance(2);
    tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('FAILED');
    expect(tx.failureReason).toBe('PAYOUT_RETURNED');
    expect(tx.refund).toMatchObject({ status: 'COMPLETED' });
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('FAILED');
    expect(historyOf(tx)).toEqual(['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']);
    expect(secondsBetween(tx.statusHistory[2].at, tx.statusHistory[3].at)).toBeGreaterThanOrEqual(30);
    expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
    expect(await eventTypesFor(tx.id)).toEqual([
      'OUTGOING_PAYMENT.PENDING',
      'OUTGOING_PAYMENT.PROCESSING',
      'OUTGOING_PAYMENT.COMPLETED',
      'OUTGOING_PAYMENT.FAILED',
      'OUTGOING_PAYMENT.REFUND_PENDING',
      'OUTGOING_PAYMENT.REFUND_COMPLETED',
    ]);
  });

  it('006: FAILED, refund COMPLETED with reason USER_CANCELLATION', async () => {
    const { customerId, quote, executed } = await setup('006');
    expect(executed.status).toBe('FAILED');
    const tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('FAILED');
    expect(tx.refund).toMatchObject({ status: 'COMPLETED', reason: 'USER_CANCELLATION' });
    expect(historyOf(tx)).toEqual(['PENDING', 'PROCESSING', 'FAILED']);
    expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
    expect(await eventTypesFor(tx.id)).toEqual([
      'OUTGOING_PAYMENT.PENDING',
      'OUTGOING_PAYMENT.PROCESSING',
      'OUTGOING_PAYMENT.FAILED',
      'OUTGOING_PAYMENT.REFUND_PENDING',
      'OUTGOING_PAYMENT.REFUND_COMPLETED',
    ]);
  });

  it('007: FAILED, refund FAILED, the money is lost', async () => {
    const { customerId, quote, executed } = await setup('007');
    expect(executed.status).toBe('FAILED');
    const tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('FAILED');
    expect(tx.refund).toMatchObject({ status: 'FAILED' });
    expect(historyOf(tx)).toEqual(['PENDING', 'PROCESSING', 'FAILED']);
    expect(await balances(customerId)).toEqual({ available: FUNDS - 1000, total: FUNDS - 1000 });
    expect(await eventTypesFor(tx.id)).toEqual([
      'OUTGOING_PAYMENT.PENDING',
      'OUTGOING_PAYMENT.PROCESSING',
      'OUTGOING_PAYMENT.FAILED',
      'OUTGOING_PAYMENT.REFUND_PENDING',
      'OUTGOING_PAYMENT.REFUND_FAILED',
    ]);
  });
});

// ---------------------------------------------------------------- B

describe('B. transfers and pulls, by the external account suffix', () => {
  const FUNDS = 10_000;
  async function setup(suffix: string) {
    const { customerId, accountId } = await fundedCustomer(FUNDS);
    const externalId = await externalUsd(customerId, accountNumberEndingIn(suffix));
    return { customerId, accountId, externalId };
  }
  const transferOut = (accountId: string, externalId: string) => client.post('/transfer-out', { source: { accountId }, destination: { accountId: externalId }, amount: 500 });
  const transferIn = (accountId: string, externalId: string) => client.post('/transfer-in', { source: { accountId: externalId }, destination: { accountId }, amount: 500 });
  const pull = (accountId: string, externalId: string) =>
    client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: externalId },
      destination: { destinationType: 'ACCOUNT', accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 500,
      immediatelyExecute: true,
    });

  describe.each(['002', '003', '004'])('suffix %s fails immediately', (suffix) => {
    it('transfer-out: FAILED, no money moved', async () => {
      const { customerId, accountId, externalId } = await setup(suffix);
      const res = await transferOut(accountId, externalId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: 'OUTGOING', status: 'FAILED' });
      expect((await transaction(res.body.id)).status).toBe('FAILED');
      expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
    });

    it('transfer-in: FAILED, nothing credited', async () => {
      const { customerId, accountId, externalId } = await setup(suffix);
      const res = await transferIn(accountId, externalId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: 'INCOMING', status: 'FAILED' });
      if (suffix === '002') expect(res.body.failureReason).toBe('COLLECTION_FAILED');
      expect((await transaction(res.body.id)).status).toBe('FAILED');
      expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
    });

    it('pull via quote: FAILED, nothing credited', async () => {
      const { customerId, accountId, externalId } = await setup(suffix);
      const res = await pull(accountId, externalId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.status).toBe('FAILED');
      const tx = await transaction(res.body.transactionId);
      expect(tx).toMatchObject({ type: 'INCOMING', status: 'FAILED' });
      expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
    });
  });

  describe('suffix 005: pending about 30 s, then FAILED', () => {
    it('transfer-out: PROCESSING (held) for 29 s, FAILED after 31 s, no money moved', async () => {
      const { customerId, accountId, externalId } = await setup('005');
      const res = await transferOut(accountId, externalId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: 'OUTGOING', status: 'PROCESSING' });
      expect(await balances(customerId)).toEqual({ available: FUNDS - 500, total: FUNDS });
      await advance(29);
      expect((await transaction(res.body.id)).status).toBe('PROCESSING');
      await advance(2);
      const tx = await transaction(res.body.id);
      expect(tx.status).toBe('FAILED');
      expect(historyOf(tx).at(-1)).toBe('FAILED');
      expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
    });

    it('transfer-in: PENDING (500 in totalBalance only) for 29 s, FAILED after 31 s, nothing credited', async () => {
      const { customerId, accountId, externalId } = await setup('005');
      const res = await transferIn(accountId, externalId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: 'INCOMING', status: 'PENDING' });
      expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS + 500 });
      await advance(29);
      expect((await transaction(res.body.id)).status).toBe('PENDING');
      expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS + 500 });
      await advance(2);
      const tx = await transaction(res.body.id);
      expect(tx.status).toBe('FAILED');
      expect(tx.failureReason).toBe('COLLECTION_FAILED');
      expect(historyOf(tx)).toEqual(['PENDING', 'FAILED']);
      expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
      expect(await eventTypesFor(tx.id)).toEqual(['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.FAILED']);
    });

    it('pull via quote: pending for 29 s (in totalBalance only), FAILED after 31 s', async () => {
      const { customerId, accountId, externalId } = await setup('005');
      const res = await pull(accountId, externalId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.status).toBe('PROCESSING');
      const received = res.body.totalReceivingAmount;
      expect((await transaction(res.body.transactionId)).status).toBe('PENDING');
      expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS + received });
      await advance(29);
      expect((await transaction(res.body.transactionId)).status).toBe('PENDING');
      await advance(2);
      expect((await transaction(res.body.transactionId)).status).toBe('FAILED');
      expect((await client.get(`/quotes/${res.body.id}`)).body.status).toBe('FAILED');
      expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
    });
  });

  describe('other suffix: success', () => {
    it('transfer-out debits 500', async () => {
      const { customerId, accountId, externalId } = await setup('000');
      const res = await transferOut(accountId, externalId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: 'OUTGOING', status: 'COMPLETED', sentAmount: { amount: 500 } });
      expect(await balances(customerId)).toEqual({ available: FUNDS - 500, total: FUNDS - 500 });
    });

    it('transfer-in credits 500 at once', async () => {
      const { customerId, accountId, externalId } = await setup('000');
      const res = await transferIn(accountId, externalId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: 'INCOMING', status: 'COMPLETED', receivedAmount: { amount: 500 } });
      expect(await balances(customerId)).toEqual({ available: FUNDS + 500, total: FUNDS + 500 });
    });

    it('pull via quote credits totalReceivingAmount', async () => {
      const { customerId, accountId, externalId } = await setup('000');
      const res = await pull(accountId, externalId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.status).toBe('COMPLETED');
      const tx = await transaction(res.body.transactionId);
      expect(tx).toMatchObject({ type: 'INCOMING', status: 'COMPLETED' });
      const received = res.body.totalReceivingAmount;
      expect(received).toBeGreaterThan(0);
      expect(await balances(customerId)).toEqual({ available: FUNDS + received, total: FUNDS + received });
    });
  });
});

// ---------------------------------------------------------------- C

describe('C. UMA', () => {
  const FUNDS = 10_000;

  it.each([
    ['$success.usd@sandbox.uma.local', 'USD'],
    ['$success.eur@sandbox.uma.local', 'EUR'],
    ['$success.mxn@sandbox.uma.local', 'MXN'],
  ])('%s completes in %s', async (address, currency) => {
    const { customerId, accountId } = await fundedCustomer(FUNDS);
    const lookup = await umaLookup(address);
    expect(lookup.status).toBe(200);
    expect(lookup.body.receiverUmaAddress).toBe(address);
    expect(typeof lookup.body.lookupId).toBe('string');
    expect(lookup.body.supportedCurrencies.map((c: any) => c.currency.code)).toEqual([currency]);
    const { quote } = await umaQuote(accountId, address);
    expect(quote.sendingCurrency.code).toBe('USD');
    expect(quote.receivingCurrency.code).toBe(currency);
    const executed = await execute(quote.id);
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe('COMPLETED');
    const tx = await transaction(quote.transactionId);
    expect(tx).toMatchObject({ type: 'OUTGOING', status: 'COMPLETED', receivedAmount: { amount: quote.totalReceivingAmount } });
    expect(await balances(customerId)).toEqual({ available: FUNDS - quote.totalSendingAmount, total: FUNDS - quote.totalSendingAmount });
  });

  it('$pending.long.usd stays PROCESSING for 23 h and completes at 24 h', async () => {
    const { customerId, accountId } = await fundedCustomer(FUNDS);
    const { quote } = await umaQuote(accountId, '$pending.long.usd@sandbox.uma.local');
    const executed = await execute(quote.id);
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe('PROCESSING');
    expect((await transaction(quote.transactionId)).status).toBe('PROCESSING');
    expect(await balances(customerId)).toEqual({ available: FUNDS - 1000, total: FUNDS });
    await advance(23 * 3600);
    expect((await transaction(quote.transactionId)).status).toBe('PROCESSING');
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('PROCESSING');
    await advance(3600);
    expect((await transaction(quote.transactionId)).status).toBe('COMPLETED');
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('COMPLETED');
    expect(await balances(customerId)).toEqual({ available: FUNDS - 1000, total: FUNDS - 1000 });
  });

  it('$fail.compliance.usd fails with COMPLIANCE_REJECTED and debits nothing', async () => {
    const { customerId, accountId } = await fundedCustomer(FUNDS);
    const { quote } = await umaQuote(accountId, '$fail.compliance.usd@sandbox.uma.local');
    const executed = await execute(quote.id);
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe('FAILED');
    const tx = await transaction(quote.transactionId);
    expect(tx.status).toBe('FAILED');
    expect(tx.failureReason).toBe('COMPLIANCE_REJECTED');
    expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
  });

  it("pays another customer of the tenant at its umaAddress, into that customer's internal account", async () => {
    const { customerId, accountId } = await fundedCustomer(FUNDS);
    const receiver = await newCustomer(undefined, { fullName: 'John Receiver' });
    expect(receiver.umaAddress).toMatch(/^\$.+@.+$/);
    const { quote } = await umaQuote(accountId, receiver.umaAddress);
    expect(quote.receivingCurrency.code).toBe('USD');
    const executed = await execute(quote.id);
    expect(executed.status).toBe(200);
    expect(executed.body.status).toBe('COMPLETED');
    expect(await balances(receiver.id)).toEqual({ available: quote.totalReceivingAmount, total: quote.totalReceivingAmount });
    expect(await balances(customerId)).toEqual({ available: FUNDS - quote.totalSendingAmount, total: FUNDS - quote.totalSendingAmount });
  });

  it('refuses a UMA destination without lookupId (400 INVALID_INPUT on lookupId)', async () => {
    const { customerId, accountId } = await fundedCustomer(FUNDS);
    const res = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.local' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1000,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors.map((e: any) => e.field)).toEqual(['lookupId']);
    expect(await balances(customerId)).toEqual({ available: FUNDS, total: FUNDS });
  });

  it('lookup: a malformed address is 400 INVALID_UMA_ADDRESS, an unknown one elsewhere 400 LOOKUP_REQUEST_FAILED', async () => {
    const malformed = await umaLookup('nobody');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_UMA_ADDRESS');
    const unknown = await umaLookup('$nobody@elsewhere.example');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('LOOKUP_REQUEST_FAILED');
  });

  describe('POST /sandbox/uma/receive', () => {
    const receive = (receiverUmaAddress: string, senderUmaAddress = '$alice@elsewhere.example') =>
      client.post('/sandbox/uma/receive', { senderUmaAddress, receiverUmaAddress, receivingCurrencyCode: 'USD', receivingCurrencyAmount: 700 });

    it("credits the customer's USD internal account", async () => {
      const customer = await newCustomer();
      const internal = await internalAccount(customer.id);
      const res = await receive(customer.umaAddress);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ type: 'INCOMING', status: 'COMPLETED', destination: { accountId: internal.id } });
      expect(await balances(customer.id)).toEqual({ available: 700, total: 700 });
    });

    it('lands in the default UMA deposit external account when there is one', async () => {
      const customer = await newCustomer();
      const externalId = await externalUsd(customer.id, '123456789', { defaultUmaDepositAccount: true });
      const res = await receive(customer.umaAddress);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ type: 'INCOMING', status: 'COMPLETED' });
      expect(res.body.destination.accountId).toBe(externalId);
      expect(await balances(customer.id)).toEqual({ available: 0, total: 0 });
    });

    it('fails for the compliance-failing sender, crediting nothing', async () => {
      const customer = await newCustomer();
      const res = await receive(customer.umaAddress, '$fail.compliance.usd@sandbox.uma.local');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ type: 'INCOMING', status: 'FAILED' });
      expect(await balances(customer.id)).toEqual({ available: 0, total: 0 });
    });

    it('stays PENDING for the long-pending sender (700 in totalBalance only), COMPLETED after 86,400 s', async () => {
      const customer = await newCustomer();
      const res = await receive(customer.umaAddress, '$pending.long.usd@sandbox.uma.local');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ type: 'INCOMING', status: 'PENDING' });
      expect(await balances(customer.id)).toEqual({ available: 0, total: 700 });
      await advance(86_399);
      expect((await transaction(res.body.id)).status).toBe('PENDING');
      await advance(1);
      expect((await transaction(res.body.id)).status).toBe('COMPLETED');
      expect(await balances(customer.id)).toEqual({ available: 700, total: 700 });
    });
  });
});

// ---------------------------------------------------------------- D

describe('D. real-time funding', () => {
  async function realtimeQuote(customerId: string, destinationId: string, amount = 1000) {
    const res = await client.post('/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', customerId },
      destination: { destinationType: 'ACCOUNT', accountId: destinationId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: amount,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Array.isArray(res.body.paymentInstructions)).toBe(true);
    expect(res.body.paymentInstructions.length).toBeGreaterThan(0);
    return res.body;
  }

  it('to an internal account: execute is 409, /sandbox/send completes and credits the receiver; twice is 400 (no 409 on /sandbox/send)', async () => {
    const customer = await newCustomer();
    const internal = await internalAccount(customer.id);
    const quote = await realtimeQuote(customer.id, internal.id);
    const exec = await execute(quote.id);
    expect(exec.status).toBe(409);
    expect(exec.body).toEqual(refusal(409, 'CONFLICT', 'This quote is funded by paying its paymentInstructions; simulate that with POST /sandbox/send', { quoteId: quote.id }));
    expect(await balances(customer.id)).toEqual({ available: 0, total: 0 });

    const sent = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ id: quote.transactionId, status: 'COMPLETED' });
    expect(await balances(customer.id)).toEqual({ available: quote.totalReceivingAmount, total: quote.totalReceivingAmount });

    const again = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'quoteId', message: expect.stringContaining('already paid') }] } });
    expect(await balances(customer.id)).toEqual({ available: quote.totalReceivingAmount, total: quote.totalReceivingAmount });
  });

  it('to an external account: /sandbox/send completes', async () => {
    const customer = await newCustomer();
    const externalId = await externalUsd(customer.id, '123456789');
    const quote = await realtimeQuote(customer.id, externalId);
    const sent = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ id: quote.transactionId, status: 'COMPLETED' });
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('COMPLETED');
  });

  it('a different currencyAmount fails the transaction with FUNDING_AMOUNT_MISMATCH, crediting nothing', async () => {
    const customer = await newCustomer();
    const internal = await internalAccount(customer.id);
    const quote = await realtimeQuote(customer.id, internal.id);
    const sent = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD', currencyAmount: quote.totalSendingAmount - 1 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe('FAILED');
    expect(sent.body.failureReason).toBe('FUNDING_AMOUNT_MISMATCH');
    expect(await balances(customer.id)).toEqual({ available: 0, total: 0 });
  });

  it('a stablecoin needs source.cryptoNetwork (400 without it), and the instructions follow the network', async () => {
    const customer = await newCustomer();
    const internal = await internalAccount(customer.id);
    const request = (source: Record<string, unknown>) =>
      client.post('/quotes', {
        source: { sourceType: 'REALTIME_FUNDING', currency: 'USDC', customerId: customer.id, ...source },
        destination: { destinationType: 'ACCOUNT', accountId: internal.id },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 5_000_000,
      });
    const missing = await request({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'source.cryptoNetwork', message: expect.stringContaining('stablecoin'), constraint: { enum: ['SOLANA', 'ETHEREUM', 'BASE', 'POLYGON', 'TRON', 'PLASMA', 'SPARK'] } }] },
    });
    const unknown = await request({ cryptoNetwork: 'DOGECHAIN' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.errors[0].field).toBe('source.cryptoNetwork');
    expect((await client.get('/quotes')).body.data).toEqual([]);

    const solana = await request({ cryptoNetwork: 'SOLANA' });
    expect(solana.status, JSON.stringify(solana.body)).toBe(201);
    expect(solana.body.source).toMatchObject({ sourceType: 'REALTIME_FUNDING', currency: 'USDC', cryptoNetwork: 'SOLANA' });
    expect(solana.body.paymentInstructions[0].accountOrWalletInfo).toEqual({ accountType: 'SOLANA_WALLET', address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{44}$/), assetType: 'USDC' });
    const base = await request({ cryptoNetwork: 'BASE' });
    expect(base.body.paymentInstructions[0].accountOrWalletInfo).toEqual({ accountType: 'BASE_WALLET', address: expect.stringMatching(/^0x[0-9a-f]{40}$/), assetType: 'USDC' });
    // Fiat needs no network.
    expect((await realtimeQuote(customer.id, internal.id)).source.cryptoNetwork).toBeUndefined();
  });

  it('/sandbox/send refuses an account-funded quote with 400 (no 409 on this operation)', async () => {
    const { customerId, accountId } = await fundedCustomer(10_000);
    const quote = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId },
      destination: { destinationType: 'ACCOUNT', accountId: await externalUsd(customerId, '123456789') },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1000,
    });
    expect(quote.status).toBe(201);
    const sent = await client.post('/sandbox/send', { quoteId: quote.body.id, currencyCode: 'USD' });
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ code: 'INVALID_INPUT', details: { errors: [{ field: 'quoteId', message: expect.stringContaining('funded from an account') }] } });
  });

  it('a wrong currencyCode is 400 INVALID_CURRENCY and the quote can still be paid', async () => {
    const customer = await newCustomer();
    const internal = await internalAccount(customer.id);
    const quote = await realtimeQuote(customer.id, internal.id);
    const wrong = await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CURRENCY');
    expect(await balances(customer.id)).toEqual({ available: 0, total: 0 });
    expect((await client.post('/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' })).status).toBe(200);
  });
});

// ---------------------------------------------------------------- E

describe('E. errors', () => {
  it('INSUFFICIENT_FUNDS: 400, nothing changes', async () => {
    const { customerId, accountId } = await fundedCustomer(500);
    const externalId = await externalUsd(customerId, '123456789');
    const quote = await createdQuote(accountId, externalId, 1000);
    const res = await execute(quote.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balances(customerId)).toEqual({ available: 500, total: 500 });
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('PENDING');
    expect((await client.get(`/transactions?reference=${quote.id}`)).body.totalCount).toBe(0);
    // Nothing was consumed: with enough money the same quote executes.
    await fund(accountId, 500);
    expect((await execute(quote.id)).status).toBe(200);
  });

  it('QUOTE_EXPIRED: EXPIRED after 301 s, execute is 400', async () => {
    const { customerId, accountId } = await fundedCustomer(10_000);
    const externalId = await externalUsd(customerId, '123456789');
    const quote = await createdQuote(accountId, externalId, 1000);
    await advance(301);
    expect((await client.get(`/quotes/${quote.id}`)).body.status).toBe('EXPIRED');
    const res = await execute(quote.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('QUOTE_EXPIRED');
    expect(await balances(customerId)).toEqual({ available: 10_000, total: 10_000 });
  });

  it('TRANSACTION_SIZE_LIMIT_EXCEEDED: 400 above the USD maximum, fine at it', async () => {
    const { customerId, accountId } = await fundedCustomer(10_000);
    const externalId = await externalUsd(customerId, '123456789');
    expect((await client.patch('/config', { singleTransactionMaximums: [{ destinationCurrency: 'USD', maxAmount: 500 }] })).status).toBe(200);
    const big = await createdQuote(accountId, externalId, 1000);
    expect(big.totalReceivingAmount).toBeGreaterThan(500);
    const res = await execute(big.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TRANSACTION_SIZE_LIMIT_EXCEEDED');
    expect(await balances(customerId)).toEqual({ available: 10_000, total: 10_000 });
    const small = await createdQuote(accountId, externalId, 500);
    expect(small.totalReceivingAmount).toBeLessThanOrEqual(500);
    expect((await execute(small.id)).status).toBe(200);
  });

  it('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED: a wallet awaiting ownership verification takes 10 USDC but not 2,000', async () => {
    const currencies = ['USD', 'USDC'].map((currencyCode) => ({
      currencyCode,
      minAmount: 1,
      maxAmount: 100_000_000_000,
      requiredCounterpartyFields: currencyCode === 'USDC' ? [{ name: 'FULL_NAME', mandatory: true }] : [],
      enabledTransactionTypes: ['INCOMING', 'OUTGOING'],
    }));
    const patched = await client.patch('/config', { supportedCurrencies: currencies });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const customer = await newCustomer(['USD', 'USDC']);
    const usdc = await internalAccount(customer.id, 'USDC');
    await fund(usdc.id, 3_000_000_000);
    const wallet = await client.post('/customers/external-accounts', {
      customerId: customer.id,
      currency: 'USDC',
      ownershipType: 'FIRST_PARTY',
      accountInfo: { accountType: 'ETHEREUM_WALLET', address: EVM_ADDRESS },
    });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(201);
    expect(wallet.body.status).toBe('PENDING_OWNERSHIP_VERIFICATION');

    const big = await createdQuote(usdc.id, wallet.body.id, 2_000_000_000);
    const refused = await execute(big.id);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED');
    expect(await balances(customer.id, 'USDC')).toEqual({ available: 3_000_000_000, total: 3_000_000_000 });

    const small = await createdQuote(usdc.id, wallet.body.id, 10_000_000);
    const ok = await execute(small.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('COMPLETED');
    expect(await balances(customer.id, 'USDC')).toEqual({ available: 2_990_000_000, total: 2_990_000_000 });
  });

  it("AMOUNT_OUT_OF_RANGE: 400 above the currency's configured maxAmount", async () => {
    const patched = await client.patch('/config', {
      supportedCurrencies: [{ currencyCode: 'USD', minAmount: 1, maxAmount: 100_000, requiredCounterpartyFields: [], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] }],
    });
    expect(patched.status).toBe(200);
    const { customerId, accountId } = await fundedCustomer(1_000_000);
    const externalId = await externalUsd(customerId, '123456789');
    const res = await accountQuote(accountId, externalId, 100_001);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await accountQuote(accountId, externalId, 100_000)).status).toBe(201);
  });

  it('INVALID_AMOUNT: 1 minor unit is eaten by the fee', async () => {
    const { customerId, accountId } = await fundedCustomer(10_000);
    const externalId = await externalUsd(customerId, '123456789');
    const res = await accountQuote(accountId, externalId, 1);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_AMOUNT');
  });

  it('SELF_PAYMENT: the same internal account on both sides', async () => {
    const { accountId } = await fundedCustomer(10_000);
    const res = await accountQuote(accountId, accountId, 1000);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SELF_PAYMENT');
  });

  it('QUOTE_RATE_UNAVAILABLE: lockedCurrencyAmount 10666', async () => {
    const { customerId, accountId } = await fundedCustomer(100_000);
    const externalId = await externalUsd(customerId, '123456789');
    const res = await accountQuote(accountId, externalId, 10_666);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('QUOTE_RATE_UNAVAILABLE');
    expect((await accountQuote(accountId, externalId, 10_667)).status).toBe(201);
  });

  it('executing twice is 409 CONFLICT and debits once', async () => {
    const { customerId, accountId } = await fundedCustomer(10_000);
    const externalId = await externalUsd(customerId, '123456789');
    const quote = await createdQuote(accountId, externalId, 1000);
    expect((await execute(quote.id)).status).toBe(200);
    const again = await execute(quote.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(await balances(customerId)).toEqual({ available: 9_000, total: 9_000 });
  });

  it('an unknown quote is 404 QUOTE_NOT_FOUND: get, execute and /sandbox/send', async () => {
    const id = 'Quote:00000000-0000-4000-8000-000000000000';
    for (const res of [await execute(id), await client.get(`/quotes/${id}`), await client.post('/sandbox/send', { quoteId: id, currencyCode: 'USD' })]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'QUOTE_NOT_FOUND', details: { resource: 'Quote', id } });
    }
  });
});

// ---------------------------------------------------------------- F

describe('F. idempotency', () => {
  it('10 concurrent executes with one key: one transaction, one debit', async () => {
    const { customerId, accountId } = await fundedCustomer(10_000);
    const externalId = await externalUsd(customerId, '123456789');
    const quote = await createdQuote(accountId, externalId, 1000);
    const results = await Promise.all(Array.from({ length: 10 }, () => execute(quote.id, 'key-1')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.transactionId))).toEqual(new Set([quote.transactionId]));
    const listed = (await client.get(`/transactions?reference=${encodeURIComponent(quote.id)}`)).body;
    expect(listed.totalCount).toBe(1);
    expect(listed.data[0]).toMatchObject({ id: quote.transactionId, type: 'OUTGOING' });
    expect(await balances(customerId)).toEqual({ available: 9_000, total: 9_000 });

    const other = await createdQuote(accountId, externalId, 1000);
    const reused = await execute(other.id, 'key-1');
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('CONFLICT');
    expect(await balances(customerId)).toEqual({ available: 9_000, total: 9_000 });

    const noKey = await execute(quote.id);
    expect(noKey.status).toBe(409);
    expect(noKey.body.code).toBe('CONFLICT');
    expect(await balances(customerId)).toEqual({ available: 9_000, total: 9_000 });
  });
});

// ---------------------------------------------------------------- G

describe('G. cross-currency', () => {
  it('USD -> MXN locking RECEIVING 10000: exact credit, exact debit, consistent rate and fees', async () => {
    const customer = await newCustomer(['USD', 'MXN']);
    const usd = await internalAccount(customer.id, 'USD');
    const mxn = await internalAccount(customer.id, 'MXN');
    await fund(usd.id, 100_000);
    const res = await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: usd.id },
      destination: { destinationType: 'ACCOUNT', accountId: mxn.id },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 10_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const quote = res.body;
    expect(quote).toMatchObject({ sendingCurrency: { code: 'USD' }, receivingCurrency: { code: 'MXN' }, totalReceivingAmount: 10_000 });
    expect(Math.abs(quote.totalSendingAmount - (10_000 * quote.exchangeRate + quote.feesIncluded))).toBeLessThanOrEqual(2);
    const exec = await execute(quote.id);
    expect(exec.status).toBe(200);
    expect(exec.body.status).toBe('COMPLETED');
    expect(await balances(customer.id, 'MXN')).toEqual({ available: 10_000, total: 10_000 });
    expect(await balances(customer.id, 'USD')).toEqual({ available: 100_000 - quote.totalSendingAmount, total: 100_000 - quote.totalSendingAmount });
  });
});
