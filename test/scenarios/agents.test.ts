/** agents: a connected agent whose known token works at once, and a transfer awaiting the platform's approval. */
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';
import { bearerClient } from '../agents/helpers.js';
import { customerByPlatformId } from './helpers.js';

describe('agents', () => {
  it('seeds agents-owner, its connected agent and a $250.00 transfer-out awaiting approval, with the money held', async () => {
    const sandbox = makeSandbox({ scenario: 'agents' });
    const client = sandbox.client('scenario-tenant', 'secret');
    const owner = await customerByPlatformId(client, 'agents-owner');
    const account = (await client.get(`/customers/internal-accounts?customerId=${owner.id}`)).body.data[0];
    expect({ available: account.balance.amount, total: account.totalBalance.amount }).toEqual({ available: 75_000, total: 100_000 });

    const agents = (await client.get('/agents')).body.data;
    expect(agents).toHaveLength(1);
    expect(agents[0]).toMatchObject({ name: 'Sandbox agent', customerId: owner.id, isConnected: true, isPaused: false });
    const approvals = (await client.get('/agents/approvals')).body.data;
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ agentId: agents[0].id, status: 'PENDING_APPROVAL', type: 'TRANSFER_OUT', transferDetails: { amount: 25_000, currency: 'USD' }, transaction: { status: 'PENDING', agentId: agents[0].id } });
    expect((await client.get('/__admin/events?type=AGENT_ACTION.PENDING_APPROVAL')).body.data).toHaveLength(1);

    // The token the README names: agt_<client id in base64url>.sandbox-agent-token.
    const as = bearerClient(sandbox.app, `agt_${Buffer.from('scenario-tenant').toString('base64url')}.sandbox-agent-token`);
    expect((await as.get('/agents/me')).body.id).toBe(agents[0].id);
    expect((await as.get(`/agents/me/actions/${approvals[0].id}`)).body.status).toBe('PENDING_APPROVAL');
    // Another tenant's scenario agent has another token: this one does not open it.
    const other = sandbox.client('another-tenant', 'secret');
    expect((await other.get('/agents')).body.totalCount).toBe(1);
    expect((await bearerClient(sandbox.app, `agt_${Buffer.from('another-tenant').toString('base64url')}.sandbox-agent-token`).get('/agents/me')).body.customerId).not.toBe(owner.id);

    const approved = await client.post(`/agents/${agents[0].id}/actions/${approvals[0].id}/approve`);
    expect(approved.body).toMatchObject({ status: 'APPROVED', transaction: { status: 'COMPLETED' } });
    expect((await client.get('/agents/approvals')).body.data).toEqual([]);
    expect((await client.get('/__admin/clock')).body.pendingJobs).toEqual([]);
  });
});
