import { describe, expect, it } from 'vitest';
import { makeSandbox, individual, usdAccount } from '../helpers.js';

describe('authentication', () => {
  it('needs credentials on every API route: 401 UNAUTHORIZED in the error body', async () => {
    const { app } = makeSandbox();
    for (const path of ['/2025-10-13/customers', '/2025-10-13/config', '/__admin/health']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    }
  });

  it('answers an unknown Bearer token (agents use Bearer) with 401 UNAUTHORIZED', async () => {
    const { app } = makeSandbox();
    const res = await app.request('/2025-10-13/customers', { headers: { authorization: 'Bearer abc' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', reason: 'Unknown, expired or revoked access token' });
  });

  it.each([
    ['Token abc', 'a non-Basic scheme'],
    ['Basic !!!', 'bad base64'],
    [`Basic ${Buffer.from('no-colon').toString('base64')}`, 'no colon'],
    [`Basic ${Buffer.from(':secret').toString('base64')}`, 'an empty client id'],
    [`Basic ${Buffer.from('id:').toString('base64')}`, 'an empty secret'],
  ])('rejects %s (%s) as malformed', async (header) => {
    const { app } = makeSandbox();
    const res = await app.request('/2025-10-13/customers', { headers: { authorization: header } });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { code: string; reason: string };
    expect(body.code).toBe('UNAUTHORIZED');
    expect(body.reason).toMatch(/^Malformed Authorization header/);
  });

  it('binds a client id to its first secret; another secret is 401 afterwards', async () => {
    const sandbox = makeSandbox();
    expect((await sandbox.client('acme', 'first').get('/customers')).status).toBe(200);
    const wrong = await sandbox.client('acme', 'second').get('/customers');
    expect(wrong.status).toBe(401);
    expect(wrong.body.reason).toBe('Wrong client secret for client id acme');
    expect((await sandbox.client('acme', 'first').get('/customers')).status).toBe(200);
  });

  it('accepts only pinned credentials when a credentials list is given', async () => {
    const sandbox = makeSandbox({ credentials: { ci: 'pinned-secret' } });
    expect((await sandbox.client('ci', 'pinned-secret').get('/customers')).status).toBe(200);
    expect((await sandbox.client('ci', 'other').get('/customers')).status).toBe(401);
    expect((await sandbox.client('stranger', 'pinned-secret').get('/customers')).status).toBe(401);
  });
});

describe('tenant isolation', () => {
  it('keeps each client id in its own world, by every path and id', async () => {
    const sandbox = makeSandbox();
    const a = sandbox.client('tenant-a', 'a');
    const b = sandbox.client('tenant-b', 'b');
    const customer = (await a.post('/customers', individual({ platformCustomerId: 'shared-id' }))).body;
    const account = (await a.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0];
    const external = (await a.post('/customers/external-accounts', usdAccount(customer.id, '123456789'))).body;

    expect((await b.get(`/customers/${customer.id}`)).status).toBe(404);
    expect((await b.patch(`/customers/${customer.id}`, { customerType: 'INDIVIDUAL', fullName: 'Mallory' })).status).toBe(404);
    expect((await b.delete(`/customers/${customer.id}`)).status).toBe(404);
    expect((await b.post(`/sandbox/internal-accounts/${account.id}/fund`, { amount: 100 })).status).toBe(404);
    expect((await b.get(`/customers/external-accounts/${external.id}`)).status).toBe(404);
    expect((await b.delete(`/customers/external-accounts/${external.id}`)).status).toBe(404);
    // This operation has no 404: the other tenant's customer is an unknown id in the body.
    expect((await b.post('/customers/external-accounts', usdAccount(customer.id, '123456789'))).body).toMatchObject({ status: 400, details: { errors: [{ field: 'customerId' }] } });
    expect((await b.get('/customers')).body.data).toEqual([]);
    expect((await b.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data).toEqual([]);
    expect((await b.get('/customers/external-accounts')).body.data).toEqual([]);
    // The same platformCustomerId is free in another tenant.
    expect((await b.post('/customers', individual({ platformCustomerId: 'shared-id' }))).status).toBe(201);
    // And A still sees exactly its own data, untouched.
    expect((await a.get(`/customers/${customer.id}`)).body.fullName).toBe('Jane Doe');
    expect((await a.get('/customers')).body.totalCount).toBe(1);
  });

  it('gives each tenant its own clock', async () => {
    const sandbox = makeSandbox();
    const a = sandbox.client('clock-a', 'a');
    const b = sandbox.client('clock-b', 'b');
    const before = Date.parse((await b.get('/__admin/clock')).body.now);
    await a.post('/__admin/clock/advance', { seconds: 86_400 });
    const after = Date.parse((await b.get('/__admin/clock')).body.now);
    expect(after - before).toBeLessThan(5_000);
    expect((await a.get('/__admin/clock')).body.offsetSeconds).toBeCloseTo(86_400, 0);
  });
});

describe('the Basic challenge', () => {
  const wrong = `Basic ${Buffer.from('challenged:wrong').toString('base64')}`;

  it('is left out of 401s of scripts: control-plane requests asking for JSON, and any request with X-Requested-With', async () => {
    const sandbox = makeSandbox();
    await sandbox.client('challenged', 'right').get('/customers');
    const cases: Array<[string, Record<string, string>, boolean]> = [
      // [path, headers, challenged]
      ['/__admin/health', { accept: 'application/json' }, false],
      ['/__admin/health', { accept: 'text/html, application/json;q=0.9' }, false],
      ['/__admin/requests', { 'x-requested-with': 'XMLHttpRequest' }, false],
      ['/2025-10-13/customers', { 'x-requested-with': 'paysandbox-dashboard' }, false],
      ['/__admin/health', {}, true],
      ['/__admin/health', { accept: 'text/html' }, true],
      // The API's own 401s keep it, JSON or not.
      ['/2025-10-13/customers', { accept: 'application/json' }, true],
      ['/2025-10-13/customers', {}, true],
    ];
    for (const [path, headers, challenged] of cases) {
      for (const authorization of [wrong, undefined, 'Bearer nope']) {
        const res = await sandbox.app.request(path, { headers: { ...headers, ...(authorization ? { authorization } : {}) } });
        expect(res.status, `${path} ${JSON.stringify(headers)} ${authorization}`).toBe(401);
        expect(res.headers.get('www-authenticate') !== null, `${path} ${JSON.stringify(headers)} ${authorization}`).toBe(challenged);
        expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
    }
  });
});
