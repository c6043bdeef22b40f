/**
 * Integration coverage (GET/DELETE /__admin/coverage): exact counts of what
 * a client's requests exercised, driven over HTTP; its survival across
 * reset, restore, scenario loads and a restart; one tenant's counters apart
 * from another's.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { individual, makeSandbox, TEST_EPOCH_MS, usdAccount, type Client } from '../helpers.js';
import { RULES } from '../../src/rules/index.js';
import { createSandbox } from '../../src/index.js';
import { eventTypes } from '../../src/control/coverage.service.js';

type Report = {
  since: string;
  operations: { total: number; exercised: number; items: Array<{ operationId: string; method: string; path: string; calls: number; statuses: Record<string, number>; errorCodes: Record<string, number> }> };
  outcomes: { total: number; exercised: number; items: Array<{ table: string; key: string | null; magic: string; hits: number }> };
  webhooks: { total: number; exercised: number; emitted: number; delivered: number; acknowledged: number; items: Array<{ type: string; trigger: boolean; emitted: number; delivered: number; acknowledged: number }> };
};

const report = async (client: Client): Promise<Report> => {
  const reply = await client.get('/__admin/coverage');
  expect(reply.status).toBe(200);
  return reply.body as Report;
};
const operation = (r: Report, id: string) => r.operations.items.find((i) => i.operationId === id)!;
const row = (r: Report, table: string, key: string | null) => r.outcomes.items.find((i) => i.table === table && i.key === key)!;
const event = (r: Report, type: string) => r.webhooks.items.find((i) => i.type === type)!;
const used = (r: Report) => ({
  operations: r.operations.items.filter((i) => i.calls > 0).map((i) => [i.operationId, i.calls]),
  outcomes: r.outcomes.items.filter((i) => i.hits > 0).map((i) => [i.table, i.key, i.hits]),
  webhooks: r.webhooks.items.filter((i) => i.emitted + i.delivered > 0).map((i) => [i.type, i.emitted, i.delivered, i.acknowledged]),
});

/** A funded customer account and a payout of $100 to a bank account ending in `suffix`, executed. */
async function payout(client: Client, suffix: string, key: string) {
  const customer = (await client.post('/customers', individual({ fullName: 'Jane Doe' }))).body;
  const account = (await client.get(`/customers/internal-accounts?customerId=${customer.id}`)).body.data[0].id;
  expect((await client.post(`/sandbox/internal-accounts/${account}/fund`, { amount: 150000 })).status).toBe(200);
  const bank = await client.post('/customers/external-accounts', usdAccount(customer.id, `000123456${suffix}`));
  expect(bank.status).toBe(201);
  const quote = await client.post('/quotes', { source: { sourceType: 'ACCOUNT', accountId: account }, destination: { destinationType: 'ACCOUNT', accountId: bank.body.id }, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10000 });
  expect(quote.status).toBe(201);
  const executed = await client.post(`/quotes/${quote.body.id}/execute`, undefined, { 'Idempotency-Key': key });
  expect(executed.status).toBe(200);
  return executed.body;
}

describe('GET /__admin/coverage', () => {
  it('lists every operation, rule row (default rows included) and event type, all at zero before any request', async () => {
    const sandbox = makeSandbox();
    const client = sandbox.client();
    const r = await report(client);
    const document = (await client.get('/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string }>> };
    const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((o) => o.operationId));
    expect(r.operations.items.map((i) => i.operationId).sort()).toEqual(operationIds.sort());
    expect(r.operations.total).toBe(operationIds.length);
    expect(r.operations.total).toBeGreaterThanOrEqual(153);
    const rows = Object.entries(RULES).flatMap(([table, t]) => t.rows.map((x) => [table, x.key]));
    expect(r.outcomes.items.map((i) => [i.table, i.key])).toEqual(rows);
    expect(r.outcomes.total).toBe(rows.length);
    expect(r.outcomes.items.filter((i) => i.key === null)).toHaveLength(Object.keys(RULES).length);
    const rules = (await client.get('/__admin/rules')).body.tables as Array<{ name: string; rows: Array<{ key: string | null }> }>;
    expect(rules.flatMap((t) => t.rows.map((x) => [t.name, x.key]))).toEqual(rows);
    expect(r.webhooks.items.map((i) => i.type)).toEqual(eventTypes());
    expect(r.webhooks.items.map((i) => i.type)).toContain('OUTGOING_PAYMENT.COMPLETED');
    expect(r.webhooks.total).toBe(eventTypes().length);
    expect(event(r, 'CARD.STATUS_CHANGE').trigger).toBe(true);
    // Every event type can be made to happen on demand (INVITATION.CLAIMED by an invitee of the sandbox's own).
    expect(r.webhooks.items.filter((i) => !i.trigger)).toEqual([]);
    expect(row(r, 'quoteExecution', '003').magic).toBe('destination external account identifier ending in 003 (before any @domain)');
    expect(used(r)).toEqual({ operations: [], outcomes: [], webhooks: [] });
    expect([r.operations.exercised, r.outcomes.exercised, r.webhooks.exercised, r.webhooks.acknowledged]).toEqual([0, 0, 0, 0]);
    expect(r.since).toBe(new Date(TEST_EPOCH_MS).toISOString());
  });

  it('counts calls per operation by status and error code; control-plane calls and unknown routes are not operations', async () => {
    const client = makeSandbox().client();
    expect((await client.post('/customers', individual())).status).toBe(201);
    expect((await client.post('/customers', individual({ customerType: 'NOPE' }))).status).toBe(400);
    expect((await client.post('/customers', individual({ fullName: 'Other Person' }))).status).toBe(201);
    expect((await client.get('/customers/Customer:nope')).body.code).toBe('USER_NOT_FOUND');
    expect((await client.get('/customers')).status).toBe(200);
    expect((await client.get('/no-such-route')).status).toBe(404);
    await client.post('/__admin/clock/advance', { seconds: 5 });
    const r = await report(client);
    expect(operation(r, 'createCustomer')).toMatchObject({ method: 'POST', path: '/customers', calls: 3, statuses: { 201: 2, 400: 1 }, errorCodes: { INVALID_INPUT: 1 } });
    expect(operation(r, 'getCustomerById')).toMatchObject({ method: 'GET', path: '/customers/{customerId}', calls: 1, statuses: { 404: 1 }, errorCodes: { USER_NOT_FOUND: 1 } });
    expect(operation(r, 'listCustomers')).toMatchObject({ calls: 1, statuses: { 200: 1 }, errorCodes: {} });
    expect(used(r).operations).toEqual([
      ['createCustomer', 3],
      ['listCustomers', 1],
      ['getCustomerById', 1],
    ].sort((a, b) => r.operations.items.findIndex((i) => i.operationId === a[0]) - r.operations.items.findIndex((i) => i.operationId === b[0])));
    expect(r.operations.exercised).toBe(3);
  });

  it('counts the rule row that decided each outcome: a payout to ...003 hits that row, not ...005', async () => {
    const client = makeSandbox().client();
    await payout(client, '003', 'p1');
    let r = await report(client);
    expect(row(r, 'quoteExecution', '003').hits).toBe(1);
    expect(row(r, 'quoteExecution', '005').hits).toBe(0);
    expect(used(r).outcomes).toEqual([
      ['beneficiaryVerification', null, 1],
      ['quoteExecution', '003', 1],
      ['quoteRate', null, 1],
    ]);
    expect(r.outcomes.exercised).toBe(3);
    await payout(client, '005', 'p2');
    r = await report(client);
    expect(row(r, 'quoteExecution', '003').hits).toBe(1);
    expect(row(r, 'quoteExecution', '005').hits).toBe(1);
    expect(row(r, 'quoteRate', null).hits).toBe(2);
    // A refused account number (...105) is decided by its own row of the verification table.
    const customer = (await client.post('/customers', individual())).body;
    expect((await client.post('/customers/external-accounts', usdAccount(customer.id, '000123456105'))).status).toBe(400);
    r = await report(client);
    expect(row(r, 'beneficiaryVerification', '105').hits).toBe(1);
    expect(operation(r, 'createCustomerExternalAccount')).toMatchObject({ calls: 3, statuses: { 201: 2, 400: 1 } });
  });

  describe('webhooks against a real endpoint that refuses some types', () => {
    let server: Server | undefined;
    afterEach(async () => {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    });

    it('counts emitted, delivered (reached the endpoint) and acknowledged (2xx) per event type', async () => {
      const received: string[] = [];
      // Refuses OUTGOING_PAYMENT.PENDING the first time with a 500; acknowledges everything else.
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (d) => (body += d)).on('end', () => {
          const type = (JSON.parse(body) as { type: string }).type;
          received.push(type);
          res.writeHead(type === 'OUTGOING_PAYMENT.PENDING' && !received.slice(0, -1).includes(type) ? 500 : 200).end();
        });
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const client = makeSandbox().client();
      expect((await client.patch('/config', { webhookEndpoint: url, isRegulatedFinancialInstitution: true })).status).toBe(200);
      await payout(client, '003', 'w1');
      const settled = async (predicate: (r: Report) => boolean) => {
        for (let i = 0; i < 250; i++) {
          const r = await report(client);
          if (predicate(r)) return r;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('deliveries did not settle');
      };
      const r = await settled((x) => x.webhooks.items.reduce((n, i) => n + i.delivered, 0) === received.length && received.length >= 5);
      // The sandbox's clock has not moved: the refused delivery waits for its retry, and the payment's next event waits behind it.
      expect(used(r).webhooks).toEqual([
        ['OUTGOING_PAYMENT.PENDING', 1, 1, 0],
        ['OUTGOING_PAYMENT.PROCESSING', 1, 0, 0],
        ['CUSTOMER.KYC_APPROVED', 1, 1, 1],
        // The funding is an incoming payment.
        ['INCOMING_PAYMENT.COMPLETED', 1, 1, 1],
        // Funded, then the payout held (each its own commit).
        ['INTERNAL_ACCOUNT.BALANCE_UPDATED', 2, 2, 2],
      ].sort((a, b) => r.webhooks.items.findIndex((i) => i.type === a[0]) - r.webhooks.items.findIndex((i) => i.type === b[0])));
      expect([r.webhooks.emitted, r.webhooks.delivered, r.webhooks.acknowledged]).toEqual([5, 4, 3]);
      // Six minutes later: the refused one is tried again and acknowledged, then the rest of the payment's events.
      await client.post('/__admin/clock/advance', { seconds: 360 });
      const later = await settled((x) => event(x, 'OUTGOING_PAYMENT.COMPLETED').delivered === 1 && event(x, 'INTERNAL_ACCOUNT.BALANCE_UPDATED').delivered === 3);
      expect(used(later).webhooks).toEqual([
        ['OUTGOING_PAYMENT.PENDING', 1, 2, 1],
        ['OUTGOING_PAYMENT.PROCESSING', 1, 1, 1],
        ['OUTGOING_PAYMENT.COMPLETED', 1, 1, 1],
        ['CUSTOMER.KYC_APPROVED', 1, 1, 1],
        ['INCOMING_PAYMENT.COMPLETED', 1, 1, 1],
        // Funded, the payout held, the payout settled.
        ['INTERNAL_ACCOUNT.BALANCE_UPDATED', 3, 3, 3],
      ].sort((a, b) => later.webhooks.items.findIndex((i) => i.type === a[0]) - later.webhooks.items.findIndex((i) => i.type === b[0])));
      expect(received.filter((t) => t === 'OUTGOING_PAYMENT.PENDING')).toHaveLength(2);
    });

    it('counts an event whose endpoint cannot be reached as emitted, not delivered', async () => {
      server = createServer();
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
      const client = makeSandbox().client();
      expect((await client.patch('/config', { webhookEndpoint: `http://127.0.0.1:${port}/gone`, isRegulatedFinancialInstitution: true })).status).toBe(200);
      expect((await client.post('/customers', individual())).status).toBe(201);
      for (let i = 0; i < 100 && (await client.get('/__admin/webhooks')).body.data[0]?.attempts.length !== 1; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(event(await report(client), 'CUSTOMER.KYC_APPROVED')).toMatchObject({ emitted: 1, delivered: 0, acknowledged: 0 });
    });
  });

  it("a trigger's set-up counts no operation and no rule row; the events it causes count", async () => {
    const client = makeSandbox().client();
    expect((await client.post('/__admin/events/trigger', { type: 'OUTGOING_PAYMENT.COMPLETED' })).status).toBe(200);
    const r = await report(client);
    expect(r.operations.exercised).toBe(0);
    expect(r.outcomes.exercised).toBe(0);
    expect(event(r, 'OUTGOING_PAYMENT.COMPLETED').emitted).toBe(1);
  });
});

describe('recording survives', () => {
  it('reset, snapshot restore and scenario loads, which count nothing themselves', async () => {
    const client = makeSandbox().client();
    await payout(client, '003', 's1');
    const before = await report(client);
    const snapshot = (await client.get('/__admin/snapshot')).body;
    expect((await client.post('/__admin/reset')).status).toBe(200);
    expect(await report(client)).toEqual(before);
    expect((await client.put('/__admin/snapshot', snapshot)).status).toBe(200);
    expect(await report(client)).toEqual(before);
    for (const name of ['payouts', 'kyc-matrix', 'cards']) {
      expect((await client.post(`/__admin/scenarios/${name}`)).status).toBe(200);
      expect(await report(client)).toEqual(before);
    }
  });

  it('a restart: the counters are kept beside the tenant\'s files, per tenant', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysandbox-coverage-'));
    try {
      const first = makeSandbox({ dataDir: dir });
      await payout(first.client('kept', 'secret'), '003', 'r1');
      expect((await first.client('other', 'secret').get('/customers')).status).toBe(200);
      const kept = await report(first.client('kept', 'secret'));
      const other = await report(first.client('other', 'secret'));
      await first.registry.close();
      expect(readdirSync(join(dir, 'tenants')).filter((f) => f.endsWith('.coverage'))).toHaveLength(2);

      const second = makeSandbox({ dataDir: dir });
      expect(await report(second.client('kept', 'secret'))).toEqual(kept);
      expect(await report(second.client('other', 'secret'))).toEqual(other);
      expect(used(other).operations).toEqual([['listCustomers', 1]]);
      await second.registry.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is written a second after a change (not before), without waiting for the sandbox to stop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysandbox-coverage-'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sandbox = makeSandbox({ dataDir: dir });
      const client = sandbox.client('timed', 'secret');
      const files = () => readdirSync(join(dir, 'tenants')).filter((f) => f.endsWith('.coverage'));
      expect((await client.get('/customers')).status).toBe(200);
      expect(files()).toEqual([]);
      vi.advanceTimersByTime(999);
      expect(files()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(files()).toHaveLength(1);
      const written = () => JSON.parse(readFileSync(join(dir, 'tenants', files()[0]!), 'utf8')) as { operations: Record<string, { calls: number }> };
      expect(written().operations['GET /customers']!.calls).toBe(1);
      // A second change, a second write a second later.
      expect((await client.get('/customers')).status).toBe(200);
      expect(written().operations['GET /customers']!.calls).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(written().operations['GET /customers']!.calls).toBe(2);
      await sandbox.registry.close();
    } finally {
      vi.useRealTimers();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an unreadable coverage file starts the counters over instead of stopping the sandbox', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paysandbox-coverage-'));
    try {
      const first = makeSandbox({ dataDir: dir });
      expect((await first.client('kept', 'secret').get('/customers')).status).toBe(200);
      await first.registry.close();
      const file = readdirSync(join(dir, 'tenants')).find((f) => f.endsWith('.coverage'))!;
      expect(JSON.parse(readFileSync(join(dir, 'tenants', file), 'utf8')).operations['GET /customers'].calls).toBe(1);
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, 'tenants', file), '{not json');
      const second = makeSandbox({ dataDir: dir });
      expect(used(await report(second.client('kept', 'secret'))).operations).toEqual([]);
      await second.registry.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tenants and clearing', () => {
  it('one tenant never sees another\'s counts; the library sums every tenant with allTenants', async () => {
    const sandbox = await createSandbox({ log: 'silent' });
    try {
      const a = sandbox.client('tenant-a');
      const b = sandbox.client('tenant-b');
      expect((await a.get('/customers')).status).toBe(200);
      expect((await a.get('/customers')).status).toBe(200);
      expect((await b.get('/customers')).status).toBe(200);
      expect((await b.post('/customers', {})).status).toBe(400);
      const ofA = await a.coverage();
      const ofB = await b.coverage();
      expect(ofA.operations.items.filter((i) => i.calls > 0).map((i) => [i.operationId, i.calls, i.statuses])).toEqual([['listCustomers', 2, { 200: 2 }]]);
      expect(ofB.operations.items.filter((i) => i.calls > 0).map((i) => [i.operationId, i.calls, i.statuses])).toEqual([
        ['createCustomer', 1, { 400: 1 }],
        ['listCustomers', 1, { 200: 1 }],
      ].sort((x, y) => ofB.operations.items.findIndex((i) => i.operationId === x[0]) - ofB.operations.items.findIndex((i) => i.operationId === y[0])));
      const all = await sandbox.coverage({ allTenants: true });
      expect(all.operations.items.find((i) => i.operationId === 'listCustomers')).toMatchObject({ calls: 3, statuses: { 200: 3 } });
      expect(all.operations.items.find((i) => i.operationId === 'createCustomer')).toMatchObject({ calls: 1, errorCodes: { INVALID_INPUT: 1 } });
      expect(all.operations.exercised).toBe(2);
      expect(all.operations.total).toBe(ofA.operations.total);
    } finally {
      await sandbox.close();
    }
  });

  it('DELETE /__admin/coverage clears the tenant\'s counters only, and since becomes now', async () => {
    const sandbox = makeSandbox();
    const a = sandbox.client('a', 's');
    const b = sandbox.client('b', 's');
    await payout(a, '003', 'd1');
    expect((await b.get('/customers')).status).toBe(200);
    await a.post('/__admin/clock/advance', { seconds: 60 });
    const cleared = await a.delete('/__admin/coverage');
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ cleared: true, since: new Date(TEST_EPOCH_MS + 60_000).toISOString() });
    const r = await report(a);
    expect(used(r)).toEqual({ operations: [], outcomes: [], webhooks: [] });
    expect(r.since).toBe(new Date(TEST_EPOCH_MS + 60_000).toISOString());
    expect(used(await report(b)).operations).toEqual([['listCustomers', 1]]);
  });
});

describe('every decision is counted', () => {
  /** The argument lists of every call of `name` in `text`. */
  function callsOf(text: string, name: string): string[][] {
    const calls: string[][] = [];
    for (let at = text.indexOf(`${name}(`); at >= 0; at = text.indexOf(`${name}(`, at + 1)) {
      if (/[\w.]/.test(text[at - 1] ?? '') || /function\s+$/.test(text.slice(Math.max(0, at - 12), at))) continue;
      const args: string[] = [];
      let depth = 0;
      let current = '';
      for (let i = at + name.length + 1; i < text.length; i++) {
        const ch = text[i]!;
        if (depth === 0 && (ch === ',' || ch === ')')) {
          if (current.trim()) args.push(current.trim());
          current = '';
          if (ch === ')') break;
          continue;
        }
        if ('([{'.includes(ch)) depth++;
        if (')]}'.includes(ch)) depth--;
        current += ch;
      }
      calls.push(args);
    }
    return calls;
  }

  it('each outcomeFor and ruleFor call of the areas tells the tenant\'s coverage (a new table or call site included)', async () => {
    const { readdirSync: list, statSync } = await import('node:fs');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of list(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts')) files.push(path);
      }
    };
    walk(new URL('../../src/areas', import.meta.url).pathname);
    const missing: string[] = [];
    let seen = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const name of ['outcomeFor', 'ruleFor']) {
        for (const args of callsOf(text, name)) {
          seen++;
          if (args.length !== 3) missing.push(`${file.slice(file.indexOf('src/'))}: ${name}(${args.join(', ')})`);
        }
      }
    }
    expect(seen).toBeGreaterThanOrEqual(40);
    // quotes.service.ts asks quoteRate's row again only to describe the refusal it already counted; verifications'
    // gapsOf looks ahead at what the next submission would ask for, and that submission is what counts.
    expect(missing).toEqual([
      expect.stringMatching(/quotes\.service\.ts: ruleFor\('quoteRate'/),
      expect.stringMatching(/verifications\.service\.ts: outcomeFor\('businessKyb'/),
    ]);
  });
});
