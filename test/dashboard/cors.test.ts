/**
 * CORS in a real browser: a page served from another origin (as a Vite dev
 * server would serve an app) calls the sandbox with fetch, reads its answers
 * and its errors; with --cors-origins not listing it, the browser blocks it.
 * Debian's Chromium through playwright-core, as the dashboard tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, chromiumAvailable, sharedChromium } from './chromium.js';
import { createSandbox, type Sandbox } from '../../src/index.js';

if (!chromiumAvailable) console.warn(`CORS browser tests skipped: no Chromium at ${CHROMIUM}`);

let app: Server;
let appOrigin: string;
let browser: Browser;
const sandboxes: Sandbox[] = [];

/** The "web app": one empty page on its own origin (localhost, while the sandbox is on 127.0.0.1). */
async function startApp(): Promise<void> {
  app = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title><p>app</p>'));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appOrigin = `http://localhost:${(app.address() as AddressInfo).port}`;
}

async function appPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${appOrigin}/`);
  return page;
}

interface Seen {
  ok: boolean;
  status?: number;
  body?: { code?: string; id?: string; details?: { didYouMean?: string[] } };
  allow?: string | null;
  error?: string;
}

/** What the page's script gets from one fetch call. */
function call(page: Page, url: string, init: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Seen> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init);
        const text = await response.text();
        return { ok: true, status: response.status, body: text ? JSON.parse(text) : undefined, allow: response.headers.get('allow') };
      } catch (err) {
        return { ok: false, error: String(err) };
      }
    },
    { url, init },
  );
}

describe.skipIf(!chromiumAvailable)('a web app on another origin, in Chromium', () => {
  beforeAll(async () => {
    await startApp();
    browser = await sharedChromium();
  }, 60_000);

  afterAll(async () => {
    for (const s of sandboxes) await s.close();
    await new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve()));
  });

  it('calls the API with credentials and custom headers, and reads its answers and its errors', async () => {
    const sandbox = await createSandbox();
    sandboxes.push(sandbox);
    const page = await appPage();
    const auth = `Basic ${Buffer.from('web-app:secret').toString('base64')}`;
    const json = { authorization: auth, 'content-type': 'application/json' };

    const created = await call(page, `${sandbox.url}/customers`, { method: 'POST', headers: { ...json, 'idempotency-key': 'k-1' }, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Browser Made' }) });
    expect(created).toMatchObject({ ok: true, status: 201, body: { id: expect.stringMatching(/^Customer:/) } });
    const listed = await call(page, `${sandbox.url}/customers`, { headers: { authorization: auth } });
    expect(listed).toMatchObject({ ok: true, status: 200 });

    // Errors are readable too: the app can show them.
    const unauthorized = await call(page, `${sandbox.url}/customers`, { headers: { authorization: `Basic ${Buffer.from('web-app:wrong').toString('base64')}` } });
    expect(unauthorized).toMatchObject({ ok: true, status: 401, body: { code: 'UNAUTHORIZED' } });
    const invalid = await call(page, `${sandbox.url}/customers`, { method: 'POST', headers: json, body: JSON.stringify({ customerType: 'NOPE' }) });
    expect(invalid).toMatchObject({ ok: true, status: 400, body: { code: 'INVALID_INPUT' } });
    const unknown = await call(page, `${sandbox.url}/customer`, { headers: { authorization: auth } });
    expect(unknown).toMatchObject({ ok: true, status: 404, body: { code: 'NOT_FOUND', details: { didYouMean: expect.arrayContaining(['GET /2025-10-13/customers']) } } });
    const wrongMethod = await call(page, `${sandbox.url}/customers`, { method: 'PUT', headers: json, body: '{}' });
    expect(wrongMethod).toMatchObject({ ok: true, status: 405, allow: 'POST, GET, HEAD' });

    // The control plane too: a test page can move the clock.
    const advanced = await call(page, `${new URL(sandbox.url).origin}/__admin/clock/advance`, { method: 'POST', headers: json, body: JSON.stringify({ seconds: 60 }) });
    expect(advanced).toMatchObject({ ok: true, status: 200 });
    await page.close();
  }, 60_000);

  it('is blocked by the browser when --cors-origins does not list the app, and allowed when it does', async () => {
    const restricted = await createSandbox({ corsOrigins: ['http://localhost:1'] });
    const listing = await createSandbox({ corsOrigins: [appOrigin] });
    sandboxes.push(restricted, listing);
    const page = await appPage();
    const headers = { authorization: `Basic ${Buffer.from('web-app:secret').toString('base64')}` };
    const blocked = await call(page, `${restricted.url}/customers`, { headers });
    expect(blocked.ok).toBe(false);
    expect(blocked.error).toMatch(/TypeError: Failed to fetch/);
    const allowed = await call(page, `${listing.url}/customers`, { headers });
    expect(allowed).toMatchObject({ ok: true, status: 200 });
    await page.close();
  }, 60_000);

  it("runs the README's browser-app snippet as written, from the app's origin", async () => {
    const sandbox = await createSandbox();
    sandboxes.push(sandbox);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('// src/sandbox.js\n');
    expect(start).toBeGreaterThan(0);
    const snippet = readme.slice(start, readme.indexOf('```', start)).replace('http://127.0.0.1:4010/2025-10-13', sandbox.url).replace(/^export /gm, '');
    const page = await appPage();
    const outcome = await page.evaluate(async (code) => {
      const createCustomer = new Function(`${code}; return createCustomer;`)() as (name: unknown) => Promise<{ id: string; fullName: string }>;
      const made = await createCustomer('Vite User');
      const refused = await createCustomer(42).then(() => 'accepted', (err: Error) => err.message);
      return { made, refused };
    }, snippet);
    expect(outcome.made).toMatchObject({ id: expect.stringMatching(/^Customer:/), fullName: 'Vite User' });
    expect(outcome.refused).toMatch(/^400 INVALID_INPUT: /);
    await page.close();
  }, 60_000);
});
