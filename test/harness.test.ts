/** The helpers createSandbox() gives a test suite, each against what the HTTP API says. */
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, SandboxRequestError, type Sandbox } from '../src/index.js';
import { individual, usdAccount } from './helpers.js';

let sandbox: Sandbox;
afterEach(async () => {
  await sandbox?.close();
});

describe('createSandbox() helpers', () => {
  it('gives a client for the default tenant with its credentials built in, also usable with fetch', async () => {
    sandbox = await createSandbox();
    const api = sandbox.client();
    expect(api.clientId).toBe('sandbox-test');
    const created = await api.post<{ id: string }>('/customers', individual());
    expect(created.status).toBe(201);
    const byFetch = await fetch(`${sandbox.url}/customers/${created.body.id}`, { headers: { authorization: api.authorization } });
    expect(byFetch.status).toBe(200);
    // The helpers on the sandbox act on that same tenant.
    expect(await sandbox.requests.count({ method: 'POST', path: '/customers' })).toBe(1);
    // Another tenant sees nothing of it.
    const other = sandbox.client('other-suite', 'pw');
    expect((await other.get<{ data: unknown[] }>('/customers')).body.data).toEqual([]);
    // Error statuses are answers, not exceptions.
    expect((await api.get('/customers/Customer:missing')).status).toBe(404);
  });

  it('moves the clock and resolves delayed outcomes; waits for the webhook event', async () => {
    sandbox = await createSandbox({ scenario: 'payouts' });
    const api = sandbox.client();
    const sender = (await api.get<{ data: Array<{ id: string }> }>('/customers?platformCustomerId=payouts-sender')).body.data[0]!;
    const source = (await api.get<{ data: Array<{ id: string }> }>(`/customers/internal-accounts?customerId=${sender.id}`)).body.data[0]!;
    const destination = (await api.get<{ data: Array<{ id: string; accountInfo: { accountNumber: string } }> }>(`/customers/external-accounts?customerId=${sender.id}&limit=100`)).body.data.find((a) => a.accountInfo.accountNumber.endsWith('003'))!;
    const quote = await api.post<{ id: string; transactionId: string }>('/quotes', { source: { sourceType: 'ACCOUNT', accountId: source.id }, destination: { destinationType: 'ACCOUNT', accountId: destination.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000 });
    await api.post(`/quotes/${quote.body.id}/execute`);
    // Not yet: the 003 destination completes after 360 s of sandbox time.
    await expect(sandbox.waitForEvent('OUTGOING_PAYMENT.COMPLETED', { timeoutMs: 50 })).rejects.toThrow(/no OUTGOING_PAYMENT.COMPLETED event for sandbox-test within 50 ms/);
    const advanced = await sandbox.advanceClock(359);
    expect(advanced.ran).toEqual([]);
    const waiting = sandbox.waitForEvent('OUTGOING_PAYMENT.COMPLETED', { timeoutMs: 2_000 });
    expect((await sandbox.advanceClock(1)).ran.map((j) => j.kind)).toEqual(['payment.resolve']);
    const event = await waiting;
    expect(event.data).toMatchObject({ id: quote.body.transactionId, status: 'COMPLETED' });
    // Each event is returned once; a predicate picks among them.
    await expect(sandbox.waitForEvent('OUTGOING_PAYMENT.COMPLETED', { timeoutMs: 20 })).rejects.toThrow();
    const pending = await sandbox.waitForEvent('OUTGOING_PAYMENT.PENDING', { where: (e) => e.data.id === quote.body.transactionId });
    expect(pending.data.id).toBe(quote.body.transactionId);
    expect((await sandbox.events('OUTGOING_PAYMENT.COMPLETED')).map((e) => e.id)).toEqual([event.id]);
  });

  it('resets, loads scenarios, snapshots and restores', async () => {
    sandbox = await createSandbox();
    const api = sandbox.client();
    await sandbox.loadScenario('starter');
    expect((await api.get<{ data: unknown[] }>('/customers')).body.data).toHaveLength(2);
    const snapshot = await sandbox.snapshot();
    expect(Object.keys(snapshot.customers ?? {})).toHaveLength(2);
    await sandbox.reset();
    expect((await api.get<{ data: unknown[] }>('/customers')).body.data).toHaveLength(0);
    await sandbox.restore(snapshot);
    expect((await api.get<{ data: unknown[] }>('/customers')).body.data).toHaveLength(2);
    await expect(sandbox.loadScenario('nope')).rejects.toBeInstanceOf(SandboxRequestError);
    await expect(sandbox.loadScenario('nope')).rejects.toThrow(/POST \/__admin\/scenarios\/nope answered 400: Unknown scenario "nope"; choose one of empty, starter/);
    await expect(sandbox.restore({})).rejects.toThrow(/answered 400: The snapshot is empty/);
    expect((await api.get<{ data: unknown[] }>('/customers')).body.data).toHaveLength(2);
  });

  it('arms and clears faults, and counts, lists, clears the journal', async () => {
    sandbox = await createSandbox();
    const api = sandbox.client();
    const fault = await sandbox.armFault({ kind: 'ERROR', code: 'INTERNAL_ERROR', method: 'POST', path: '/customers', count: 1 });
    expect(fault).toMatchObject({ kind: 'ERROR', remaining: 1 });
    expect((await api.post('/customers', individual())).status).toBe(500);
    expect((await api.post('/customers', individual())).status).toBe(201);
    await sandbox.armFault({ kind: 'ERROR', code: 'INTERNAL_ERROR' });
    await sandbox.clearFaults();
    expect((await api.get('/customers')).status).toBe(200);
    expect(await sandbox.requests.count({ path: '/customers', status: 500 })).toBe(1);
    expect(await sandbox.requests.count({ path: '/customers' })).toBe(3);
    expect((await sandbox.requests.list({ method: 'POST' })).data).toHaveLength(2);
    await api.get('/nope');
    expect((await sandbox.requests.unmatched()).data.map((e) => e.path)).toEqual(['/2025-10-13/nope']);
    expect(await sandbox.requests.clear()).toBe(4);
    expect(await sandbox.requests.count()).toBe(0);
    await expect(sandbox.armFault({ kind: 'ERROR', code: 'NO_SUCH_CODE' as 'INTERNAL_ERROR' })).rejects.toThrow(/answered 400/);
  });

  it('triggers webhook events', async () => {
    sandbox = await createSandbox();
    const result = await sandbox.trigger('CARD.STATUS_CHANGE');
    const event = await sandbox.waitForEvent('CARD.STATUS_CHANGE');
    expect(event.id).toBe(result.event.id);
    expect(event.data).toMatchObject({ id: result.created.card, status: 'ACTIVE' });
  });

  it('takes the default tenant from options or the pinned credentials', async () => {
    sandbox = await createSandbox({ credentials: { pinned: 'pinned-secret' } });
    expect(sandbox.clientId).toBe('pinned');
    expect((await sandbox.client().post('/customers', usdAccount(undefined, '1'))).status).toBe(400);
    expect((await sandbox.client('intruder', 'x').get('/customers')).status).toBe(401);
    await sandbox.close();
    sandbox = await createSandbox({ clientId: 'suite-a', clientSecret: 's3cret' });
    expect(sandbox.client().authorization).toBe(`Basic ${Buffer.from('suite-a:s3cret').toString('base64')}`);
    await sandbox.advanceClock(10);
    expect(sandbox.registry.get('suite-a')).toBeDefined();
  });
});
