/**
 * Actions that need approval: the webhook, the PENDING transaction with its
 * money reserved, the platform's decision through the action or through
 * its transaction (the same decision either way, once), expired quotes,
 * and GET /agents/approvals.
 */
import { describe, expect, it } from 'vitest';
import { agentWorld, payoutQuote, policy, type AgentClient, type AgentWorld } from './helpers.js';

const APPROVAL = policy({ defaultExecutionMode: 'APPROVAL_REQUIRED' });

function transferOut(w: AgentWorld, as: AgentClient, amount: number, suffix: '000' | '002' | '005' = '000') {
  return as.post('/agents/me/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: w.alice.external[suffix] }, amount });
}

describe('an action awaiting approval', () => {
  it('fires AGENT_ACTION.PENDING_APPROVAL with the action, and its transaction is PENDING with the money held', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: APPROVAL });
    const res = await transferOut(w, as, 12_000);
    expect(res.status).toBe(201);
    const action = res.body;
    expect(action).toMatchObject({ status: 'PENDING_APPROVAL', type: 'TRANSFER_OUT', agentId: agent.id, transaction: { status: 'PENDING', agentId: agent.id, statusHistory: [{ status: 'PENDING' }] } });
    expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000 - 12_000, total: 1_000_000 });

    const events = (await w.client.get('/__admin/events?type=AGENT_ACTION.PENDING_APPROVAL')).body.data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'AGENT_ACTION.PENDING_APPROVAL', id: expect.stringMatching(/^Webhook:/), data: { id: action.id, status: 'PENDING_APPROVAL', transferDetails: action.transferDetails } });
    expect((await w.client.get(`/transactions/${action.transaction.id}`)).body).toMatchObject({ status: 'PENDING', agentId: agent.id });
    // Nothing moves on its own while it waits.
    await w.advance(3_600);
    expect((await as.get(`/agents/me/actions/${action.id}`)).body.status).toBe('PENDING_APPROVAL');
    // Not yet counted against the limits.
    expect((await w.client.get(`/agents/${agent.id}`)).body.usage).toMatchObject({ dailyTransactionCount: 0, dailySpend: 0 });
  });

  for (const path of ['action', 'transaction'] as const) {
    it(`approved through its ${path}: APPROVED, the transaction runs by its rules, usage counted; a second decision on either path is 409`, async () => {
      const w = await agentWorld();
      const { agent, as } = await w.connectAgent({ policy: APPROVAL });
      const action = (await transferOut(w, as, 12_000)).body;
      const approve = path === 'action' ? `/agents/${agent.id}/actions/${action.id}/approve` : `/transactions/${action.transaction.id}/approve`;
      const res = await w.client.post(approve);
      expect(res.status).toBe(200);
      if (path === 'action') expect(res.body).toMatchObject({ id: action.id, status: 'APPROVED', transaction: { id: action.transaction.id, status: 'COMPLETED' } });
      else expect(res.body).toMatchObject({ id: action.transaction.id, status: 'COMPLETED', agentId: agent.id });
      expect((await as.get(`/agents/me/actions/${action.id}`)).body).toMatchObject({ status: 'APPROVED', transaction: { status: 'COMPLETED' } });
      expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000 - 12_000, total: 1_000_000 - 12_000 });
      expect((await w.client.get(`/agents/${agent.id}`)).body.usage).toMatchObject({ dailyTransactionCount: 1, dailySpend: 12_000 });

      for (const again of [
        `/agents/${agent.id}/actions/${action.id}/approve`,
        `/agents/${agent.id}/actions/${action.id}/reject`,
        `/transactions/${action.transaction.id}/approve`,
        `/transactions/${action.transaction.id}/reject`,
      ]) {
        const second = await w.client.post(again);
        expect(second.status, again).toBe(409);
        expect(second.body).toMatchObject({ code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', details: { status: 'APPROVED' } });
      }
      expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000 - 12_000, total: 1_000_000 - 12_000 });
    });

    it(`rejected through its ${path}: REJECTED with the reason, the payout FAILED (the reference's end for an outgoing payment that did not happen), the money released`, async () => {
      const w = await agentWorld();
      const { agent, as } = await w.connectAgent({ policy: APPROVAL });
      const action = (await transferOut(w, as, 12_000)).body;
      const reject = path === 'action' ? `/agents/${agent.id}/actions/${action.id}/reject` : `/transactions/${action.transaction.id}/reject`;
      const res = await w.client.post(reject, { reason: 'Too much for a Tuesday' });
      expect(res.status).toBe(200);
      const shown = (await as.get(`/agents/me/actions/${action.id}`)).body;
      expect(shown).toMatchObject({ status: 'REJECTED', rejectionReason: 'Too much for a Tuesday', transaction: { status: 'FAILED', failureMessage: 'Rejected by the platform: Too much for a Tuesday' } });
      expect(shown.transaction.failureReason).toBeUndefined();
      expect((await w.client.get('/__admin/events?type=OUTGOING_PAYMENT.FAILED')).body.data.map((e: any) => e.data.id)).toEqual([action.transaction.id]);
      expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000, total: 1_000_000 });
      expect((await w.client.get(`/agents/${agent.id}`)).body.usage.dailyTransactionCount).toBe(0);
      const other = path === 'action' ? `/transactions/${action.transaction.id}/approve` : `/agents/${agent.id}/actions/${action.id}/approve`;
      expect((await w.client.post(other)).status).toBe(409);
    });
  }

  it('rejects without a body or reason; a pull waiting for approval is held as a pending credit and released', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: APPROVAL });
    const pull = (await as.post('/agents/me/transfer-in', { source: { accountId: w.alice.external['000'] }, destination: { accountId: w.alice.usd }, amount: 5_000 })).body;
    expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000, total: 1_005_000 });
    const res = await w.client.call('POST', `/agents/${agent.id}/actions/${pull.id}/reject`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'REJECTED', transaction: { type: 'INCOMING', status: 'REJECTED', failureMessage: 'Rejected by the platform' } });
    expect(res.body.rejectionReason).toBeUndefined();
    expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000, total: 1_000_000 });
  });

  it('runs by the destination’s rules from the moment it is approved (005: fails 30 s after the approval)', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: APPROVAL });
    const action = (await transferOut(w, as, 1_000, '005')).body;
    await w.advance(120);
    expect((await w.client.post(`/agents/${agent.id}/actions/${action.id}/approve`)).body.transaction.status).toBe('PROCESSING');
    await w.advance(29);
    expect((await as.get(`/agents/me/transactions/${action.transaction.id}`)).body.status).toBe('PROCESSING');
    await w.advance(1);
    expect((await as.get(`/agents/me/transactions/${action.transaction.id}`)).body.status).toBe('FAILED');
    expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000, total: 1_000_000 });
  });

  it('an unknown action or one of another agent is 404; a transaction nothing waits on is 409; an unknown one 404', async () => {
    const w = await agentWorld();
    const first = await w.connectAgent({ policy: APPROVAL });
    const second = await w.connectAgent({ policy: APPROVAL });
    const action = (await transferOut(w, first.as, 100)).body;
    const wrongAgent = await w.client.post(`/agents/${second.agent.id}/actions/${action.id}/approve`);
    expect(wrongAgent.status).toBe(404);
    expect(wrongAgent.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', details: { resource: 'AgentAction' } });
    expect((await w.client.post(`/agents/Agent:nope/actions/${action.id}/approve`)).body.details.resource).toBe('Agent');
    expect((await w.client.post(`/agents/${first.agent.id}/actions/AgentAction:nope/reject`)).status).toBe(404);
    const platform = (await w.client.post('/transfer-out', { source: { accountId: w.alice.usd }, destination: { accountId: w.alice.external['000'] }, amount: 1 })).body;
    const notPending = await w.client.post(`/transactions/${platform.id}/approve`);
    expect(notPending.status).toBe(409);
    expect(notPending.body).toMatchObject({ code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', details: { status: 'COMPLETED' } });
    expect((await w.client.post(`/transactions/${platform.id}/reject`, { reason: 'no' })).status).toBe(409);
    const unknown = await w.client.post('/transactions/Transaction:nope/approve');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('TRANSACTION_NOT_FOUND');
    expect((await w.client.get(`/agents/${first.agent.id}`)).body.isConnected).toBe(true);
    expect((await first.as.get(`/agents/me/actions/${action.id}`)).body.status).toBe('PENDING_APPROVAL');
  });

  it('deleting the agent rejects what it left awaiting approval and releases the money', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: APPROVAL });
    const action = (await transferOut(w, as, 7_000)).body;
    expect((await w.client.delete(`/agents/${agent.id}`)).status).toBe(204);
    expect((await w.client.get(`/transactions/${action.transaction.id}`)).body).toMatchObject({ status: 'FAILED', failureMessage: 'Rejected by the platform: The agent was deleted' });
    expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000, total: 1_000_000 });
    expect((await w.client.get('/agents/approvals')).body.totalCount).toBe(0);
    expect((await w.client.post(`/transactions/${action.transaction.id}/approve`)).status).toBe(409);
  });
});

describe('quote executions awaiting approval', () => {
  it('hold the quote (the platform cannot execute it meanwhile); approved within its lifetime, 1 ms before expiresAt, it completes', async () => {
    const w = await agentWorld();
    const { agent, as } = await w.connectAgent({ policy: APPROVAL });
    const quote = (await as.post('/agents/me/quotes', payoutQuote(w.alice.usd, w.alice.external['000'], 4_000))).body;
    const action = (await as.post(`/agents/me/quotes/${quote.id}/execute`)).body;
    expect(action).toMatchObject({ type: 'EXECUTE_QUOTE', status: 'PENDING_APPROVAL', quote: { id: quote.id }, transaction: { id: quote.transactionId, status: 'PENDING', quoteId: quote.id } });
    const platform = await w.client.post(`/quotes/${quote.id}/execute`);
    expect(platform.status).toBe(409);
    expect((await as.post(`/agents/me/quotes/${quote.id}/execute`)).status).toBe(409);
    await w.advance(299.999); // the quote expires at createdAt + 300 s: 1 ms before, still good
    const approved = await w.client.post(`/agents/${agent.id}/actions/${action.id}/approve`);
    expect(approved.body).toMatchObject({ status: 'APPROVED', quote: { status: 'COMPLETED' }, transaction: { status: 'COMPLETED' } });
  });

  for (const path of ['action', 'transaction'] as const) {
    it(`approved after the quote expired (through its ${path}): FAILED with QUOTE_EXPIRED, the money released, nothing counted`, async () => {
      const w = await agentWorld();
      const { agent, as } = await w.connectAgent({ policy: APPROVAL });
      const quote = (await as.post('/agents/me/quotes', payoutQuote(w.alice.usd, w.alice.external['000'], 4_000))).body;
      const action = (await as.post(`/agents/me/quotes/${quote.id}/execute`)).body;
      expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000 - 4_000, total: 1_000_000 });
      await w.advance(300); // at expiresAt: expired
      const res = await w.client.post(path === 'action' ? `/agents/${agent.id}/actions/${action.id}/approve` : `/transactions/${quote.transactionId}/approve`);
      expect(res.status).toBe(200);
      const shown = (await as.get(`/agents/me/actions/${action.id}`)).body;
      expect(shown).toMatchObject({ status: 'FAILED', quote: { status: 'FAILED' }, transaction: { status: 'FAILED', failureReason: 'QUOTE_EXPIRED' } });
      expect(await w.balance(w.alice.usd)).toEqual({ available: 1_000_000, total: 1_000_000 });
      expect((await w.client.get(`/agents/${agent.id}`)).body.usage.dailyTransactionCount).toBe(0);
      expect((await w.client.post(`/agents/${agent.id}/actions/${action.id}/reject`)).status).toBe(409);
      const failedEvents = (await w.client.get('/__admin/events?type=OUTGOING_PAYMENT.FAILED')).body.data;
      expect(failedEvents.map((e: any) => e.data.id)).toEqual([quote.transactionId]);
    });
  }

  it('an expired quote cannot be submitted at all: 400 QUOTE_EXPIRED', async () => {
    const w = await agentWorld();
    const { as } = await w.connectAgent({ policy: APPROVAL });
    const quote = (await as.post('/agents/me/quotes', payoutQuote(w.alice.usd, w.alice.external['000'], 4_000))).body;
    await w.advance(301);
    const res = await as.post(`/agents/me/quotes/${quote.id}/execute`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('QUOTE_EXPIRED');
  });
});

describe('GET /agents/approvals', () => {
  it('lists the PENDING_APPROVAL actions with the agentId, customerId, startDate, endDate and sortOrder filters, paginated', async () => {
    const w = await agentWorld();
    const { client, alice, bob } = w;
    const one = await w.connectAgent({ policy: APPROVAL });
    const two = await w.connectAgent({ policy: APPROVAL });
    const bobs = await w.connectAgent({ policy: APPROVAL }, bob.id);
    const submitted: any[] = [];
    for (const [who, from, to] of [
      [one, alice.usd, alice.external['000']],
      [two, alice.usd, alice.external['000']],
      [one, alice.usd, alice.external['000']],
      [bobs, bob.usd, bob.external['000']],
      [one, alice.usd, alice.external['000']],
    ] as const) {
      submitted.push((await who.as.post('/agents/me/transfer-out', { source: { accountId: from }, destination: { accountId: to }, amount: 100 })).body);
      await w.advance(60);
    }
    // A decided action leaves the list.
    await client.post(`/agents/${one.agent.id}/actions/${submitted[4].id}/approve`);
    const ids = async (query: string) => {
      const res = await client.get(`/agents/approvals?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.data.every((a: any) => a.status === 'PENDING_APPROVAL')).toBe(true);
      return res.body.data.map((a: any) => a.id);
    };
    const [a0, a1, a2, a3] = submitted.map((a) => a.id);
    expect(await ids('')).toEqual([a3, a2, a1, a0]);
    expect(await ids('sortOrder=asc')).toEqual([a0, a1, a2, a3]);
    expect(await ids(`agentId=${one.agent.id}`)).toEqual([a2, a0]);
    expect(await ids(`customerId=${alice.id}`)).toEqual([a2, a1, a0]);
    expect(await ids(`customerId=${bob.id}`)).toEqual([a3]);
    expect(await ids(`startDate=${submitted[1].createdAt}&endDate=${submitted[2].createdAt}`)).toEqual([a2, a1]);
    expect(await ids(`agentId=${one.agent.id}&startDate=${submitted[1].createdAt}`)).toEqual([a2]);

    for (const order of ['desc', 'asc']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = (await client.get(`/agents/approvals?limit=3&sortOrder=${order}${cursor ? `&cursor=${cursor}` : ''}`)).body;
        expect(page.totalCount).toBe(4);
        seen.push(...page.data.map((a: any) => a.id));
        cursor = page.nextCursor;
        expect(page.hasMore).toBe(cursor !== undefined);
      } while (cursor);
      expect(seen).toEqual(order === 'desc' ? [a3, a2, a1, a0] : [a0, a1, a2, a3]);
    }
    const first = (await client.get('/agents/approvals?limit=3')).body;
    expect((await client.get(`/agents/approvals?sortOrder=asc&cursor=${first.nextCursor}`)).status).toBe(400);
    for (const bad of ['sortOrder=up', 'startDate=soon', 'limit=500']) expect((await client.get(`/agents/approvals?${bad}`)).status, bad).toBe(400);
    // The agent sees its own actions with a status filter.
    expect((await one.as.get('/agents/me/actions?status=PENDING_APPROVAL')).body.data.map((a: any) => a.id)).toEqual([a2, a0]);
    expect((await one.as.get('/agents/me/actions?status=APPROVED')).body.data.map((a: any) => a.id)).toEqual([submitted[4].id]);
    const paged = (await one.as.get('/agents/me/actions?limit=2')).body;
    expect(paged).toMatchObject({ hasMore: true, totalCount: 3 });
    expect((await one.as.get(`/agents/me/actions?limit=2&cursor=${paged.nextCursor}`)).body.data.map((a: any) => a.id)).toEqual([a0]);
  });
});
