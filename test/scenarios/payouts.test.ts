/** payouts: quotes and transfers from the funded sender to each suffix account give that row's outcome. */
import { describe, expect, it } from 'vitest';
import type { Client } from '../helpers.js';
import { advance, customerByPlatformId, scenarioClient } from './helpers.js';

const FUNDS = 1_000_000;

async function setup() {
  const client = scenarioClient('payouts');
  const sender = await customerByPlatformId(client, 'payouts-sender');
  const internal = await client.get(`/customers/internal-accounts?customerId=${sender.id}&currency=USD`);
  expect(internal.body.data).toHaveLength(1);
  const accountId: string = internal.body.data[0].id;
  const external = await client.get(`/customers/external-accounts?customerId=${sender.id}`);
  const bySuffix = Object.fromEntries(external.body.data.map((a: any) => [a.platformAccountId.slice(-3), a]));
  return { client, accountId, bySuffix, balance: () => balanceOf(client, sender.id) };
}

async function balanceOf(client: Client, customerId: string) {
  const account = (await client.get(`/customers/internal-accounts?customerId=${customerId}&currency=USD`)).body.data[0];
  return { available: account.balance.amount, total: account.totalBalance.amount };
}

const transaction = async (client: Client, id: string) => (await client.get(`/transactions/${id}`)).body;

describe('payouts', () => {
  it('funds the sender with $10,000.00 and holds one MATCHED USD account per suffix', async () => {
    const { bySuffix, balance } = await setup();
    expect(await balance()).toEqual({ available: FUNDS, total: FUNDS });
    expect(Object.keys(bySuffix).sort()).toEqual(['000', '002', '003', '004', '005', '006', '007']);
    for (const [suffix, account] of Object.entries<any>(bySuffix)) {
      expect(account).toMatchObject({ status: 'ACTIVE', currency: 'USD', beneficiaryVerificationStatus: 'MATCHED', accountInfo: { accountType: 'USD_ACCOUNT' } });
      expect(account.accountInfo.accountNumber.endsWith(suffix)).toBe(true);
    }
  });

  describe('quote execution, by the destination suffix', () => {
    // [suffix, status at execution, seconds until final, final status, failureReason, refund status, money lost]
    it.each([
      ['000', 'COMPLETED', 0, 'COMPLETED', undefined, undefined, true],
      ['002', 'FAILED', 0, 'FAILED', 'QUOTE_EXECUTION_FAILED', undefined, false],
      ['003', 'PROCESSING', 360, 'COMPLETED', undefined, undefined, true],
      ['004', 'FAILED', 0, 'FAILED', 'ACCOUNT_CANNOT_RECEIVE', 'COMPLETED', false],
      ['005', 'COMPLETED', 30, 'FAILED', 'PAYOUT_RETURNED', 'COMPLETED', false],
      ['006', 'FAILED', 0, 'FAILED', 'QUOTE_EXECUTION_FAILED', 'COMPLETED', false],
      ['007', 'FAILED', 0, 'FAILED', 'QUOTE_EXECUTION_FAILED', 'FAILED', true],
    ] as const)('%s: %s at execution, %s after %i s', async (suffix, atExecution, seconds, final, failureReason, refund, debited) => {
      const { client, accountId, bySuffix, balance } = await setup();
      const quote = await client.post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId },
        destination: { destinationType: 'ACCOUNT', accountId: bySuffix[suffix].id },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1000,
      });
      expect(quote.status, JSON.stringify(quote.body)).toBe(201);
      const executed = await client.post(`/quotes/${quote.body.id}/execute`, {});
      expect(executed.status).toBe(200);
      expect(executed.body.status).toBe(atExecution);
      if (seconds > 0) {
        await advance(client, seconds - 1);
        expect((await transaction(client, quote.body.transactionId)).status).toBe(atExecution);
        await advance(client, 1);
      }
      const tx = await transaction(client, quote.body.transactionId);
      expect(tx).toMatchObject({ type: 'OUTGOING', status: final });
      expect(tx.failureReason).toBe(failureReason);
      expect(tx.refund?.status).toBe(refund);
      const left = debited ? FUNDS - 1000 : FUNDS;
      expect(await balance()).toEqual({ available: left, total: left });
    });
  });

  describe('transfer-out, by the destination suffix', () => {
    // 006 and 007 only mean something to quote execution: for transfers they are "any other", a success.
    it.each([
      ['000', 'COMPLETED', 0, 'COMPLETED', undefined],
      ['002', 'FAILED', 0, 'FAILED', 'ACCOUNT_CANNOT_RECEIVE'],
      ['003', 'FAILED', 0, 'FAILED', 'ACCOUNT_INVALID'],
      ['004', 'FAILED', 0, 'FAILED', 'ACCOUNT_CANNOT_RECEIVE'],
      ['005', 'PROCESSING', 30, 'FAILED', 'ACCOUNT_CANNOT_RECEIVE'],
      ['006', 'COMPLETED', 0, 'COMPLETED', undefined],
      ['007', 'COMPLETED', 0, 'COMPLETED', undefined],
    ] as const)('%s: %s, then %s after %i s', async (suffix, atOnce, seconds, final, failureReason) => {
      const { client, accountId, bySuffix, balance } = await setup();
      const res = await client.post('/transfer-out', { source: { accountId }, destination: { accountId: bySuffix[suffix].id }, amount: 500 });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ type: 'OUTGOING', status: atOnce });
      if (seconds > 0) {
        expect(await balance()).toEqual({ available: FUNDS - 500, total: FUNDS });
        await advance(client, seconds - 1);
        expect((await transaction(client, res.body.id)).status).toBe(atOnce);
        await advance(client, 1);
      }
      const tx = await transaction(client, res.body.id);
      expect(tx.status).toBe(final);
      expect(tx.failureReason).toBe(failureReason);
      const left = final === 'COMPLETED' ? FUNDS - 500 : FUNDS;
      expect(await balance()).toEqual({ available: left, total: left });
    });
  });

  describe('the sandbox UMA receivers named in the description', () => {
    it.each([
      ['$success.usd@sandbox.uma.local', 'COMPLETED', undefined],
      ['$fail.compliance.usd@sandbox.uma.local', 'FAILED', 'COMPLIANCE_REJECTED'],
    ])('%s: %s', async (address, status, failureReason) => {
      const { client, accountId } = await setup();
      const lookup = await client.get(`/receiver/uma/${encodeURIComponent(address)}`);
      expect(lookup.status).toBe(200);
      const quote = await client.post('/quotes', {
        source: { sourceType: 'ACCOUNT', accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: address },
        lookupId: lookup.body.lookupId,
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1000,
      });
      expect(quote.status, JSON.stringify(quote.body)).toBe(201);
      const executed = await client.post(`/quotes/${quote.body.id}/execute`, {});
      expect(executed.status).toBe(200);
      expect(executed.body.status).toBe(status);
      expect((await transaction(client, quote.body.transactionId)).failureReason).toBe(failureReason);
    });
  });
});
