/**
 * Limits that depend on what came before, as sequences of operations over
 * HTTP, each taken at and beyond what is left: idempotent replays of a quote
 * execution, the SMS re-send window counted from the last send, an agent's
 * daily usage summed across currencies (card refunds in two steps: bugs.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { fundedCustomer } from './fixtures.js';
import { scaSandbox } from '../sca/helpers.js';
import { agentWorld, policy } from '../agents/helpers.js';

describe('Idempotency-Key on quote execution', () => {
  it('a replay answers the first result and moves nothing more; another quote under the key is 409; without the key, 409 already executed', async () => {
    const { client, accountId, payee, available } = await fundedCustomer();
    const quote = async () => (await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: payee }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 })).body;
    const first = await quote();
    const second = await quote();
    const key = { 'Idempotency-Key': 'pin-key-1' };
    const executed = await client.post(`/quotes/${first.id}/execute`, {}, key);
    expect(executed.status).toBe(200);
    const after = await available();
    expect(after).toBe(10_000 - first.totalSendingAmount);
    for (let n = 0; n < 2; n++) {
      const replay = await client.post(`/quotes/${first.id}/execute`, {}, key);
      expect([replay.status, replay.body.id, replay.body.transactionId]).toEqual([200, first.id, executed.body.transactionId]);
      expect(await available()).toBe(after);
    }
    const other = await client.post(`/quotes/${second.id}/execute`, {}, key);
    expect([other.status, other.body.code, other.body.details.quoteId]).toEqual([409, 'CONFLICT', first.id]);
    const keyless = await client.post(`/quotes/${first.id}/execute`, {});
    expect(keyless.status).toBe(409);
    expect(await available()).toBe(after);
    // The second quote still runs under a key of its own.
    expect((await client.post(`/quotes/${second.id}/execute`, {}, { 'Idempotency-Key': 'pin-key-2' })).status).toBe(200);
    expect(await available()).toBe(after - second.totalSendingAmount);
  });
});

describe('the SMS re-send window of a quote challenge', () => {
  it('counts from the last send: 29 s after a re-send is 429 (Retry-After 1), 30 s is 204, twice in a row', async () => {
    const box = scaSandbox();
    const customer = await box.euCustomer();
    const beneficiary = await box.eurBeneficiary(customer.id);
    const created = (await box.client.post('/quotes', { source: { sourceType: 'REALTIME_FUNDING', currency: 'EUR', customerId: customer.id }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1000 })).body;
    const resend = () => box.client.post(`/quotes/${created.id}/authorize/resend`);
    for (let round = 0; round < 3; round++) {
      await box.advance(29);
      const early = await resend();
      expect([round, early.status, early.body.code, early.headers.get('retry-after')]).toEqual([round, 429, 'RATE_LIMITED', '1']);
      await box.advance(1);
      expect([round, (await resend()).status]).toEqual([round, 204]);
    }
  });
});

describe('an agent’s daily usage across currencies', () => {
  it('a EUR send counts in USD at the rate of the moment; the USD remainder passes exactly, one cent more is 403', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 1_000_000, dailyLimit: 20_000 } }) });
    const eur = await w.client.post('/customers/external-accounts', {
      customerId: w.alice.id,
      currency: 'EUR',
      accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe', countryOfResidence: 'DE' } },
    });
    expect((await as.post('/agents/me/transfer-out', { source: { accountId: w.alice.eur }, destination: { accountId: eur.body.id }, amount: 5_000 })).body.status).toBe('APPROVED');
    const used = (await w.client.get(`/agents/${agent.id}`)).body.usage.dailySpend as number;
    // 50.00 EUR at 1.08 USD (within 1% drift).
    expect(used).toBeGreaterThanOrEqual(5_346);
    expect(used).toBeLessThanOrEqual(5_454);
    const usd = (amount: number) => as.post('/agents/me/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: w.alice.external['000'] }, amount });
    const over = await usd(20_000 - used + 1);
    expect([over.status, over.body.details?.limit]).toEqual([403, 'dailyLimit']);
    expect((await usd(20_000 - used)).body.status).toBe('APPROVED');
    expect((await w.client.get(`/agents/${agent.id}`)).body.usage.dailySpend).toBe(20_000);
    const beyond = await usd(1);
    expect([beyond.status, beyond.body.details?.limit]).toEqual([403, 'dailyLimit']);
  });
});
