/**
 * API tokens over HTTP: create shows the secret once, list and get never do;
 * a token is a credential of the same tenant; its permissions are enforced
 * route by route (403 FORBIDDEN); a deleted token gets 401 at once.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { ROUTE_PERMISSIONS } from '../../src/areas/permissions.js';
import { individual, makeSandbox, type Client } from '../helpers.js';

async function token(client: Client, permissions: string[], name = 'ci') {
  const created = await client.post('/tokens', { name, permissions });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; clientId: string; clientSecret: string; permissions: string[] };
}

describe('POST /tokens', () => {
  it('returns the token with clientId and clientSecret, once; GET and list never show the secret', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client('platform-a', 'secret-a');
    const created = await client.post('/tokens', { name: 'read only', permissions: ['VIEW'] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^Token:/),
      name: 'read only',
      permissions: ['VIEW'],
      clientId: expect.stringMatching(/^tok_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{24}$/),
      clientSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const { clientSecret, ...shown } = created.body;
    const got = await client.get(`/tokens/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(shown);
    const listed = await client.get('/tokens');
    expect(listed.body).toMatchObject({ data: [shown], hasMore: false, totalCount: 1 });
    expect(JSON.stringify(listed.body)).not.toContain(clientSecret);
    // Nor does the tenant's snapshot: only a salted hash is kept, at a cost fit to leave the process (2^10 in memory).
    const exported = (await client.get('/__admin/snapshot')).body as { apiTokens: Record<string, { secret: unknown }> };
    expect(JSON.stringify(exported)).not.toContain(clientSecret);
    expect(exported.apiTokens[created.body.id]!.secret).toEqual({ algorithm: 'scrypt', cost: 10, salt: expect.any(String), hash: expect.any(String) });
  });

  it('stores the secret as a salted scrypt hash on disk, and the token works after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysandbox-tokens-'));
    try {
      const first = makeSandbox({ dataDir: dir });
      const made = await token(first.client('durable', 's'), ['VIEW']);
      await first.registry.close();
      const files = readdirSync(join(dir, 'tenants')).map((f) => readFileSync(join(dir, 'tenants', f), 'utf8')).join('\n');
      expect(files).toContain(made.id);
      expect(files).not.toContain(made.clientSecret);
      expect(files).toMatch(/"algorithm":"scrypt","cost":11,"salt":"[^"]+","hash":"[^"]+"/);
      const second = makeSandbox({ dataDir: dir });
      expect((await second.client(made.clientId, made.clientSecret).get('/customers')).status).toBe(200);
      expect((await second.client(made.clientId, 'wrong').get('/customers')).status).toBe(401);
      await second.registry.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ permissions: ['VIEW'] }, ['name']],
    [{ name: '', permissions: ['VIEW'] }, ['name']],
    [{ name: 'x'.repeat(256), permissions: ['VIEW'] }, ['name']],
    [{ name: 'n' }, ['permissions']],
    [{ name: 'n', permissions: [] }, ['permissions']],
    [{ name: 'n', permissions: ['ADMIN'] }, ['permissions.0']],
    [{ name: 'n', permissions: ['VIEW', 'VIEW'] }, ['permissions']],
    [{}, ['name', 'permissions']],
  ])('400 INVALID_INPUT for %j naming %j', async (body, fields) => {
    const client = makeSandbox().client();
    const res = await client.post('/tokens', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_INPUT');
    expect(res.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(fields);
  });

  it('accepts a name of 1 and of 255 characters', async () => {
    const client = makeSandbox().client();
    expect((await client.post('/tokens', { name: 'x', permissions: ['VIEW'] })).status).toBe(201);
    expect((await client.post('/tokens', { name: 'x'.repeat(255), permissions: ['VIEW', 'TRANSACT', 'MANAGE'] })).status).toBe(201);
  });
});

describe('GET /tokens', () => {
  it('filters by name and by creation and update time, inclusive, with pages', async () => {
    const client = makeSandbox().client();
    const early = await token(client, ['VIEW'], 'early');
    await client.post('/__admin/clock/advance', { seconds: 60 });
    const later = [await token(client, ['VIEW'], 'batch'), await token(client, ['VIEW'], 'batch'), await token(client, ['VIEW'], 'batch')];
    const byName = await client.get('/tokens?name=batch&limit=2');
    expect(byName.body.data.map((t: { id: string }) => t.id)).toEqual([later[2]!.id, later[1]!.id]);
    expect(byName.body).toMatchObject({ hasMore: true, totalCount: 3 });
    const next = await client.get(`/tokens?name=batch&limit=2&cursor=${encodeURIComponent(byName.body.nextCursor)}`);
    expect(next.body.data.map((t: { id: string }) => t.id)).toEqual([later[0]!.id]);
    const earlyAt = (await client.get(`/tokens/${early.id}`)).body.createdAt;
    expect((await client.get(`/tokens?createdBefore=${encodeURIComponent(earlyAt)}`)).body.data.map((t: { id: string }) => t.id)).toEqual([early.id]);
    expect((await client.get(`/tokens?createdAfter=${encodeURIComponent(earlyAt)}`)).body.totalCount).toBe(4);
    const after = new Date(Date.parse(earlyAt) + 1).toISOString();
    expect((await client.get(`/tokens?updatedAfter=${encodeURIComponent(after)}`)).body.totalCount).toBe(3);
    expect((await client.get('/tokens?createdAfter=yesterday')).status).toBe(400);
  });
});

describe('GET and DELETE /tokens/{tokenId}', () => {
  it('404 TOKEN_NOT_FOUND for an unknown token', async () => {
    const client = makeSandbox().client();
    for (const res of [await client.get('/tokens/Token:nope'), await client.delete('/tokens/Token:nope')]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('TOKEN_NOT_FOUND');
    }
  });
});

describe('a token as a credential', () => {
  it('opens the same tenant: the same data, and its writes are the platform’s', async () => {
    const sandbox = makeSandbox();
    const platform = sandbox.client('platform-b', 'secret-b');
    const customer = (await platform.post('/customers', individual())).body;
    const made = await token(platform, ['VIEW', 'MANAGE']);
    const asToken = sandbox.client(made.clientId, made.clientSecret);
    expect((await asToken.get(`/customers/${customer.id}`)).body.id).toBe(customer.id);
    const other = (await asToken.post('/customers', individual({ fullName: 'Made By Token' }))).body;
    expect((await platform.get(`/customers/${other.id}`)).status).toBe(200);
    // Another platform does not see it.
    expect((await sandbox.client('platform-c', 'c').get(`/customers/${other.id}`)).status).toBe(404);
  });

  it('401 with a wrong secret, or a token client id of another or unknown tenant', async () => {
    const sandbox = makeSandbox();
    const made = await token(sandbox.client('platform-d', 'd'), ['VIEW']);
    expect((await sandbox.client(made.clientId, 'wrong').get('/customers')).status).toBe(401);
    const forged = made.clientId.replace(/^tok_[^.]+/, `tok_${Buffer.from('platform-e').toString('base64url')}`);
    await sandbox.client('platform-e', 'e').get('/customers');
    expect((await sandbox.client(forged, made.clientSecret).get('/customers')).status).toBe(401);
    const nowhere = made.clientId.replace(/^tok_[^.]+/, `tok_${Buffer.from('no-such-tenant').toString('base64url')}`);
    const res = await sandbox.client(nowhere, made.clientSecret).get('/customers');
    expect(res.status).toBe(401);
    // A token-shaped client id never becomes a tenant of its own.
    expect(sandbox.registry.get(nowhere)).toBeUndefined();
  });

  it('gets 401 at once after DELETE, even though it was just used (and cached)', async () => {
    const sandbox = makeSandbox();
    const platform = sandbox.client('platform-f', 'f');
    const made = await token(platform, ['VIEW']);
    const asToken = sandbox.client(made.clientId, made.clientSecret);
    expect((await asToken.get('/customers')).status).toBe(200);
    expect((await platform.delete(`/tokens/${made.id}`)).status).toBe(204);
    const after = await asToken.get('/customers');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
    expect((await platform.get(`/tokens/${made.id}`)).status).toBe(404);
  });

  it('is revoked by a tenant reset, and back with a snapshot that holds it', async () => {
    const sandbox = makeSandbox();
    const platform = sandbox.client('platform-g', 'g');
    const made = await token(platform, ['VIEW']);
    const asToken = sandbox.client(made.clientId, made.clientSecret);
    const snapshot = (await platform.get('/__admin/snapshot')).body;
    expect((await asToken.get('/customers')).status).toBe(200);
    expect((await platform.post('/__admin/reset')).status).toBe(200);
    expect((await asToken.get('/customers')).status).toBe(401);
    expect((await platform.call('PUT', '/__admin/snapshot', snapshot)).status).toBe(200);
    expect((await asToken.get('/customers')).status).toBe(200);
  });
});

describe('permissions', () => {
  async function tokens() {
    const sandbox = makeSandbox();
    const platform = sandbox.client('platform-p', 'p');
    const as = async (permissions: string[]) => {
      const made = await token(platform, permissions);
      return sandbox.client(made.clientId, made.clientSecret);
    };
    return { sandbox, platform, view: await as(['VIEW']), transact: await as(['TRANSACT']), manage: await as(['MANAGE']), all: await as(['VIEW', 'TRANSACT', 'MANAGE']) };
  }

  it('reads need VIEW', async () => {
    const { view, transact, manage } = await tokens();
    expect((await view.get('/customers')).status).toBe(200);
    expect((await view.get('/config')).status).toBe(200);
    expect((await view.get('/tokens')).status).toBe(200);
    for (const other of [transact, manage]) {
      const res = await other.get('/customers');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', status: 403, details: { requiredPermission: 'VIEW' } });
    }
  });

  it('quotes, execution and money movement need TRANSACT', async () => {
    const { platform, view, manage, transact } = await tokens();
    const customer = (await platform.post('/customers', individual())).body;
    const account = (await platform.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0];
    const quote = { source: { sourceType: 'ACCOUNT', accountId: account.id }, destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.local' }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 100 };
    for (const other of [view, manage]) {
      for (const [path, body] of [['/quotes', quote], ['/quotes/Quote:x/execute', {}], ['/transfer-out', {}], ['/transfer-in', {}], ['/transactions/Transaction:x/approve', {}], ['/transactions/Transaction:x/cancel', {}]] as const) {
        const res = await other.post(path, body);
        expect(res.status, path).toBe(403);
        expect(res.body.details.requiredPermission).toBe('TRANSACT');
      }
    }
    // Authorization comes before validation: a TRANSACT token gets past it to the 404 or 400.
    expect((await transact.post('/quotes/Quote:x/execute', {})).status).toBe(404);
    expect((await transact.post('/transfer-out', {})).status).toBe(400);
  });

  it('configuration, tokens and customers’ writes need MANAGE', async () => {
    const { view, transact, manage } = await tokens();
    for (const other of [view, transact]) {
      for (const [method, path, body] of [
        ['PATCH', '/config', { skipVerificationPaperwork: true }],
        ['POST', '/tokens', { name: 'x', permissions: ['MANAGE'] }],
        ['DELETE', '/tokens/Token:x', undefined],
        ['POST', '/customers', individual()],
        ['PATCH', '/customers/Customer:x', {}],
        ['POST', '/customers/external-accounts', {}],
        ['POST', '/cards', {}],
      ] as const) {
        const res = await other.call(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.details.requiredPermission).toBe('MANAGE');
      }
    }
    expect((await manage.post('/customers', individual())).status).toBe(201);
    expect((await manage.post('/tokens', { name: 'x', permissions: ['VIEW'] })).status).toBe(201);
  });

  it('the sandbox simulators take any valid credential; the control plane needs MANAGE', async () => {
    const { view, transact, manage } = await tokens();
    for (const other of [view, transact, manage]) expect((await other.post('/sandbox/internal-accounts/InternalAccount:x/fund', { amount: 1 })).status).toBe(404);
    expect((await view.get('/__admin/clock')).status).toBe(403);
    expect((await manage.get('/__admin/clock')).status).toBe(200);
  });

  it('the platform’s own credentials and a token with every permission pass everywhere', async () => {
    const { platform, all } = await tokens();
    for (const client of [platform, all]) {
      expect((await client.patch('/config', { skipVerificationPaperwork: true })).status).toBe(200);
      expect((await client.get('/customers')).status).toBe(200);
      expect((await client.post('/quotes/Quote:x/execute', {})).status).toBe(404);
    }
  });

  it('every served API route has a row in the permission table, and every row is served', () => {
    const { app } = makeSandbox();
    const served = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/2025-10-13/'))
        .map((r) => `${r.method} ${r.path.replace('/2025-10-13', '').replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`),
    );
    expect([...served].filter((route) => !(route in ROUTE_PERMISSIONS))).toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((route) => !served.has(route))).toEqual([]);
  });

  it('documents the permission of each operation in the generated OpenAPI', () => {
    const doc = makeSandbox().openApiDocument() as any;
    expect(doc.paths['/quotes'].post['x-required-permission']).toBe('TRANSACT');
    expect(doc.paths['/quotes'].post.responses['403']).toBeDefined();
    expect(doc.paths['/customers'].get['x-required-permission']).toBe('VIEW');
    expect(doc.paths['/tokens'].post['x-required-permission']).toBe('MANAGE');
    expect(doc.paths['/sandbox/send'].post['x-required-permission']).toBe('ANY');
    expect(doc.paths['/tokens'].post.operationId).toBe('createToken');
  });
});
