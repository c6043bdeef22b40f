/**
 * Agents next to the areas they share money and credentials with: Strong
 * Customer Authentication (an agent's action is authorized by its policy and
 * the platform's approval, not by a challenge), End User Terms (required of
 * the agent's customer as of the customer's own sends), and API tokens (the
 * agents' management needs the platform permissions; /agents/me/* only the
 * agent's token).
 */
import { describe, expect, it } from 'vitest';
import { scaSandbox } from '../sca/helpers.js';
import { agentWorld, payoutQuote, policy } from './helpers.js';

describe('an agent of a customer under Strong Customer Authentication', () => {
  /** An EU customer with 1,000.00 EUR and a beneficiary, and its connected agent (every action awaits approval). */
  async function euAgent() {
    const box = scaSandbox();
    const { client } = box;
    const customer = await box.euCustomer();
    const accountId = await box.fundedEurAccount(customer.id);
    const beneficiary = await box.eurBeneficiary(customer.id);
    const created = await client.post('/agents', {
      name: 'EU treasury bot',
      customerId: customer.id,
      policy: policy({ defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { currency: 'EUR', perTransactionLimit: 50_000 } }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const redeemed = await client.post(`/agents/device-codes/${created.body.deviceCode.code}/redeem`, undefined, { authorization: '' });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const bearer = { authorization: `Bearer ${redeemed.body.accessToken}` };
    const as = {
      get: (path: string) => client.call('GET', path, undefined, bearer),
      post: (path: string, body: unknown = {}) => client.post(path, body, bearer),
    };
    const held = async () => {
      const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}&currency=EUR`)).body.data[0];
      return { available: account.balance.amount as number, total: account.totalBalance.amount as number };
    };
    return { box, client, customer, accountId, beneficiary, agentId: created.body.agent.id as string, as, held };
  }

  it("the platform's own send waits for a challenge; the agent's waits for the platform's approval, which runs it without one", async () => {
    const { client, accountId, beneficiary, agentId, as, held } = await euAgent();
    const body = { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 1_000 };

    // The platform's send: PENDING_AUTHORIZATION, nothing held; its transaction is no agent's to decide.
    const platformQuote = (await client.post('/quotes', body)).body;
    const executed = await client.post(`/quotes/${platformQuote.id}/execute`, {});
    expect(executed.body).toMatchObject({ status: 'PENDING_AUTHORIZATION', scaChallenge: { purpose: 'TRANSFER' } });
    expect(await held()).toEqual({ available: 100_000, total: 100_000 });
    const notOwned = await client.post(`/transactions/${platformQuote.transactionId}/approve`);
    expect(notOwned).toMatchObject({ status: 409, body: { code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL' } });
    expect((await client.get(`/transactions/${platformQuote.transactionId}`)).body.status).toBe('PENDING_AUTHORIZATION');

    // The agent's send of the same quote shape: awaiting approval, its money held, no challenge.
    const agentQuote = await as.post('/agents/me/quotes', body);
    expect(agentQuote.status, JSON.stringify(agentQuote.body)).toBe(201);
    expect(agentQuote.body.status).toBe('PENDING');
    const action = await as.post(`/agents/me/quotes/${agentQuote.body.id}/execute`);
    expect(action.status, JSON.stringify(action.body)).toBe(200);
    expect(action.body).toMatchObject({ status: 'PENDING_APPROVAL', type: 'EXECUTE_QUOTE', transaction: { status: 'PENDING', agentId } });
    expect(action.body.quote.scaChallenge).toBeUndefined();
    expect(await held()).toEqual({ available: 100_000 - agentQuote.body.totalSendingAmount, total: 100_000 });

    const approved = await client.post(`/transactions/${agentQuote.body.transactionId}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ id: agentQuote.body.transactionId, status: 'COMPLETED', agentId });
    expect((await client.get(`/quotes/${agentQuote.body.id}`)).body).toMatchObject({ status: 'COMPLETED' });
    expect((await as.get(`/agents/me/actions/${action.body.id}`)).body.status).toBe('APPROVED');
    expect(await held()).toEqual({ available: 100_000 - agentQuote.body.totalSendingAmount, total: 100_000 - agentQuote.body.totalSendingAmount });
    const again = await client.post(`/agents/${agentId}/actions/${action.body.id}/reject`, { reason: 'too late' });
    expect(again).toMatchObject({ status: 409, body: { code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL' } });
    // The platform's own send still waits for its challenge.
    expect((await client.get(`/quotes/${platformQuote.id}`)).body.status).toBe('PENDING_AUTHORIZATION');
  });

  it('the quote an agent keeps stays executable by the platform under SCA, and then it is no longer the agent’s to execute', async () => {
    const { client, accountId, beneficiary, as } = await euAgent();
    const quote = (await as.post('/agents/me/quotes', { source: { sourceType: 'ACCOUNT', accountId }, destination: { destinationType: 'ACCOUNT', accountId: beneficiary }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 2_000 })).body;
    const executed = await client.post(`/quotes/${quote.id}/execute`, {});
    expect(executed.body.status).toBe('PENDING_AUTHORIZATION');
    const late = await as.post(`/agents/me/quotes/${quote.id}/execute`);
    expect(late).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect((await as.get('/agents/me/actions')).body.data).toEqual([]);
  });
});

describe('End User Terms for an agent’s customer', () => {
  it('refuses every money movement of the agent (403 END_USER_TERMS_NOT_ACCEPTED, nothing held or recorded) until the customer consents', async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent();
    // A quote made before the platform started to require consent.
    const early = (await as.post('/agents/me/quotes', payoutQuote(w.alice.usd, w.alice.external['000'], 1_000))).body;
    expect((await w.client.patch('/config', { requireEndUserTermsConsent: true })).status).toBe(200);
    const before = await w.balance(w.alice.usd);

    const refusals = [
      await as.post('/agents/me/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: w.alice.external['000'] }, amount: 1_000 }),
      await as.post('/agents/me/transfer-in', { source: { accountId: w.alice.external['000'] }, destination: { accountId: w.alice.usd }, amount: 1_000 }),
      await as.post('/agents/me/quotes', payoutQuote(w.alice.usd, w.alice.external['000'], 1_000)),
      await as.post(`/agents/me/quotes/${early.id}/execute`),
    ];
    for (const res of refusals) expect(res, JSON.stringify(res.body)).toMatchObject({ status: 403, body: { code: 'END_USER_TERMS_NOT_ACCEPTED', details: { customerId: w.alice.id } } });
    expect(await w.balance(w.alice.usd)).toEqual(before);
    expect((await as.get('/agents/me/actions')).body.data).toEqual([]);
    expect((await w.client.get(`/quotes/${early.id}`)).body.status).toBe('PENDING');

    const consent = { acceptedAt: '2025-03-01T10:00:00.000Z', ipAddress: '198.51.100.7', termsVersion: '2025-01-01', acceptanceMethod: 'CHECKBOX' };
    const terms = (await w.client.get('/customers/end-user-terms')).body;
    const patched = await w.client.patch(`/customers/${w.alice.id}`, { customerType: 'INDIVIDUAL', endUserTermsConsent: { ...consent, termsVersion: terms.version } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const executed = await as.post(`/agents/me/quotes/${early.id}/execute`);
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    expect(executed.body.status).toBe('APPROVED');
  });
});

describe('API tokens and agents', () => {
  it('manage and decide agents with the platform permissions; only an agent token opens /agents/me/*', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: policy({ defaultExecutionMode: 'APPROVAL_REQUIRED' }) });
    const action = (await as.post('/agents/me/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: w.alice.external['000'] }, amount: 1_000 })).body;
    expect(action.status).toBe('PENDING_APPROVAL');
    const token = async (permissions: string[]) => {
      const made = await w.client.post('/tokens', { name: permissions.join('+'), permissions });
      expect(made.status).toBe(201);
      return w.sandbox.client(made.body.clientId, made.body.clientSecret);
    };
    const viewer = await token(['VIEW']);
    const transactor = await token(['TRANSACT']);

    expect((await viewer.get('/agents')).status).toBe(200);
    expect((await viewer.get('/agents/approvals')).body.data.map((a: { id: string }) => a.id)).toEqual([action.id]);
    const forbidden = [
      await viewer.post(`/agents/${agent.id}/actions/${action.id}/approve`),
      await viewer.post(`/transactions/${action.transaction.id}/approve`),
      await transactor.post('/agents', { name: 'Not mine to make', customerId: w.alice.id, policy: policy() }),
      await transactor.patch(`/agents/${agent.id}`, { isPaused: true }),
    ];
    for (const res of forbidden) expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(forbidden.map((r) => r.body.details.requiredPermission)).toEqual(['TRANSACT', 'TRANSACT', 'MANAGE', 'MANAGE']);
    expect((await as.get(`/agents/me/actions/${action.id}`)).body.status).toBe('PENDING_APPROVAL');

    const approved = await transactor.post(`/agents/${agent.id}/actions/${action.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('APPROVED');

    // A platform token on the agent's routes, and the agent's token on the platform's: 401.
    expect((await transactor.get('/agents/me')).status).toBe(401);
    expect((await as.get('/tokens')).status).toBe(401);
    expect((await as.get('/__admin/clock')).status).toBe(401);
  });
});
