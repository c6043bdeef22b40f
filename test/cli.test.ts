/** The paysandbox command, run as a user runs it: a child process on 127.0.0.1. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeSandbox } from './helpers.js';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'paysandbox');
const AUTH = `Basic ${Buffer.from('cli-test:secret').toString('base64')}`;

let dir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paysandbox-cli-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, ...env } });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** Starts the command on a free port and waits for its banner. */
function start(args: string[], env: Record<string, string> = {}): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { cwd: dir, env: { ...process.env, ...env } });
    children.push(child);
    let out = '';
    const exit = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    child.stdout.on('data', (d) => {
      out += d;
      const match = /API\s+(http:\/\/\S+)/.exec(out) ?? /"api":"(http:\/\/[^"]+)"/.exec(out);
      if (match) resolve({ child, url: match[1]!, output: () => out, exit });
    });
    child.stderr.on('data', (d) => (out += d));
    void exit.then((code) => reject(new Error(`exited ${code} before listening: ${out}`)));
  });
}

const json = { 'content-type': 'application/json', authorization: AUTH };

describe('flags and start-up errors', () => {
  it('prints usage with --help, naming every flag and its variable', async () => {
    const res = await run(['--help']);
    expect(res.code).toBe(0);
    for (const flag of ['--port N', '--host HOST', '--data DIR', '--memory', '--scenario NAME', '--fixtures FILE', '--credentials FILE', '--webhook-url URL', '--cors-origins LIST', '--log FORMAT', '--quiet', '--help', '--version']) expect(res.stdout).toContain(flag);
    for (const env of ['PAYSANDBOX_PORT', 'PAYSANDBOX_HOST', 'PAYSANDBOX_DATA', 'PAYSANDBOX_MEMORY', 'PAYSANDBOX_SCENARIO', 'PAYSANDBOX_FIXTURES', 'PAYSANDBOX_CREDENTIALS', 'PAYSANDBOX_WEBHOOK_URL', 'PAYSANDBOX_CORS_ORIGINS', 'PAYSANDBOX_LOG', 'PAYSANDBOX_QUIET']) expect(res.stdout).toContain(env);
    expect(res.stdout).toMatch(/paysandbox listen/);
    expect(res.stdout).toMatch(/paysandbox trigger TYPE/);
  });

  it('prints every flag of each command with <command> --help', async () => {
    const listen = await run(['listen', '--help']);
    expect(listen.code).toBe(0);
    for (const flag of ['--forward-to URL', '--sandbox URL', '--client-id ID', '--client-secret SECRET', '--help', 'PAYSANDBOX_CLIENT_ID', 'PAYSANDBOX_CLIENT_SECRET']) expect(listen.stdout).toContain(flag);
    const trigger = await run(['trigger', '-h']);
    expect(trigger.code).toBe(0);
    for (const flag of ['--sandbox URL', '--client-id ID', '--client-secret SECRET', '--json', '--help', 'OUTGOING_PAYMENT.COMPLETED', 'CARD.STATUS_CHANGE', 'TEST']) expect(trigger.stdout).toContain(flag);
  });

  it('prints the package version and the API version with --version', async () => {
    const pkg = JSON.parse(readFileSync(join(dirname(BIN), '..', 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const res = await run([flag]);
      expect(res.code).toBe(0);
      expect(res.stdout).toBe(`paysandbox ${pkg.version} (API 2025-10-13)\n`);
    }
  });

  it.each([
    [['--nope'], /Unknown option '--nope'/],
    [['--port', 'abc'], /--port must be an integer from 0 to 65535/],
    [['--port', '70000'], /--port must be an integer/],
    [['--log', 'loud'], /--log must be pretty, json or silent/],
    [['--data', 'x', '--memory'], /--data and --memory cannot be used together/],
    [['--scenario', 'nope'], /unknown scenario "nope"; choose one of empty, starter/],
    [['--credentials', 'missing.json'], /cannot read credentials file .*missing\.json: ENOENT/],
    [['--cors-origins', 'localhost:5173'], /--cors-origins: "localhost:5173" is not an origin like http:\/\/localhost:5173/],
    [['--cors-origins', 'http://a.test/path'], /--cors-origins: .*scheme, host and port only/],
    [['--cors-origins', 'http://a.test,'], /--cors-origins: an empty origin/],
    [['--quiet=yes'], /--quiet/],
    [['listen', '--nope'], /Unknown option '--nope' \(see paysandbox listen --help\)/],
    [['listen', '--forward-to', 'ftp://x'], /listen needs --forward-to with an http\(s\) URL/],
    [['trigger'], /trigger needs exactly one webhook type/],
    [['trigger', 'CUSTOMER.KYC_MAYBE'], /unknown webhook type "CUSTOMER.KYC_MAYBE"; choose one of CUSTOMER.KYC_APPROVED, .*TEST/],
    [['trigger', 'A', 'B'], /trigger needs exactly one webhook type/],
    [['trigger', 'CARD.STATUS_CHANGE', '--nope'], /Unknown option '--nope' \(see paysandbox trigger --help\)/],
    [['trigger', 'CARD.STATUS_CHANGE'], /trigger needs --client-id and --client-secret/],
  ])('exits 2 with one clear line for %j', async (args, message) => {
    const res = await run(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^paysandbox: /);
  });

  it('reads a bad PAYSANDBOX_CORS_ORIGINS as a usage error too', async () => {
    const res = await run(['--memory'], { PAYSANDBOX_CORS_ORIGINS: 'nope' });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^paysandbox: --cors-origins: "nope" is not an origin/);
  });

  it('warns that anyone on the network can use a sandbox on a non-loopback host', async () => {
    // 192.0.2.1 (TEST-NET-1) is on no interface here: the warning comes first, then the bind fails; nothing listens.
    const res = await run(['--memory', '--host', '192.0.2.1', '--port', '0']);
    expect(res.stderr).toMatch(/^paysandbox: warning: listening on 192\.0\.2\.1, not on loopback: anyone who can reach this machine on the network can use this sandbox/);
    expect(res.code).toBe(2);
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      const { output } = await start(['--memory', '--host', host]);
      expect(output()).not.toContain('warning');
    }
  });

  it('exits 2 when the data directory is unusable', async () => {
    writeFileSync(join(dir, 'a-file'), 'x');
    const res = await run(['--data', join(dir, 'a-file'), '--port', '0']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^paysandbox: data directory .*a-file is not usable/);
  });

  it('exits 2 when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    const res = await run(['--port', String(port), '--memory']);
    blocker.close();
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(`paysandbox: port ${port} on 127.0.0.1 is already in use\n`);
  });

  it('exits 2 on a corrupt data file, naming it and leaving it alone', async () => {
    mkdirSync(join(dir, '.paysandbox', 'tenants'), { recursive: true });
    const file = join(dir, '.paysandbox', 'tenants', 'team.json');
    writeFileSync(file, '{"half": ');
    const res = await run(['--port', '0']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe('{"half": ');
  });

  it('exits 2 on a data file holding a record that does not fit its schema, naming the file and the record', async () => {
    mkdirSync(join(dir, '.paysandbox', 'tenants'), { recursive: true });
    const file = join(dir, '.paysandbox', 'tenants', 'team.json');
    const content = JSON.stringify({ schemaVersion: 2, tenantId: 'team', journal: 1, secret: null, documents: {}, collections: { customers: { 'Customer:1': { id: 'Customer:1', customerType: 'INDIVIDUAL' } } } });
    writeFileSync(file, content);
    const res = await run(['--port', '0']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(file);
    expect(res.stderr).toContain('customers["Customer:1"]');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('exits 2 on a fixtures file that does not validate, naming the file and the field', async () => {
    writeFileSync(join(dir, 'fixtures.json'), JSON.stringify({ customers: { 'Customer:1': { id: 'Customer:1', customerType: 'INDIVIDUAL' } } }));
    const res = await run(['--fixtures', 'fixtures.json', '--memory']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/fixtures file .*fixtures\.json is invalid at customers\.Customer:1\.platformCustomerId: Required/);
  });
});

describe('serving', () => {
  it('prints where it serves, persists to the default data dir and stops cleanly on SIGTERM', async () => {
    const { child, url, output, exit } = await start([]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/2025-10-13$/);
    expect(output()).toContain(`${new URL(url).origin}/docs`);
    expect(output()).toContain(join(dir, '.paysandbox'));
    expect(output()).toMatch(/Auth\s+HTTP Basic/);
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

  it('starts every new tenant from a scenario', async () => {
    const { url } = await start(['--memory', '--scenario', 'starter']);
    const list = (await (await fetch(`${url}/customers`, { headers: { authorization: AUTH } })).json()) as { totalCount: number };
    expect(list.totalCount).toBe(2);
  });

  it('starts every new tenant from a fixtures file', async () => {
    const now = '2025-10-13T00:00:00.000Z';
    const customer = { id: 'Customer:00000000-0000-4000-8000-000000000001', customerType: 'INDIVIDUAL', platformCustomerId: 'fixture-1', umaAddress: '$fixture@sandbox.uma.local', isDeleted: false, createdAt: now, updatedAt: now, kycStatus: 'UNVERIFIED', fullName: 'From Fixture' };
    writeFileSync(join(dir, 'fixtures.json'), JSON.stringify({ customers: { [customer.id]: customer } }));
    const { url } = await start(['--memory', '--fixtures', 'fixtures.json']);
    const res = await fetch(`${url}/customers/${customer.id}`, { headers: { authorization: AUTH } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { fullName: string }).fullName).toBe('From Fixture');
  });

  it('starts from a snapshot exported by GET /__admin/snapshot, cards and files included', async () => {
    const source = makeSandbox().client();
    await source.post('/__admin/scenarios/cards');
    const card = (await source.get('/cards')).body.data[0];
    writeFileSync(join(dir, 'snapshot.json'), JSON.stringify((await source.get('/__admin/snapshot')).body));
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
    writeFileSync(join(dir, 'creds.json'), JSON.stringify({ 'cli-test': 'secret' }));
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
