/** Agent Management with the platform's credentials: create, list, get, update, delete, policy, device codes. */
import { describe, expect, it } from 'vitest';
import { agentWorld, bearerClient, policy, START } from './helpers.js';

describe('POST /agents', () => {
  it('creates an unconnected agent with its policy, zero usage and a device code valid for 24 hours of sandbox time', async () => {
    const { client, alice } = await agentWorld();
    const res = await client.post('/agents', { name: 'Payroll bot', customerId: alice.id, policy: policy({ approvalThresholds: { currency: 'USD', amount: 5_000 } }) });
    expect(res.status).toBe(201);
    const { agent, deviceCode } = res.body;
    expect(agent).toEqual({
      id: expect.stringMatching(/^Agent:/),
      name: 'Payroll bot',
      customerId: alice.id,
      isPaused: false,
      isConnected: false,
      policy: { ...policy(), approvalThresholds: { currency: 'USD', amount: 5_000 } },
      usage: { dailyTransactionCount: 0, dailySpend: 0, dailyResetDate: '2025-03-11', monthlySpend: 0, monthlyResetMonth: '2025-04' },
      createdAt: new Date(START).toISOString(),
      updatedAt: new Date(START).toISOString(),
    });
    expect(deviceCode).toEqual({ code: expect.stringMatching(/^AGENT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/), agentId: agent.id, expiresAt: new Date(START + 86_400_000).toISOString(), redeemed: false });
    expect((await client.get(`/agents/${agent.id}`)).body).toEqual(agent);
  });

  it('answers bad input with 400 INVALID_INPUT naming each field', async () => {
    const { client, alice, bob } = await agentWorld();
    const missing = await client.post('/agents', { customerId: alice.id });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('INVALID_INPUT');
    expect(missing.body.details.errors.map((e: any) => e.field).sort()).toEqual(['name', 'policy']);

    const unknownCustomer = await client.post('/agents', { name: 'x', customerId: 'Customer:nope', policy: policy() });
    expect(unknownCustomer.status).toBe(400);
    expect(unknownCustomer.body.details.errors).toEqual([{ field: 'customerId', message: 'Customer Customer:nope not found' }]);

    const badPolicy = await client.post('/agents', {
      name: 'x',
      customerId: alice.id,
      policy: policy({
        permissions: ['VIEW_TRANSACTIONS', 'FLY'],
        defaultExecutionMode: 'SOMETIMES',
        spendingLimits: { currency: 'USD', perTransactionLimit: -1 },
        approvalThresholds: { amount: 100 },
      }),
    });
    expect(badPolicy.status).toBe(400);
    expect(badPolicy.body.details.errors.map((e: any) => e.field).sort()).toEqual([
      'policy.approvalThresholds.currency',
      'policy.defaultExecutionMode',
      'policy.permissions.1',
      'policy.spendingLimits.perTransactionLimit',
    ]);

    // Accounts in the policy must be the customer's internal accounts; currencies need a rate.
    const foreign = await client.post('/agents', {
      name: 'x',
      customerId: alice.id,
      policy: policy({
        spendingLimits: { currency: 'XYZ', perTransactionLimit: 1 },
        accountRestrictions: { allowedAccountIds: [alice.usd, bob.usd], accountRules: [{ accountId: alice.external['000'] }, { accountId: alice.eur }, { accountId: alice.eur }] },
      }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.errors.map((e: any) => e.field)).toEqual([
      'policy.spendingLimits.currency',
      'policy.accountRestrictions.allowedAccountIds.1',
      'policy.accountRestrictions.accountRules.0.accountId',
      'policy.accountRestrictions.accountRules.2.accountId',
    ]);
    expect((await client.get('/agents')).body.totalCount).toBe(0);
  });

  it('refuses a deleted customer as a field error', async () => {
    const { client, alice } = await agentWorld();
    expect((await client.delete(`/customers/${alice.id}`)).status).toBe(200);
    const res = await client.post('/agents', { name: 'x', customerId: alice.id, policy: policy() });
    expect(res.status).toBe(400);
    expect(res.body.details.errors[0].field).toBe('customerId');
  });
});

describe('GET /agents', () => {
  it('filters by customer, paused, connected and creation/update time, newest first, with cursors over more matches than the limit', async () => {
    const { client, alice, bob, createAgent, connectAgent, advance } = await agentWorld();
    const made: any[] = [];
    for (let i = 0; i < 3; i++) {
      made.push((await createAgent({ name: `a${i}` })).agent);
      await advance(60);
    }
    const connected = (await connectAgent({ name: 'connected' })).agent;
    await advance(60);
    const other = (await createAgent({ name: 'bob-agent' }, bob.id)).agent;
    expect((await client.patch(`/agents/${made[0].id}`, { isPaused: true })).status).toBe(200);

    const names = async (query: string) => {
      const res = await client.get(`/agents?${query}`);
      expect(res.status, query).toBe(200);
      return res.body.data.map((a: any) => a.name);
    };
    expect(await names('')).toEqual(['bob-agent', 'connected', 'a2', 'a1', 'a0']);
    expect(await names(`customerId=${bob.id}`)).toEqual(['bob-agent']);
    expect(await names('isPaused=true')).toEqual(['a0']);
    expect(await names(`isPaused=false&customerId=${alice.id}`)).toEqual(['connected', 'a2', 'a1']);
    expect(await names('isConnected=true')).toEqual(['connected']);
    expect(await names('isConnected=false')).toEqual(['bob-agent', 'a2', 'a1', 'a0']);
    // Inclusive bounds.
    expect(await names(`createdAfter=${made[1].createdAt}&createdBefore=${connected.createdAt}`)).toEqual(['connected', 'a2', 'a1']);
    expect(await names(`updatedAfter=${other.createdAt}`)).toEqual(['bob-agent', 'a0']);
    expect(await names(`updatedBefore=${made[2].updatedAt}`)).toEqual(['a2', 'a1']);

    const first = await client.get(`/agents?customerId=${alice.id}&limit=2`);
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 4, nextCursor: expect.any(String) });
    expect(first.body.data.map((a: any) => a.name)).toEqual(['connected', 'a2']);
    const second = await client.get(`/agents?customerId=${alice.id}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((a: any) => a.name)).toEqual(['a1', 'a0']);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.nextCursor).toBeUndefined();

    for (const bad of ['isPaused=yes', 'limit=0', 'limit=101', 'createdAfter=yesterday', 'cursor=nonsense']) {
      const res = await client.get(`/agents?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('INVALID_INPUT');
    }
  });
});

describe('GET, PATCH, DELETE /agents/{agentId}', () => {
  it('renames, pauses and resumes; an empty patch is 400; an unknown agent is 404 REFERENCE_NOT_FOUND', async () => {
    const { client, createAgent, advance } = await agentWorld();
    const { agent } = await createAgent();
    await advance(5);
    const renamed = await client.patch(`/agents/${agent.id}`, { name: 'Renamed', isPaused: true });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', isPaused: true, updatedAt: new Date(START + 5_000).toISOString(), createdAt: agent.createdAt });
    expect((await client.patch(`/agents/${agent.id}`, { isPaused: false })).body).toMatchObject({ name: 'Renamed', isPaused: false });
    const empty = await client.patch(`/agents/${agent.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.details.errors[0].field).toBe('name');
    for (const [method, path] of [
      ['GET', '/agents/Agent:nope'],
      ['PATCH', '/agents/Agent:nope'],
      ['DELETE', '/agents/Agent:nope'],
      ['PATCH', '/agents/Agent:nope/policy'],
      ['POST', '/agents/Agent:nope/device-codes'],
    ] as const) {
      const res = await client.call(method, path, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', details: { resource: 'Agent', id: 'Agent:nope' } });
    }
  });

  it('deletes with 204; the access token is refused at once, the device codes go, a second delete is 404', async () => {
    const { client, connectAgent, createAgent } = await agentWorld();
    const { agent, as } = await connectAgent();
    expect((await as.get('/agents/me')).status).toBe(200);
    const unredeemed = await createAgent();
    expect((await client.delete(`/agents/${agent.id}`)).status).toBe(204);
    const after = await as.get('/agents/me');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    expect((await client.get(`/agents/${agent.id}`)).status).toBe(404);
    expect((await client.delete(`/agents/${agent.id}`)).status).toBe(404);
    expect((await client.delete(`/agents/${unredeemed.agent.id}`)).status).toBe(204);
    expect((await client.get(`/agents/device-codes/${unredeemed.deviceCode.code}/status`)).status).toBe(404);
  });
});

describe('PATCH /agents/{agentId}/policy', () => {
  it('updates only the members given: permissions replace, limits member by member, null removes a limit', async () => {
    const { client, createAgent } = await agentWorld();
    const { agent } = await createAgent({
      policy: policy({
        spendingLimits: { currency: 'USD', perTransactionLimit: 1_000, dailyLimit: 5_000, dailyTransactionLimit: 3, monthlyLimit: 50_000 },
        approvalThresholds: { currency: 'USD', amount: 500 },
      }),
    });
    const res = await client.patch(`/agents/${agent.id}/policy`, { permissions: ['VIEW_TRANSACTIONS', 'VIEW_TRANSACTIONS'], spendingLimits: { dailyLimit: null, perTransactionLimit: 2_000 }, approvalThresholds: { amount: null } });
    expect(res.status).toBe(200);
    expect(res.body.policy).toEqual({
      permissions: ['VIEW_TRANSACTIONS'],
      defaultExecutionMode: 'AUTO',
      spendingLimits: { currency: 'USD', perTransactionLimit: 2_000, dailyLimit: null, dailyTransactionLimit: 3, monthlyLimit: 50_000 },
      approvalThresholds: { currency: 'USD', amount: null },
    });
    const mode = await client.patch(`/agents/${agent.id}/policy`, { defaultExecutionMode: 'APPROVAL_REQUIRED' });
    expect(mode.body.policy).toMatchObject({ permissions: ['VIEW_TRANSACTIONS'], defaultExecutionMode: 'APPROVAL_REQUIRED', spendingLimits: { perTransactionLimit: 2_000 } });
    expect((await client.get(`/agents/${agent.id}`)).body.policy).toEqual(mode.body.policy);
  });

  it('converts the limits not given when the spending currency changes, and checks accounts against the customer', async () => {
    const { client, createAgent, bob, alice } = await agentWorld();
    const { agent } = await createAgent({ policy: policy({ spendingLimits: { currency: 'USD', perTransactionLimit: 10_800, monthlyLimit: null } }) });
    const res = await client.patch(`/agents/${agent.id}/policy`, { spendingLimits: { currency: 'EUR' } });
    expect(res.status).toBe(200);
    // 108.00 USD are 100.00 EUR at the sandbox's rate (give or take the 5-minute drift), rounded up.
    expect(res.body.policy.spendingLimits.currency).toBe('EUR');
    expect(res.body.policy.spendingLimits.perTransactionLimit).toBeGreaterThanOrEqual(9_900);
    expect(res.body.policy.spendingLimits.perTransactionLimit).toBeLessThanOrEqual(10_100);
    expect(res.body.policy.spendingLimits.monthlyLimit).toBeNull();
    const given = await client.patch(`/agents/${agent.id}/policy`, { spendingLimits: { currency: 'USD', perTransactionLimit: 777 } });
    expect(given.body.policy.spendingLimits).toMatchObject({ currency: 'USD', perTransactionLimit: 777 });

    const foreign = await client.patch(`/agents/${agent.id}/policy`, { accountRestrictions: { allowedAccountIds: [bob.usd] } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.errors).toEqual([{ field: 'accountRestrictions.allowedAccountIds.0', message: `${bob.usd} is not an internal account of ${alice.id}` }]);
    const noRate = await client.patch(`/agents/${agent.id}/policy`, { spendingLimits: { currency: 'XYZ' } });
    expect(noRate.status).toBe(400);
    expect(noRate.body.details.errors[0].field).toBe('spendingLimits.currency');
    expect((await client.get(`/agents/${agent.id}`)).body.policy.spendingLimits).toMatchObject({ currency: 'USD', perTransactionLimit: 777 });
  });
});

describe('device codes', () => {
  it('redeem needs no credentials, returns the access token once and connects the agent; a second redemption is 400', async () => {
    const { client, sandbox, createAgent, redeem } = await agentWorld();
    const { agent, deviceCode } = await createAgent();
    expect((await client.get(`/agents/device-codes/${deviceCode.code}/status`)).body).toEqual({ code: deviceCode.code, redeemed: false });
    // Codes are typed by people: case does not matter.
    const res = await redeem(deviceCode.code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ agentId: agent.id, agentName: 'Treasury bot', accessToken: expect.stringMatching(/^agt_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{40}$/), policy: agent.policy });
    expect((await client.get(`/agents/device-codes/${deviceCode.code}/status`)).body).toEqual({ code: deviceCode.code, redeemed: true });
    expect((await client.get(`/agents/${agent.id}`)).body.isConnected).toBe(true);

    const again = await redeem(deviceCode.code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_INPUT', details: { redeemed: true, errors: [{ field: 'code' }] } });
    // The token is kept only as a hash: not in any response, nor in the tenant's snapshot.
    const snapshot = JSON.stringify((await client.get('/__admin/snapshot')).body);
    expect(snapshot).not.toContain(res.body.accessToken);
    expect(JSON.stringify((await client.get(`/agents/${agent.id}`)).body)).not.toContain(res.body.accessToken);
    expect((await bearerClient(sandbox.app, res.body.accessToken).get('/agents/me')).status).toBe(200);
  });

  it('expires on the tenant clock: redeemable 1 ms before expiresAt, 400 at it', async () => {
    const early = await agentWorld();
    const beforeExpiry = await early.createAgent();
    await early.advance(86_399.999);
    expect((await early.redeem(beforeExpiry.deviceCode.code)).status).toBe(200);

    const late = await agentWorld();
    const pastExpiry = await late.createAgent();
    await late.advance(86_400);
    const res = await late.redeem(pastExpiry.deviceCode.code);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT', details: { expiresAt: pastExpiry.deviceCode.expiresAt } });
    expect((await late.client.get(`/agents/${pastExpiry.agent.id}`)).body.isConnected).toBe(false);
    // A new code for the same agent works.
    const fresh = await late.client.post(`/agents/${pastExpiry.agent.id}/device-codes`);
    expect(fresh.status).toBe(201);
    expect(fresh.body).toEqual({ code: expect.stringMatching(/^AGENT-/), agentId: pastExpiry.agent.id, expiresAt: new Date(START + 86_400_000 + 86_400_000).toISOString(), redeemed: false });
    expect((await late.redeem(fresh.body.code)).status).toBe(200);
  });

  it('regenerating invalidates earlier unredeemed codes; a connected agent gets 409', async () => {
    const { client, createAgent, redeem } = await agentWorld();
    const { agent, deviceCode } = await createAgent();
    const second = (await client.post(`/agents/${agent.id}/device-codes`)).body;
    const third = (await client.post(`/agents/${agent.id}/device-codes`)).body;
    expect(new Set([deviceCode.code, second.code, third.code]).size).toBe(3);
    for (const old of [deviceCode.code, second.code]) {
      const res = await redeem(old);
      expect(res.status, old).toBe(400);
      expect(res.body.details.supersededAt).toEqual(expect.any(String));
    }
    expect((await redeem(third.code)).status).toBe(200);
    const conflict = await client.post(`/agents/${agent.id}/device-codes`);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ code: 'CONFLICT', details: { agentId: agent.id, isConnected: true } });
  });

  it('answers an unknown code with 404 on status and redemption', async () => {
    const { client, redeem } = await agentWorld();
    const status = await client.get('/agents/device-codes/AGENT-AAAA-BBBB-CCCC/status');
    expect(status.status).toBe(404);
    expect(status.body).toMatchObject({ code: 'REFERENCE_NOT_FOUND', details: { resource: 'AgentDeviceCode' } });
    const res = await redeem('AGENT-AAAA-BBBB-CCCC');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('REFERENCE_NOT_FOUND');
  });

  it('finds the tenant from the code alone, and another tenant cannot read its status', async () => {
    const { sandbox, createAgent } = await agentWorld();
    const { deviceCode } = await createAgent();
    const stranger = sandbox.client('another-tenant', 'secret');
    expect((await stranger.get(`/agents/device-codes/${deviceCode.code}/status`)).status).toBe(404);
    const res = await bearerClient(sandbox.app, '').post(`/agents/device-codes/${deviceCode.code}/redeem`);
    expect(res.status).toBe(200);
  });
});

describe('PATCH /agents/{agentId}/policy, thresholds', () => {
  it('takes an amount alone when the current thresholds have a currency; without any currency it is 400', async () => {
    const { client, createAgent } = await agentWorld();
    const withCurrency = (await createAgent({ policy: policy({ approvalThresholds: { currency: 'USD', amount: 100 } }) })).agent;
    const res = await client.patch(`/agents/${withCurrency.id}/policy`, { approvalThresholds: { amount: 50_000 } });
    expect(res.status).toBe(200);
    expect(res.body.policy.approvalThresholds).toEqual({ currency: 'USD', amount: 50_000 });
    const without = (await createAgent()).agent;
    const refused = await client.patch(`/agents/${without.id}/policy`, { approvalThresholds: { amount: 50_000 } });
    expect(refused.status).toBe(400);
    expect(refused.body.details.errors).toEqual([{ field: 'approvalThresholds.currency', message: 'Required when amount is set' }]);
  });
});
