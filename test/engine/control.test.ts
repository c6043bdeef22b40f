import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVM_ADDRESS } from '../fixtures/account-samples.js';
import { individual, makeSandbox, type Client } from '../helpers.js';
import { manualTime, sequentialIds } from '../../src/index.js';
import { systemTime } from '../../src/core/clock.js';

const travelRule = {
  supportedCurrencies: [{ currencyCode: 'USDC', minAmount: 1, maxAmount: 1_000_000, requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }], enabledTransactionTypes: ['INCOMING', 'OUTGOING'] }],
};

async function pendingWallet(client: Client): Promise<string> {
  const customerId = (await client.post('/customers', individual())).body.id;
  const account = await client.post('/customers/external-accounts', { customerId, currency: 'USDC', ownershipType: 'FIRST_PARTY', accountInfo: { accountType: 'ETHEREUM_WALLET', address: EVM_ADDRESS } });
  expect(account.body.status).toBe('PENDING_OWNERSHIP_VERIFICATION');
  return account.body.id;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /__admin/health', () => {
  it('reports the version, the tenant and its clock', async () => {
    const res = await makeSandbox().client('health-check', 's').get('/__admin/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: '2025-10-13', tenant: 'health-check', now: expect.any(String), persistent: false, addresses: [], persistence: { commits: 0, journalBytes: 0, compactions: 0, longestCompactionStepMs: 0, lastCompactionMs: 0 } });
  });
});

describe('clock and due jobs', () => {
  it('advances by seconds and runs every job that falls due, in due order, each at its own time', async () => {
    const client = makeSandbox().client();
    await client.patch('/config', travelRule);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await pendingWallet(client);
      await client.post(`/customers/external-accounts/${id}/challenge`, { method: 'LIVENESS' });
      ids.push(id);
      await client.post('/__admin/clock/advance', { seconds: 3 });
    }
    const clock = (await client.get('/__admin/clock')).body;
    expect(clock.offsetSeconds).toBeGreaterThan(8.9);
    expect(clock.offsetSeconds).toBeLessThanOrEqual(9);
    expect(clock.pendingJobs).toHaveLength(3);
    const res = await client.post('/__admin/clock/advance', { seconds: 60 });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.now) - Date.parse(res.body.previous)).toBeGreaterThanOrEqual(60_000);
    const due = res.body.ran.map((r: any) => Date.parse(r.dueAt));
    expect(due).toEqual([...due].sort((a, b) => a - b));
    expect(due[1] - due[0]).toBeGreaterThanOrEqual(3000);
    for (const [i, id] of ids.entries()) {
      const account = (await client.get(`/customers/external-accounts/${id}`)).body;
      expect(account.status).toBe('ACTIVE');
      expect(account.updatedAt).toBe(res.body.ran[i].dueAt);
    }
    expect((await client.get('/__admin/clock')).body.pendingJobs).toEqual([]);
  });

  /** A liveness check due 10 s from now, on the system clock (faked): these tests are about sandbox time following real time. */
  async function livenessOnRealTime(): Promise<{ client: Client; id: string }> {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const client = makeSandbox({ time: systemTime }).client();
    await client.patch('/config', travelRule);
    const id = await pendingWallet(client);
    await client.post(`/customers/external-accounts/${id}/challenge`, { method: 'LIVENESS' });
    return { client, id };
  }

  it('runs due jobs in real time, without any clock advance', async () => {
    const { client, id } = await livenessOnRealTime();
    vi.advanceTimersByTime(9_000);
    expect((await client.get(`/customers/external-accounts/${id}`)).body.status).toBe('PENDING_OWNERSHIP_VERIFICATION');
    vi.advanceTimersByTime(1_500);
    expect((await client.get(`/customers/external-accounts/${id}`)).body.status).toBe('ACTIVE');
  });

  it('stamps a job that runs late with the time it ran, and never takes the clock back to when it was due', async () => {
    const { client, id } = await livenessOnRealTime();
    const dueAt = (await client.get('/__admin/clock')).body.pendingJobs[0].dueAt as string;
    // The process was busy (or asleep): real time jumps 20 s, so the job's timer fires 20 s after its due time.
    vi.setSystemTime(Date.now() + 20_000);
    expect(vi.getTimerCount()).toBe(1);
    vi.runOnlyPendingTimers();
    const ranAt = new Date(Date.now()).toISOString();
    expect(Date.parse(ranAt) - Date.parse(dueAt)).toBe(20_000);
    const account = (await client.get(`/customers/external-accounts/${id}`)).body;
    expect(account.status).toBe('ACTIVE');
    expect(account.updatedAt).toBe(ranAt);
    const clock = (await client.get('/__admin/clock')).body;
    expect(clock.now).toBe(ranAt);
    expect(clock.offsetSeconds).toBe(0);
  });

  it.each([[{ seconds: 0 }], [{ seconds: -5 }], [{ seconds: 'ten' }], [{}]])('rejects advance %j', async (body) => {
    const res = await makeSandbox().client().post('/__admin/clock/advance', body);
    expect(res.status).toBe(400);
    expect(res.body.details.errors[0].field).toBe('seconds');
  });
});

describe('POST /__admin/reset', () => {
  it('empties the tenant, keeps its credentials and puts its clock back', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client('resettable', 'secret');
    const other = sandbox.client('bystander', 'secret');
    await client.post('/customers', individual());
    await other.post('/customers', individual());
    await client.post('/__admin/clock/advance', { seconds: 3600 });
    const res = await client.post('/__admin/reset');
    expect(res.status).toBe(200);
    expect(res.body.reset).toBe(true);
    expect((await client.get('/customers')).body.totalCount).toBe(0);
    expect((await client.get('/__admin/clock')).body.offsetSeconds).toBe(0);
    expect((await client.get('/platform/internal-accounts')).body.data).toHaveLength(7);
    expect((await sandbox.client('resettable', 'other').get('/customers')).status).toBe(401);
    expect((await other.get('/customers')).body.totalCount).toBe(1);
  });
});

describe('injectable time and ids', () => {
  it('stamps records with the injected clock and ids, for fully deterministic responses', async () => {
    const time = manualTime(Date.parse('2025-10-13T09:00:00.000Z'));
    const client = makeSandbox({ time, ids: sequentialIds() }).client();
    const first = (await client.post('/customers', individual())).body;
    time.advance(1500);
    const second = (await client.post('/customers', individual())).body;
    expect(first.createdAt).toBe('2025-10-13T09:00:00.000Z');
    expect(second.createdAt).toBe('2025-10-13T09:00:01.500Z');
    expect(first.id).toMatch(/^Customer:00000000-0000-4000-8000-0000000000[0-9a-f]{2}$/);
    expect(Number.parseInt(second.id.slice(-12), 16)).toBeGreaterThan(Number.parseInt(first.id.slice(-12), 16));
    time.set(Date.parse('2025-10-14T00:00:00.000Z'));
    expect((await client.post('/customers', individual())).body.createdAt).toBe('2025-10-14T00:00:00.000Z');
  });
});
