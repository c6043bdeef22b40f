import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { individual, makeSandbox } from '../helpers.js';

describe('createSandbox', () => {
  it('listens on 127.0.0.1 on a free port, in memory, and closes', async () => {
    const sandbox = await createSandbox();
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    const auth = { authorization: `Basic ${Buffer.from('suite:secret').toString('base64')}` };
    const res = await fetch(`${sandbox.url}/customers`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ customerType: 'INDIVIDUAL' }) });
    expect(res.status).toBe(201);
    expect(((await (await fetch(`${sandbox.origin}/__admin/health`, { headers: auth })).json()) as any).persistent).toBe(false);
    const inProcess = await sandbox.app.request('/2025-10-13/customers', { headers: auth });
    expect(((await inProcess.json()) as any).totalCount).toBe(1);
    await sandbox.close();
    await expect(fetch(`${sandbox.url}/customers`, { headers: auth })).rejects.toThrow();
  });

  it('gives two sandboxes nothing in common', async () => {
    const [one, two] = await Promise.all([createSandbox(), createSandbox()]);
    expect(one.port).not.toBe(two.port);
    await Promise.all([one.close(), two.close()]);
  });

  it('shares its operations with every other sandbox of the process, never their tenants, journal or control plane', async () => {
    const one = makeSandbox();
    const two = makeSandbox();
    const [a, b] = [one.client('same-id', 's'), two.client('same-id', 's')];
    const created = await a.post('/customers', individual());
    expect(created.status).toBe(201);
    expect((await b.get('/customers')).body.totalCount).toBe(0);
    // Each journal holds its own sandbox's requests only.
    expect((await a.get('/__admin/requests/count?method=POST&path=/customers')).body.count).toBe(1);
    expect((await b.get('/__admin/requests/count?method=POST&path=/customers')).body.count).toBe(0);
    // A reset, a snapshot and a scenario act on the sandbox asked.
    expect((await b.post('/__admin/reset')).status).toBe(200);
    expect((await a.get(`/customers/${created.body.id}`)).status).toBe(200);
    expect(Object.keys((await a.get('/__admin/snapshot')).body.customers)).toEqual([created.body.id]);
    expect((await b.get('/__admin/snapshot')).body.customers).toEqual({});
    expect((await b.put('/__admin/snapshot', { customers: {} })).status).toBe(200);
    expect((await a.get('/customers')).body.totalCount).toBe(1);
    // Both serve the same documents, made once.
    expect((await a.get('/openapi.json')).body).toEqual((await b.get('/openapi.json')).body);
    expect(one.controlOpenApiDocument()).toBe(two.controlOpenApiDocument());
  });
});
