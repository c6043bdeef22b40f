/** CORS at the HTTP level: preflights without credentials on every route, CORS headers on every answer, errors included. */
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';
import { parseCorsOrigins } from '../../src/core/cors.js';

const ORIGIN = 'http://localhost:5173';
const AUTH = `Basic ${Buffer.from('cors-app:secret').toString('base64')}`;

function preflight(app: ReturnType<typeof makeSandbox>['app'], path: string, origin = ORIGIN, extra: Record<string, string> = {}) {
  return app.request(path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key', ...extra },
  });
}

describe('preflight', () => {
  it.each(['/2025-10-13/customers', '/2025-10-13/quotes/Quote:1/execute', '/2025-10-13/sandbox/internal-accounts/InternalAccount:1/fund', '/__admin/clock/advance', '/__admin/events/trigger', '/openapi.json', '/docs', '/2025-10-13/no-such-route'])(
    'answers %s with 204 and the CORS headers, without credentials',
    async (path) => {
      const { app } = makeSandbox();
      const res = await preflight(app, path);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type, idempotency-key');
      expect(res.headers.get('access-control-max-age')).toBe('7200');
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('www-authenticate')).toBeNull();
      expect(await res.text()).toBe('');
    },
  );

  it('echoes whatever headers are asked for, and allows private-network access when asked', async () => {
    const { app } = makeSandbox();
    const res = await preflight(app, '/2025-10-13/customers', 'https://app.example.com', { 'access-control-request-headers': 'x-requested-with, service-wallet-signature, request-id', 'access-control-request-private-network': 'true' });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(res.headers.get('access-control-allow-headers')).toBe('x-requested-with, service-wallet-signature, request-id');
    expect(res.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('leaves an OPTIONS request that is no preflight to the routes, as before', async () => {
    const { app } = makeSandbox();
    const res = await app.request('/2025-10-13/customers', { method: 'OPTIONS', headers: { authorization: AUTH } });
    expect(res.status).toBe(405);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('actual responses', () => {
  it('carry the CORS headers on success and on every kind of error, with the exposed headers', async () => {
    const { app } = makeSandbox();
    const call = (path: string, init: RequestInit = {}) => app.request(path, { ...init, headers: { origin: ORIGIN, ...(init.headers as Record<string, string>) } });
    const ok = await call('/2025-10-13/customers', { headers: { authorization: AUTH } });
    const unauthorized = await call('/2025-10-13/customers', { headers: { authorization: `Basic ${Buffer.from('cors-app:wrong').toString('base64')}` } });
    const invalid = await call('/2025-10-13/customers', { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' }, body: '{"customerType":"NOPE"}' });
    const missing = await call('/2025-10-13/customers/Customer:missing', { headers: { authorization: AUTH } });
    const wrongMethod = await call('/2025-10-13/customers', { method: 'PUT', headers: { authorization: AUTH } });
    const admin = await call('/__admin/health', { headers: { authorization: AUTH } });
    const docs = await call('/openapi.json');
    expect([ok.status, unauthorized.status, invalid.status, missing.status, wrongMethod.status, admin.status, docs.status]).toEqual([200, 401, 400, 404, 405, 200, 200]);
    for (const res of [ok, unauthorized, invalid, missing, wrongMethod, admin, docs]) {
      expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After, Location, Allow, Content-Disposition, Sandbox-Warning, X-Service-Signature');
      expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
    }
    // The bodies are the API's own, unchanged.
    expect(await unauthorized.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await invalid.json()).toMatchObject({ code: 'INVALID_INPUT' });
    expect(wrongMethod.headers.get('allow')).toBe('POST, GET, HEAD');
  });

  it('adds nothing to a request without an Origin', async () => {
    const { app } = makeSandbox();
    const res = await app.request('/2025-10-13/customers', { headers: { authorization: AUTH } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
  });
});

describe('--cors-origins', () => {
  it('allows the listed origins only; any other gets no CORS headers at all', async () => {
    const { app } = makeSandbox({ corsOrigins: parseCorsOrigins('http://localhost:5173, https://App.Example.com:8443') });
    const listed = await preflight(app, '/2025-10-13/customers');
    expect(listed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const secondListed = await app.request('/2025-10-13/customers', { headers: { origin: 'https://app.example.com:8443', authorization: AUTH } });
    expect(secondListed.headers.get('access-control-allow-origin')).toBe('https://app.example.com:8443');

    const other = await preflight(app, '/2025-10-13/customers', 'http://localhost:3000');
    expect(other.status).toBe(204);
    for (const name of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age', 'access-control-allow-credentials']) expect(other.headers.get(name)).toBeNull();
    const actual = await app.request('/2025-10-13/customers', { headers: { origin: 'http://localhost:3000', authorization: AUTH } });
    expect(actual.status).toBe(200);
    expect(actual.headers.get('access-control-allow-origin')).toBeNull();
    expect(actual.headers.get('access-control-expose-headers')).toBeNull();
  });

  it('with * allows any origin', async () => {
    const { app } = makeSandbox({ corsOrigins: parseCorsOrigins('*') });
    expect((await preflight(app, '/2025-10-13/customers', 'http://anything:1')).headers.get('access-control-allow-origin')).toBe('http://anything:1');
  });

  it.each([
    ['', /empty origin/],
    ['http://a,,http://b', /empty origin/],
    ['localhost:5173', /not an origin/],
    ['http://localhost:5173/', /scheme, host and port only/],
    ['http://localhost:5173/app', /scheme, host and port only/],
    ['ftp://files.example.com', /scheme, host and port only/],
    ['http://user:pw@example.com', /scheme, host and port only/],
  ])('refuses %j', (text, message) => {
    expect(() => parseCorsOrigins(text)).toThrow(message);
  });

  it('normalises what it accepts', () => {
    expect(parseCorsOrigins(' http://LOCALHOST:5173 ,https://example.com:443,* ')).toEqual(['http://localhost:5173', 'https://example.com', '*']);
  });
});
