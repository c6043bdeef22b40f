/**
 * What a payment records as it moves: its direction, rate and fees from the quote, settledAt when it completes,
 * and a refund's reference, reason and times when a completed payout is returned (suffix 005: 30 s later).
 */
import { describe, expect, it } from 'vitest';
import { individual, makeSandbox, TEST_EPOCH_MS, usdAccount } from '../helpers.js';

describe('a payout returned 30 s after it completed (suffix 005)', () => {
  it('records direction, rate and fees, settledAt at completion, then the refund with its reference, reason and times', async () => {
    const client = makeSandbox().client();
    const customer = (await client.post('/customers', individual())).body;
    const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=USD`)).body.data[0].id;
    expect((await client.post(`/sandbox/internal-accounts/${account}/fund`, { amount: 10_000 })).status).toBe(200);
    const external = (await client.post('/customers/external-accounts', usdAccount(customer.id, '000000005'))).body.id;
    const quote = (await client.post('/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: account },
      destination: { destinationType: 'ACCOUNT', accountId: external },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    })).body;
    expect((await client.post(`/quotes/${quote.id}/execute`, {})).status).toBe(200);
    const at = (seconds: number) => new Date(TEST_EPOCH_MS + seconds * 1000).toISOString();
    const completed = (await client.get(`/transactions/${quote.transactionId}`)).body;
    expect(completed).toMatchObject({ type: 'OUTGOING', direction: 'DEBIT', status: 'COMPLETED', exchangeRate: 1, fees: 25, quoteId: quote.id, settledAt: at(0), updatedAt: at(0) });
    expect(completed.refund).toBeUndefined();

    // Not yet returned one second before its 30 s.
    expect((await client.post('/__admin/clock/advance', { seconds: 29 })).status).toBe(200);
    expect((await client.get(`/transactions/${quote.transactionId}`)).body).toMatchObject({ status: 'COMPLETED', settledAt: at(0) });
    expect((await client.post('/__admin/clock/advance', { seconds: 2 })).status).toBe(200);
    const returned = (await client.get(`/transactions/${quote.transactionId}`)).body;
    const uuid = String(quote.transactionId).slice('Transaction:'.length);
    expect(returned).toMatchObject({ status: 'FAILED', failureReason: 'PAYOUT_RETURNED', direction: 'DEBIT', settledAt: at(0), updatedAt: at(30) });
    // The refund: its own reference (REFUND- and the id's first 8 hex digits, upper case), settled when it completed.
    expect(returned.refund).toEqual({ reference: `REFUND-${uuid.slice(0, 8).toUpperCase()}`, initiatedAt: at(30), status: 'COMPLETED', reason: 'TRANSACTION_FAILED', settledAt: at(30) });
    expect(returned.statusHistory.map((h: { status: string; at: string }) => `${h.status}@${h.at}`)).toEqual([`PENDING@${at(0)}`, `PROCESSING@${at(0)}`, `COMPLETED@${at(0)}`, `FAILED@${at(30)}`]);
  });
});
