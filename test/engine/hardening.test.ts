/** Hardening at the edges: empty snapshots, page headers, the card-number key (slow and idle connections: connections.test.ts). */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { individual, makeSandbox } from '../helpers.js';
import { createSandbox, sequentialIds, type Sandbox } from '../../src/index.js';

const dirs: string[] = [];
const sandboxes: Sandbox[] = [];
afterEach(async () => {
  for (const s of sandboxes.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('PUT /__admin/snapshot', () => {
  it.each([
    ['no body at all', undefined, undefined],
    ['an empty JSON body', '', 'application/json'],
    ['{}', '{}', 'application/json'],
    ['only the format marker', '{"format":"paysandbox-snapshot/1","exportedAt":"2025-01-01T00:00:00Z"}', 'application/json'],
  ])('refuses %s with 400 and changes nothing', async (_, body, type) => {
    const client = makeSandbox().client();
    await client.post('/customers', individual());
    const before = (await client.get('/__admin/snapshot')).body;
    const res = await client.call('PUT', '/__admin/snapshot', body, type ? { 'content-type': type } : {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT' });
    if (body !== '') expect(res.body.reason).toBe('The snapshot is empty; nothing was changed');
    const after = (await client.get('/__admin/snapshot')).body;
    expect({ ...after, exportedAt: undefined }).toEqual({ ...before, exportedAt: undefined });
    expect((await client.get('/customers')).body.data).toHaveLength(1);
  });

  it('still restores a snapshot with one section, and one over 1 MB (uploaded files travel in it)', async () => {
    const client = makeSandbox().client();
    await client.post('/customers', individual());
    expect((await client.call('PUT', '/__admin/snapshot', { customers: {} })).status).toBe(200);
    expect((await client.get('/customers')).body.data).toHaveLength(0);
    const customer = (await client.post('/customers', individual())).body.id;
    const big = Buffer.alloc(3 * 1024 * 1024, 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    expect((await client.upload('/documents', { documentHolder: customer, documentType: 'PASSPORT', country: 'US', file: new File([big], 'big.png') })).status).toBe(201);
    const snapshot = (await client.get('/__admin/snapshot')).body;
    expect(JSON.stringify(snapshot).length).toBeGreaterThan(4 * 1024 * 1024);
    expect((await client.call('PUT', '/__admin/snapshot', snapshot)).status).toBe(200);
  });
});

describe('the pages the sandbox shows a person', () => {
  const expectPageHeaders = (res: Response, where: string) => {
    expect(res.headers.get('content-security-policy'), where).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('content-security-policy'), where).toMatch(/default-src '(none|self)'/);
    expect(res.headers.get('x-frame-options'), where).toBe('DENY');
    expect(res.headers.get('referrer-policy'), where).toBe('no-referrer');
    expect(res.headers.get('cache-control'), where).toBe('no-store');
  };

  it('send CSP with frame-ancestors, X-Frame-Options, no referrer and no caching: KYC link, card reveal, dashboard', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const customer = (await client.post('/customers', individual())).body.id;
    const kyc = new URL((await client.post(`/customers/${customer}/kyc-link`, {})).body.kycUrl).pathname;
    expectPageHeaders(await sandbox.app.request(kyc), 'kyc page');
    expectPageHeaders(await sandbox.app.request(`${kyc}x`), 'unknown kyc page');
    expectPageHeaders(await sandbox.app.request(kyc, { method: 'POST', body: new FormData() }), 'kyc form post');

    await client.post('/__admin/scenarios/cards');
    const card = (await client.get('/cards')).body.data[0];
    const reveal = new URL((await client.post(`/cards/${card.id}/reveal`)).body.panEmbedUrl).pathname;
    expectPageHeaders(await sandbox.app.request(reveal), 'reveal page');
    expectPageHeaders(await sandbox.app.request(reveal), 'used reveal page');

    expectPageHeaders(await sandbox.app.request('/__admin'), 'dashboard');
    expectPageHeaders(await sandbox.app.request('/__admin/ui/app.js'), 'dashboard script');
    expect((await sandbox.app.request('/__admin/ui/app.js')).headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await sandbox.app.request('/__admin/ui/nope.js')).status).toBe(404);
  });
});

describe('card numbers', () => {
  async function revealedPan(sandbox: { client(): { post(p: string, b?: unknown): Promise<{ body: any }>; get(p: string): Promise<{ body: any }> } }, app: { request(p: string): Response | Promise<Response> }): Promise<{ pan: string; cvv: string; last4: string; id: string }> {
    const client = sandbox.client();
    const card = (await client.get('/cards')).body.data[0];
    const url = new URL((await client.post(`/cards/${card.id}/reveal`)).body.panEmbedUrl);
    const html = await (await app.request(url.pathname)).text();
    return { pan: /data-field="pan">([\d ]+)</.exec(html)![1]!.replace(/ /g, ''), cvv: /data-field="cvv">(\d{3})</.exec(html)![1]!, last4: card.last4, id: card.id };
  }

  it('differ between sandboxes for the same card id: they come from a key, not from the id alone', async () => {
    const one = makeSandbox({ ids: sequentialIds(), scenario: 'cards' });
    const two = makeSandbox({ ids: sequentialIds(), scenario: 'cards' });
    const a = await revealedPan(one, one.app);
    const b = await revealedPan(two, two.app);
    expect(a.id).toBe(b.id);
    expect(a.pan).not.toBe(b.pan);
    expect([a.pan.slice(-4), b.pan.slice(-4)]).toEqual([a.last4, b.last4]);
  });

  it('keep their key in the data directory, owner-only, so a restart shows the same number', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysandbox-cardkey-'));
    dirs.push(dir);
    const first = await createSandbox({ dataDir: dir, scenario: 'cards' });
    const before = await revealedPan(first, first.app);
    await first.close();
    const keyFile = join(dir, 'card-number-key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    const second = await createSandbox({ dataDir: dir });
    sandboxes.push(second);
    const after = await revealedPan(second, second.app);
    expect(after).toEqual(before);
  });

  it('are Luhn-valid and end in the stored last4 even for a card restored into another sandbox', async () => {
    const source = makeSandbox({ scenario: 'cards' }).client();
    await source.get('/cards');
    const snapshot = (await source.get('/__admin/snapshot')).body;
    const target = makeSandbox();
    await target.client().call('PUT', '/__admin/snapshot', snapshot);
    const { pan, last4 } = await revealedPan(target, target.app);
    expect(pan).toHaveLength(16);
    expect(pan.endsWith(last4)).toBe(true);
    const sum = [...pan].reverse().reduce((s, ch, i) => s + (i % 2 === 1 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(ch)]! : Number(ch)), 0);
    expect(sum % 10).toBe(0);
  });
});
