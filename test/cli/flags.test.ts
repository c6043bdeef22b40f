/** The paysandbox command: its flags, usage errors and start-up failures. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandPerTest, BIN, run, start } from './command.js';
import { TRIGGER_TYPES } from '../../src/control/trigger-types.js';

const { dir: cwd } = commandPerTest();

describe('flags and start-up errors', () => {
  it('prints usage with --help, naming every flag and its variable', async () => {
    const res = await run(['--help']);
    expect(res.code).toBe(0);
    for (const flag of ['--port N', '--host HOST', '--data DIR', '--memory', '--scenario NAME', '--fixtures FILE', '--credentials FILE', '--webhook-url URL', '--cors-origins LIST', '--service-name NAME', '--log FORMAT', '--quiet', '--help', '--version']) expect(res.stdout).toContain(flag);
    for (const env of ['PAYSANDBOX_PORT', 'PAYSANDBOX_HOST', 'PAYSANDBOX_DATA', 'PAYSANDBOX_MEMORY', 'PAYSANDBOX_SCENARIO', 'PAYSANDBOX_FIXTURES', 'PAYSANDBOX_CREDENTIALS', 'PAYSANDBOX_WEBHOOK_URL', 'PAYSANDBOX_CORS_ORIGINS', 'PAYSANDBOX_SERVICE_NAME', 'PAYSANDBOX_LOG', 'PAYSANDBOX_QUIET']) expect(res.stdout).toContain(env);
    expect(res.stdout).toMatch(/paysandbox listen/);
    expect(res.stdout).toMatch(/paysandbox trigger TYPE/);
  });

  it('prints every flag of each command with <command> --help', async () => {
    const listen = await run(['listen', '--help']);
    expect(listen.code).toBe(0);
    for (const flag of ['--forward-to URL', '--sandbox URL', '--client-id ID', '--client-secret SECRET', '--service-name NAME', '--help', 'PAYSANDBOX_CLIENT_ID', 'PAYSANDBOX_CLIENT_SECRET', 'PAYSANDBOX_SERVICE_NAME']) expect(listen.stdout).toContain(flag);
    const trigger = await run(['trigger', '-h']);
    expect(trigger.code).toBe(0);
    for (const flag of ['--sandbox URL', '--client-id ID', '--client-secret SECRET', '--json', '--help', 'OUTGOING_PAYMENT.COMPLETED', 'CARD.STATUS_CHANGE', 'TEST']) expect(trigger.stdout).toContain(flag);
    // Every type the sandbox can trigger, each on its own line.
    const listed = new Set(trigger.stdout.split('\n').map((line) => line.trim()));
    for (const type of TRIGGER_TYPES) expect(listed, type).toContain(type);
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
    [['--service-name', 'Grid-Pay'], /--service-name: service name "Grid-Pay" must be letters and digits, starting with a letter/],
    [['--service-name', ''], /--service-name: service name "" must be letters and digits/],
    [['listen', '--forward-to', 'http://127.0.0.1:9/x', '--client-id', 'a', '--client-secret', 'b', '--service-name', '1Grid'], /--service-name: service name "1Grid"/],
  ])('exits 2 with one clear line for %j', async (args, message) => {
    const res = await run(args);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^paysandbox: /);
  });

  it('reads a bad PAYSANDBOX_SERVICE_NAME as a usage error too', async () => {
    const res = await run(['--memory'], { PAYSANDBOX_SERVICE_NAME: 'Grid Pay' });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^paysandbox: --service-name: service name "Grid Pay" must be/);
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
    writeFileSync(join(cwd(), 'a-file'), 'x');
    const res = await run(['--data', join(cwd(), 'a-file'), '--port', '0']);
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
    mkdirSync(join(cwd(), '.paysandbox', 'tenants'), { recursive: true });
    const file = join(cwd(), '.paysandbox', 'tenants', 'team.json');
    writeFileSync(file, '{"half": ');
    const res = await run(['--port', '0']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe('{"half": ');
  });

  it('exits 2 on a data file holding a record that does not fit its schema, naming the file and the record', async () => {
    mkdirSync(join(cwd(), '.paysandbox', 'tenants'), { recursive: true });
    const file = join(cwd(), '.paysandbox', 'tenants', 'team.json');
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
    writeFileSync(join(cwd(), 'fixtures.json'), JSON.stringify({ customers: { 'Customer:1': { id: 'Customer:1', customerType: 'INDIVIDUAL' } } }));
    const res = await run(['--fixtures', 'fixtures.json', '--memory']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/fixtures file .*fixtures\.json is invalid at customers\.Customer:1\.platformCustomerId: Required/);
  });
});
