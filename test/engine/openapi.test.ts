import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';
import { makeSandbox } from '../helpers.js';

describe('GET /openapi.json', () => {
  const sandbox = makeSandbox();

  it('is generated from the routes, declares version 2025-10-13, and needs no credentials', async () => {
    const res = await sandbox.app.request('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2025-10-13');
    expect(doc.servers).toEqual([{ url: '/2025-10-13' }]);
    expect(doc.components.securitySchemes.BasicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.security).toEqual([{ BasicAuth: [] }]);
  });

  it('documents every route the app serves, the control plane under its own tag', async () => {
    const doc = sandbox.openApiDocument() as any;
    const documented = new Set<string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`);
    const served = sandbox.app.routes
      // The dashboard's own files (/__admin/ui/...) are static assets, not operations.
      .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/2025-10-13/') || (r.path.startsWith('/__admin/') && !r.path.startsWith('/__admin/ui/'))))
      .map((r) => `${r.method} ${r.path.replace('/2025-10-13', '').replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(20);
    for (const route of served) expect(documented, route).toContain(route);
    expect(doc.paths['/__admin/clock/advance'].post.tags).toEqual(['Control plane']);
    expect(doc.paths['/__admin/clock/advance'].post.servers).toEqual([{ url: '/', description: 'The sandbox itself' }]);
    expect(doc.paths['/customers'].post.responses['400'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
  });

  it('describes the external account variants and the list parameters of the spec', () => {
    const doc = sandbox.openApiDocument() as any;
    const params = doc.paths['/customers/external-accounts'].get.parameters.map((p: any) => p.name).sort();
    expect(params).toEqual(['currency', 'cursor', 'customerId', 'limit']);
    const limit = doc.paths['/customers/external-accounts'].get.parameters.find((p: any) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(doc.components.schemas.ExternalAccountCreateInfo.oneOf).toHaveLength(50);
  });
});

describe('GET /docs', () => {
  it('serves Swagger UI and its assets locally, without a CDN', async () => {
    const { app } = makeSandbox();
    const page = await app.request('/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/openapi.json');
    expect(html).not.toMatch(/https?:\/\//);
    const js = await app.request('/docs/assets/swagger-ui-bundle.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect((await app.request('/docs/assets/../../package.json')).status).toBe(404);
  });
});

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
});
