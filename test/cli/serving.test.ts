/** The paysandbox command serving: data, settings, seeds, request logs and `paysandbox trigger`. */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSandbox } from '../helpers.js';
import { commandPerTest, AUTH, BIN, json, run, start } from './command.js';

const { dir: cwd } = commandPerTest();

describe('serving', () => {
  it('prints where it serves, persists to the default data dir and stops cleanly on SIGTERM', async () => {
    const { child, url, output, exit } = await start([]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    expect(output()).toContain(`${new URL(url).origin}/docs`);
    expect(output()).toContain(join(cwd(), '.paysandbox'));
    expect(output()).toMatch(/Auth\s+HTTP Basic/);
    // The sandbox UMA receivers' domains, the service's guides' one among them.
    expect(output()).toMatch(/UMA\s+sandbox receivers on sandbox\.uma\.local, sandbox\.uma\.money, sandbox\.grid\.uma\.money: \$success\.usd@/);
    const created = await fetch(`${url}/customers`, { method: 'POST', headers: json, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Kept Safe' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    const again = await start([]);
    const kept = await fetch(`${again.url}/customers/${id}`, { headers: json });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { fullName: string }).fullName).toBe('Kept Safe');
  });

  it('reads its settings from PAYSANDBOX_* variables', async () => {
    const { url, output } = await start([], { PAYSANDBOX_MEMORY: '1', PAYSANDBOX_HOST: '127.0.0.1', PAYSANDBOX_LOG: 'json' });
    expect(output()).toContain('memory (nothing is written)');
    expect((await fetch(`${url}/customers`, { headers: { authorization: AUTH } })).status).toBe(200);
  });

  it('--service-name names the headers, the field and the codes; PAYSANDBOX_SERVICE_NAME does too, and the flag wins', async () => {
    const { url, output } = await start(['--memory', '--service-name', 'Grid'], { PAYSANDBOX_SERVICE_NAME: 'Acme' });
    expect(output()).toMatch(/Auth\s+HTTP Basic.*embedded-wallet actions stamped in Grid-Wallet-Signature/);
    expect(output()).toContain('signed (X-Grid-Signature: {"v":"1","s":"<base64>"})');
    const origin = new URL(url).origin;
    const document = await (await fetch(`${origin}/openapi.json`)).text();
    expect(document).toContain('Grid-Wallet-Signature');
    expect(document).not.toMatch(/Service-Wallet-Signature|X-Acme-Signature/i);
    expect((await (await fetch(`${origin}/__admin/webhooks/public-key`, { headers: json })).json()) as { header: string }).toMatchObject({ header: 'X-Grid-Signature' });
    const fromEnv = await start(['--memory'], { PAYSANDBOX_SERVICE_NAME: 'Acme' });
    expect(fromEnv.output()).toContain('X-Acme-Signature');
    expect(((await (await fetch(`${new URL(fromEnv.url).origin}/`)).json()) as { service: { operationsStatusField: string } }).service.operationsStatusField).toBe('acmeOperationsStatus');
    const plain = await start(['--memory']);
    expect(plain.output()).toContain('signed (X-Service-Signature');
    expect(plain.output()).toContain('stamped in Service-Wallet-Signature');
  });

  it('starts every new tenant from a scenario', async () => {
    const { url } = await start(['--memory', '--scenario', 'starter']);
    const list = (await (await fetch(`${url}/customers`, { headers: { authorization: AUTH } })).json()) as { totalCount: number };
    expect(list.totalCount).toBe(2);
  });

  it('starts every new tenant from a fixtures file', async () => {
    const now = '2025-10-13T00:00:00.000Z';
    const customer = { id: 'Customer:00000000-0000-4000-8000-000000000001', customerType: 'INDIVIDUAL', platformCustomerId: 'fixture-1', umaAddress: '$fixture@sandbox.uma.local', isDeleted: false, createdAt: now, updatedAt: now, kycStatus: 'UNVERIFIED', fullName: 'From Fixture' };
    writeFileSync(join(cwd(), 'fixtures.json'), JSON.stringify({ customers: { [customer.id]: customer } }));
    const { url } = await start(['--memory', '--fixtures', 'fixtures.json']);
    const res = await fetch(`${url}/customers/${customer.id}`, { headers: { authorization: AUTH } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { fullName: string }).fullName).toBe('From Fixture');
  });

  it('starts every new tenant from a YAML fixture of API steps, its requests waiting for them; refuses a bad one at start-up, naming the step', async () => {
    writeFileSync(join(cwd(), 'steps.yaml'), 'fixtures:\n  - name: jane\n    request: POST /customers\n    body: { customerType: INDIVIDUAL, fullName: "${env.FIXTURE_NAME}" }\n  - request: GET /customers/${jane.id}\n    expect: { body: { fullName: Jane Yaml } }\n');
    const { url } = await start(['--memory', '--fixtures', 'steps.yaml'], { FIXTURE_NAME: 'Jane Yaml' });
    for (const auth of [AUTH, `Basic ${Buffer.from('other-tenant:secret').toString('base64')}`]) {
      const list = (await (await fetch(`${url}/customers`, { headers: { authorization: auth } })).json()) as { data: Array<{ fullName: string }> };
      expect(list.data.map((c) => c.fullName)).toEqual(['Jane Yaml']);
    }
    writeFileSync(join(cwd(), 'bad.json'), JSON.stringify({ fixtures: [{ name: 'jane', request: 'POST /customerz', body: {} }] }));
    const bad = await run(['--memory', '--fixtures', 'bad.json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^paysandbox: fixtures file .*bad\.json: FIXTURE_UNKNOWN_ROUTE: Step fixtures\[0\] \(jane\): The sandbox has no route POST \/customerz\n$/);
  });

  it('paysandbox fixtures FILE runs a fixture in a running sandbox; fixtures export records the session', async () => {
    const { url } = await start(['--memory']);
    const sandbox = new URL(url).origin;
    writeFileSync(join(cwd(), 'people.json'), JSON.stringify({ fixtures: [{ name: 'people', repeat: 2, request: 'POST /customers', body: { customerType: 'INDIVIDUAL', fullName: 'Person ${i}' } }, { advance: 60 }] }));
    const credentials = ['--sandbox', sandbox, '--client-id', 'cli-test', '--client-secret', 'secret'];
    const loaded = await run(['fixtures', 'people.json', ...credentials]);
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toMatch(/^people\s+201 POST \/customers  Customer:\S+ Customer:\S+\n-\s+200 advance 60\nclock now \S+\n$/);
    const exported = await run(['fixtures', 'export', ...credentials, '--out', 'session.yaml']);
    expect(exported.code).toBe(0);
    const replayed = await run(['fixtures', 'session.yaml', '--sandbox', sandbox, '--client-id', 'replay', '--client-secret', 'secret']);
    expect(replayed.code).toBe(0);
    const names = (await (await fetch(`${url}/customers`, { headers: { authorization: `Basic ${Buffer.from('replay:secret').toString('base64')}` } })).json()) as { data: Array<{ fullName: string }> };
    expect(names.data.map((c) => c.fullName).sort()).toEqual(['Person 1', 'Person 2']);
    writeFileSync(join(cwd(), 'failing.json'), JSON.stringify({ fixtures: [{ request: 'GET /customers/Customer:00000000-0000-4000-8000-000000000009' }] }));
    const failing = await run(['fixtures', 'failing.json', ...credentials]);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toMatch(/^paysandbox: the sandbox answered 409 FIXTURE_STEP_FAILED: Step fixtures\[0\]: GET \/customers\/Customer:\S+ answered 404 USER_NOT_FOUND: /);
    expect((await run(['fixtures', ...credentials])).code).toBe(2);
  });

  it('starts from a snapshot exported by GET /__admin/snapshot, cards and files included', async () => {
    const source = makeSandbox().client();
    await source.post('/__admin/scenarios/cards');
    const card = (await source.get('/cards')).body.data[0];
    writeFileSync(join(cwd(), 'snapshot.json'), JSON.stringify((await source.get('/__admin/snapshot')).body));
    const { url } = await start(['--memory', '--fixtures', 'snapshot.json']);
    const res = await fetch(`${url}/cards/${card.id}`, { headers: { authorization: AUTH } });
    expect(((await res.json()) as { status: string }).status).toBe('ACTIVE');
  });

  it('exits 2 on a --webhook-url that is not an http(s) URL', async () => {
    const res = await run(['--webhook-url', 'ftp://x', '--memory']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^paysandbox: --webhook-url must be an http\(s\) URL/);
  });

  it('loads the example fixtures file shipped in fixtures/', async () => {
    const { url } = await start(['--memory', '--fixtures', join(dirname(BIN), '..', 'fixtures', 'example.json')]);
    const accounts = (await (await fetch(`${url}/customers/internal-accounts`, { headers: { authorization: AUTH } })).json()) as { data: Array<{ balance: { amount: number } }> };
    expect(accounts.data.map((a) => a.balance.amount)).toEqual([250000]);
    const external = await fetch(`${url}/customers/external-accounts/ExternalAccount:00000000-0000-4000-8000-000000000004`, { headers: { authorization: AUTH } });
    expect(((await external.json()) as { accountInfo: { paymentRails: string[] } }).accountInfo.paymentRails).toEqual(['ACH', 'WIRE', 'RTP', 'FEDNOW']);
  });

  it('accepts only the pinned credentials of a credentials file', async () => {
    writeFileSync(join(cwd(), 'creds.json'), JSON.stringify({ 'cli-test': 'secret' }));
    const { url } = await start(['--memory', '--credentials', 'creds.json']);
    expect((await fetch(`${url}/customers`, { headers: { authorization: AUTH } })).status).toBe(200);
    const other = `Basic ${Buffer.from('someone:else').toString('base64')}`;
    expect((await fetch(`${url}/customers`, { headers: { authorization: other } })).status).toBe(401);
  });
});

describe('request logs', () => {
  const lines = (text: string) => text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);

  it('--log json prints the banner as one JSON line, then one JSON line per API and control-plane request', async () => {
    const { url, output } = await start(['--memory', '--log', 'json']);
    await fetch(`${url}/customers`, { method: 'POST', headers: { ...json, 'x-request-id': 'from-the-app' }, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Logged' }) });
    await fetch(`${url}/customers/Customer:missing`, { headers: { authorization: AUTH } });
    await fetch(`${url}/customers`, { headers: { authorization: 'Basic bm9wZQ==' } });
    await fetch(`${new URL(url).origin}/__admin/clock`, { headers: { authorization: AUTH } });
    // Not logged: the dashboard's own calls, its files, the docs.
    await fetch(`${url}/customers`, { headers: { authorization: AUTH, 'x-requested-with': 'paysandbox-dashboard' } });
    await fetch(`${new URL(url).origin}/__admin`);
    await fetch(`${new URL(url).origin}/openapi.json`);
    await fetch(`${url}/config`, { headers: { authorization: AUTH } });
    await expect.poll(() => lines(output()).filter((l) => l.msg === 'request').length).toBe(5);
    const [banner, ...rest] = lines(output());
    expect(banner).toMatchObject({ level: 'info', msg: 'listening', api: url, version: '2025-10-13', data: 'memory (nothing is written)', cors: 'any origin' });
    const requests = rest.filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.method, l.path, l.status, l.tenant])).toEqual([
      ['POST', '/2025-10-13/customers', 201, 'cli-test'],
      ['GET', '/2025-10-13/customers/Customer:missing', 404, 'cli-test'],
      ['GET', '/2025-10-13/customers', 401, null],
      ['GET', '/__admin/clock', 200, 'cli-test'],
      ['GET', '/2025-10-13/config', 200, 'cli-test'],
    ]);
    for (const line of requests) {
      expect(Object.keys(line).sort()).toEqual(['durationMs', 'level', 'method', 'msg', 'path', 'requestId', 'status', 'tenant', 'time']);
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(typeof line.durationMs).toBe('number');
    }
    expect(requests[0]!.requestId).toBe('from-the-app');
    expect(requests[1]!.requestId).toMatch(/^req_[0-9a-f]{6}_\w+$/);
    expect(new Set(requests.map((l) => l.requestId)).size).toBe(5);
    // The request id is the journal's too.
    const journal = (await (await fetch(`${new URL(url).origin}/__admin/requests`, { headers: { authorization: AUTH } })).json()) as { data: Array<{ requestId: string }> };
    expect(journal.data.map((e) => e.requestId)).toContain(requests[1]!.requestId);
  });

  it('prints a short line per request by default, and none with --quiet or PAYSANDBOX_QUIET', async () => {
    const pretty = await start(['--memory']);
    await fetch(`${pretty.url}/customers?limit=2`, { headers: { authorization: AUTH } });
    await expect.poll(() => pretty.output()).toMatch(/\n\d\d:\d\d:\d\d\.\d{3} GET \/2025-10-13\/customers 200 [\d.]+ ms cli-test req_\w+\n/);

    for (const quiet of [['--quiet'], ['--quiet', '--log', 'json']]) {
      const started = await start(['--memory', ...quiet]);
      await fetch(`${started.url}/customers`, { headers: { authorization: AUTH } });
      await fetch(`${started.url}/nope`, { headers: { authorization: AUTH } });
      expect(started.output()).not.toMatch(/\/2025-10-13\/customers \d{3}|"msg":"request"/);
    }
    const env = await start(['--memory'], { PAYSANDBOX_QUIET: '1' });
    await fetch(`${env.url}/customers`, { headers: { authorization: AUTH } });
    expect(env.output()).not.toMatch(/GET \/2025-10-13\/customers 200/);
  });
});

describe('paysandbox trigger', () => {
  it('makes the event happen in a running sandbox and prints what it created', async () => {
    const { url } = await start(['--memory']);
    const origin = new URL(url).origin;
    const res = await run(['trigger', 'OUTGOING_PAYMENT.COMPLETED', '--sandbox', origin, '--client-id', 'cli-test', '--client-secret', 'secret']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Triggered OUTGOING_PAYMENT.COMPLETED: Webhook:[0-9a-f-]{36}\n/);
    expect(res.stdout).toMatch(/\n {2}created quote Quote:[0-9a-f-]{36}\n/);
    expect(res.stdout).toMatch(/\n {2}event {3}OUTGOING_PAYMENT.PENDING Webhook:/);
    const events = (await (await fetch(`${origin}/__admin/events?type=OUTGOING_PAYMENT.COMPLETED`, { headers: { authorization: AUTH } })).json()) as { data: unknown[] };
    expect(events.data).toHaveLength(1);

    const asJson = await run(['trigger', 'CARD.STATUS_CHANGE', '--json', '--sandbox', origin], { PAYSANDBOX_CLIENT_ID: 'cli-test', PAYSANDBOX_CLIENT_SECRET: 'secret' });
    expect(asJson.code).toBe(0);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ type: 'CARD.STATUS_CHANGE', created: { card: expect.stringMatching(/^Card:/) } });

    const wrong = await run(['trigger', 'CARD.STATUS_CHANGE', '--sandbox', origin, '--client-id', 'cli-test', '--client-secret', 'wrong']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe('paysandbox: the sandbox answered 401 UNAUTHORIZED: Wrong client secret for client id cli-test\n');
  });

  it('says so in one line when no sandbox is running there', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    await new Promise<void>((r) => blocker.close(() => r()));
    const res = await run(['trigger', 'CARD.STATUS_CHANGE', '--sandbox', `http://127.0.0.1:${port}`, '--client-id', 'a', '--client-secret', 'b']);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(`paysandbox: cannot reach the sandbox at http://127.0.0.1:${port} (ECONNREFUSED); start it with paysandbox, or pass --sandbox\n`);
  });
});
