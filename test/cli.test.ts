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
      const match = /API\s+(http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, url: match[1]!, output: () => out, exit });
    });
    child.stderr.on('data', (d) => (out += d));
    void exit.then((code) => reject(new Error(`exited ${code} before listening: ${out}`)));
  });
}

const json = { 'content-type': 'application/json', authorization: AUTH };

describe('flags and start-up errors', () => {
  it('prints usage with --help', async () => {
    const res = await run(['--help']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('--port N');
    expect(res.stdout).toContain('PAYSANDBOX_DATA');
  });

  it.each([
    [['--nope'], /Unknown option '--nope'/],
    [['--port', 'abc'], /--port must be an integer from 0 to 65535/],
    [['--port', '70000'], /--port must be an integer/],
    [['--log', 'loud'], /--log must be pretty, json or silent/],
    [['--data', 'x', '--memory'], /--data and --memory cannot be used together/],
    [['--scenario', 'nope'], /unknown scenario "nope"; choose one of empty, starter/],
    [['--credentials', 'missing.json'], /cannot read credentials file .*missing\.json: ENOENT/],
  ])('exits 2 with one clear line for %j', async (args, message) => {
    const res = await run(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^paysandbox: /);
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

  it('never leaves a half-written data file when killed in the middle of a write burst', async () => {
    for (let round = 0; round < 3; round++) {
      const { child, url, exit } = await start(['--data', join(dir, 'crash')]);
      const burst = Array.from({ length: 300 }, () =>
        fetch(`${url}/customers`, { method: 'POST', headers: json, body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'x'.repeat(200) }) }).catch(() => undefined),
      );
      await new Promise((r) => setTimeout(r, 150 + round * 100));
      child.kill('SIGKILL');
      await exit;
      await Promise.all(burst);
      for (const name of readdirSync(join(dir, 'crash', 'tenants')).filter((f) => f.endsWith('.json') && !f.startsWith('.'))) {
        expect(() => JSON.parse(readFileSync(join(dir, 'crash', 'tenants', name), 'utf8'))).not.toThrow();
      }
    }
    // And the survivor still starts.
    const { url } = await start(['--data', join(dir, 'crash')]);
    expect((await fetch(`${url}/customers`, { headers: { authorization: AUTH } })).status).toBe(200);
  });
});
