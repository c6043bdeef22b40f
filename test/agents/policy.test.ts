/**
 * The agent's policy, row by row: each spending limit at, below and above
 * its boundary, usage counters across a day and a month boundary of the
 * tenant clock, approval thresholds, execution modes, per-account rules and
 * account restrictions.
 */
import { describe, expect, it } from 'vitest';
import { agentWorld, payoutQuote, policy, type AgentClient, type AgentWorld } from './helpers.js';

function transferOut(w: AgentWorld, as: AgentClient, amount: number, from = w.alice.usd) {
  return as.post('/agents/me/transfer-out', { source: { accountId: from }, destination: { accountId: w.alice.external['000'] }, amount });
}

async function usageOf(w: AgentWorld, agentId: string) {
  return (await w.client.get(`/agents/${agentId}`)).body.usage;
}

function expectLimit(res: { status: number; body: any }, limit: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.code).toBe('VELOCITY_LIMIT_EXCEEDED');
  expect(res.body.details.limit).toBe(limit);
}

describe('spending limits', () => {
  it('perTransactionLimit: at and below pass, one minor unit above is 403 VELOCITY_LIMIT_EXCEEDED and moves nothing', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 10_000 } }) });
    expect((await transferOut(w, as, 9_999)).body.status).toBe('APPROVED');
    expect((await transferOut(w, as, 10_000)).body.status).toBe('APPROVED');
    const above = await transferOut(w, as, 10_001);
    expectLimit(above, 'perTransactionLimit');
    expect(above.body.details).toMatchObject({ limitAmount: 10_000, amount: 10_001, currency: 'USD' });
    expect((await w.balance(w.alice.usd)).available).toBe(1_000_000 - 19_999);
    expect(await usageOf(w, agent.id)).toMatchObject({ dailyTransactionCount: 2, dailySpend: 19_999, monthlySpend: 19_999 });
    // A quote execution is weighed by totalSendingAmount.
    const quote = (await as.post('/agents/me/quotes', payoutQuote(w.alice.usd, w.alice.external['000'], 10_001))).body;
    expectLimit(await as.post(`/agents/me/quotes/${quote.id}/execute`), 'perTransactionLimit');
    expect((await as.get(`/agents/me/quotes/${quote.id}`)).body.status).toBe('PENDING');
  });

  it('dailyTransactionLimit: the n-th action of the day passes, the next is 403 until the tenant clock reaches the next day', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 10_000, dailyTransactionLimit: 2 } }) });
    expect((await transferOut(w, as, 100)).status).toBe(201);
    expect((await transferOut(w, as, 100)).status).toBe(201);
    const third = await transferOut(w, as, 100);
    expectLimit(third, 'dailyTransactionLimit');
    expect(third.body.details).toMatchObject({ limitAmount: 2, used: 2, resetsOn: '2025-03-11' });
    // 23:59:59 is still the same day.
    await w.advance(3_599);
    expectLimit(await transferOut(w, as, 100), 'dailyTransactionLimit');
    await w.advance(1);
    expect(await usageOf(w, agent.id)).toEqual({ dailyTransactionCount: 0, dailySpend: 0, dailyResetDate: '2025-03-12', monthlySpend: 200, monthlyResetMonth: '2025-04' });
    expect((await transferOut(w, as, 100)).status).toBe(201);
    expect(await usageOf(w, agent.id)).toMatchObject({ dailyTransactionCount: 1, dailySpend: 100, monthlySpend: 300 });
  });

  it('dailyLimit: up to the limit passes, past it is 403; the next day starts from zero', async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 10_000, dailyLimit: 15_000 } }) });
    expect((await transferOut(w, as, 10_000)).status).toBe(201);
    const over = await transferOut(w, as, 5_001);
    expectLimit(over, 'dailyLimit');
    expect(over.body.details).toMatchObject({ limitAmount: 15_000, used: 10_000, amount: 5_001 });
    expect((await transferOut(w, as, 5_000)).status).toBe(201);
    expectLimit(await transferOut(w, as, 1), 'dailyLimit');
    await w.advance(3_600);
    expect((await transferOut(w, as, 10_000)).status).toBe(201);
  });

  it('monthlyLimit: counts across days and resets on the 1st of the next month (tenant clock, UTC)', async () => {
    // 2025-03-30 23:00 UTC.
    const w = await agentWorld(Date.UTC(2025, 2, 30, 23));
    const { agent, as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 10_000, dailyLimit: 10_000, monthlyLimit: 12_000 } }) });
    expect((await transferOut(w, as, 8_000)).status).toBe(201);
    await w.advance(3_600); // 2025-03-31: a new day, the same month
    expect(await usageOf(w, agent.id)).toEqual({ dailyTransactionCount: 0, dailySpend: 0, dailyResetDate: '2025-04-01', monthlySpend: 8_000, monthlyResetMonth: '2025-04' });
    const over = await transferOut(w, as, 4_001);
    expectLimit(over, 'monthlyLimit');
    expect(over.body.details).toMatchObject({ limitAmount: 12_000, used: 8_000, resetsIn: '2025-04' });
    expect((await transferOut(w, as, 4_000)).status).toBe(201);
    expectLimit(await transferOut(w, as, 1), 'monthlyLimit');
    await w.advance(86_400); // 2025-04-01
    expect(await usageOf(w, agent.id)).toEqual({ dailyTransactionCount: 0, dailySpend: 0, dailyResetDate: '2025-04-02', monthlySpend: 0, monthlyResetMonth: '2025-05' });
    expect((await transferOut(w, as, 10_000)).status).toBe(201);
  });

  it('weighs other currencies in the limits currency at the rate of the moment', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 10_900 } }) });
    // 100.00 EUR is about 108 USD: within 109.00; 102.00 EUR is about 110 USD: not.
    const eurExternal = await w.client.post('/customers/external-accounts', {
      customerId: w.alice.id,
      currency: 'EUR',
      accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe', countryOfResidence: 'DE' } },
    });
    expect(eurExternal.status, JSON.stringify(eurExternal.body)).toBe(201);
    const send = (amount: number) => as.post('/agents/me/transfer-out', { source: { accountId: w.alice.eur }, destination: { accountId: eurExternal.body.id }, amount });
    expect((await send(10_000)).status).toBe(201);
    expectLimit(await send(10_200), 'perTransactionLimit');
    const usage = await usageOf(w, agent.id);
    expect(usage.dailySpend).toBeGreaterThanOrEqual(10_700);
    expect(usage.dailySpend).toBeLessThanOrEqual(10_900);
  });
});

describe('execution modes and approval thresholds', () => {
  it('AUTO runs at once below and at the threshold; above it the action waits for approval', async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent({ policy: policy({ approvalThresholds: { currency: 'USD', amount: 5_000 } }) });
    expect((await transferOut(w, as, 4_999)).body.status).toBe('APPROVED');
    expect((await transferOut(w, as, 5_000)).body.status).toBe('APPROVED');
    const above = await transferOut(w, as, 5_001);
    expect(above.status).toBe(201);
    expect(above.body).toMatchObject({ status: 'PENDING_APPROVAL', transaction: { status: 'PENDING' } });
  });

  it('APPROVAL_REQUIRED makes every action wait, however small', async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent({ policy: policy({ defaultExecutionMode: 'APPROVAL_REQUIRED' }) });
    expect((await transferOut(w, as, 1)).body.status).toBe('PENDING_APPROVAL');
    const pull = await as.post('/agents/me/transfer-in', { source: { accountId: w.alice.external['000'] }, destination: { accountId: w.alice.usd }, amount: 1 });
    expect(pull.body).toMatchObject({ status: 'PENDING_APPROVAL', transaction: { type: 'INCOMING', status: 'PENDING' } });
  });

  it('a spending limit is checked before approval is asked: an action past a limit is 403 in either mode', async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent({ policy: policy({ defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { currency: 'USD', perTransactionLimit: 100 } }) });
    expectLimit(await transferOut(w, as, 101), 'perTransactionLimit');
    expect((await w.client.get('/agents/approvals')).body.totalCount).toBe(0);
  });

  it('accountRules override the execution mode and the per-transaction limit for their account (in its currency)', async () => {
    const w = await agentWorld();
    const { alice } = w;
    const { as } = await w.connectAgent({
      policy: policy({
        defaultExecutionMode: 'AUTO',
        spendingLimits: { currency: 'USD', perTransactionLimit: 1_000 },
        accountRestrictions: { accountRules: [{ accountId: alice.usd, executionMode: 'APPROVAL_REQUIRED', perTransactionLimit: 50_000 }, { accountId: alice.eur, perTransactionLimit: null }] },
      }),
    });
    // The rule's own limit replaces the default one: 50,000 at, 50,001 above.
    expect((await transferOut(w, as, 50_000)).body.status).toBe('PENDING_APPROVAL');
    const above = await transferOut(w, as, 50_001);
    expectLimit(above, 'perTransactionLimit');
    expect(above.body.details).toMatchObject({ accountId: alice.usd, limitAmount: 50_000 });
    // A null rule limit inherits the spending limits (1,000 USD minor units), and the default mode.
    const eurExternal = (
      await w.client.post('/customers/external-accounts', {
        customerId: alice.id,
        currency: 'EUR',
        accountInfo: { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013000', beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Jane Doe', countryOfResidence: 'DE' } },
      })
    ).body;
    const small = await as.post('/agents/me/transfer-out', { source: { accountId: alice.eur }, destination: { accountId: eurExternal.id }, amount: 800 });
    expect(small.body.status).toBe('APPROVED');
    expectLimit(await as.post('/agents/me/transfer-out', { source: { accountId: alice.eur }, destination: { accountId: eurExternal.id }, amount: 1_000 }), 'perTransactionLimit');
  });

  it('an approval threshold beats an AUTO account rule', async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent({
      policy: policy({ defaultExecutionMode: 'APPROVAL_REQUIRED', approvalThresholds: { currency: 'USD', amount: 1_000 }, accountRestrictions: { accountRules: [{ accountId: w.alice.usd, executionMode: 'AUTO' }] } }),
    });
    expect((await transferOut(w, as, 1_000)).body.status).toBe('APPROVED');
    expect((await transferOut(w, as, 1_001)).body.status).toBe('PENDING_APPROVAL');
  });

  it('allowedAccountIds confines the agent to those internal accounts: any other is 403 FORBIDDEN', async () => {
    const w = await agentWorld();
    const { alice } = w;
    const { as } = await w.connectAgent({ policy: policy({ accountRestrictions: { allowedAccountIds: [alice.usd] } }) });
    expect((await transferOut(w, as, 100)).status).toBe(201);
    const refused = await as.post('/agents/me/quotes', payoutQuote(alice.usd, alice.eur, 100));
    expect(refused.status).toBe(201);
    const execute = await as.post(`/agents/me/quotes/${refused.body.id}/execute`);
    expect(execute.status).toBe(403);
    expect(execute.body).toMatchObject({ code: 'FORBIDDEN', details: { accountId: alice.eur, allowedAccountIds: [alice.usd] } });
    // Lifting the restriction takes effect for the next action.
    await w.client.patch(`/agents/${(await as.get('/agents/me')).body.id}/policy`, { accountRestrictions: { allowedAccountIds: null } });
    expect((await as.post(`/agents/me/quotes/${refused.body.id}/execute`)).body.status).toBe('APPROVED');
  });
});
