/**
 * The paysandbox command: flags (or PAYSANDBOX_* variables) -> startServer().
 * The only place that exits the process.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { STORE_SCHEMA, startServer, StartupError, type SandboxOptions } from '../src/server.js';
import { CorruptDataFileError } from '../src/store/files.js';
import { InvalidSnapshotError, parseSnapshot, applySnapshot } from '../src/store/snapshot.js';
import { ensurePlatformAccounts } from '../src/areas/internal-accounts/internal-accounts.service.js';
import { SCENARIOS, findScenario } from '../scenarios/index.js';
import { API_VERSION } from '../src/core/version.js';
import { listen, ListenError } from '../src/cli/listen.js';
import { SANDBOX_UMA_DOMAIN } from '../src/areas/config/config.service.js';
import type { LogFormat } from '../src/core/log.js';
import type { Tenant } from '../src/store/tenant.js';

const USAGE = `Usage: paysandbox [options]

  --port N              port to listen on (default 4010; 0 picks a free one)   PAYSANDBOX_PORT
  --host HOST           interface to listen on (default 127.0.0.1)              PAYSANDBOX_HOST
  --data DIR            keep each tenant in DIR/tenants/*.json (default ./.paysandbox)  PAYSANDBOX_DATA
  --memory              keep everything in memory; nothing is written           PAYSANDBOX_MEMORY=1
  --fsync               flush every write to the disk before answering (survives a power
                        loss; by default a write survives a killed process)     PAYSANDBOX_FSYNC=1
  --repair              move unusable tenant files to DIR/quarantine instead of refusing to start
  --scenario NAME       start every new tenant from a preset (${SCENARIOS.map((s) => s.name).join(', ')})  PAYSANDBOX_SCENARIO
  --fixtures FILE       start every new tenant from a snapshot JSON file        PAYSANDBOX_FIXTURES
  --credentials FILE    accept only these client ids: {"id": "secret", ...}     PAYSANDBOX_CREDENTIALS
  --webhook-url URL     deliver webhooks of tenants without their own endpoint here  PAYSANDBOX_WEBHOOK_URL
  --log FORMAT          pretty | json | silent (default pretty)                 PAYSANDBOX_LOG
  -h, --help            show this help
  -v, --version         show the API version served

       paysandbox listen --forward-to URL [--sandbox URL] [--client-id ID --client-secret SECRET]
  Streams a running sandbox's webhook events and POSTs each, signed, to URL (for apps without a
  reachable webhook endpoint). --sandbox defaults to http://127.0.0.1:4010; the credentials to
  PAYSANDBOX_CLIENT_ID / PAYSANDBOX_CLIENT_SECRET.`;

/** A usage problem: one line on stderr, exit code 2. */
class UsageError extends Error {}

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${what} file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new UsageError(`${what} file ${file} is not JSON: ${(err as Error).message}`);
  }
}

function readCredentials(file: string): Map<string, string> {
  const raw = readJson(file, 'credentials');
  const entries: Array<[string, string]> = [];
  if (Array.isArray(raw)) {
    for (const item of raw as unknown[]) {
      const { clientId, clientSecret } = (item ?? {}) as { clientId?: unknown; clientSecret?: unknown };
      if (typeof clientId !== 'string' || typeof clientSecret !== 'string' || !clientId || !clientSecret) {
        throw new UsageError(`credentials file ${file}: every entry needs a non-empty clientId and clientSecret`);
      }
      entries.push([clientId, clientSecret]);
    }
  } else if (raw && typeof raw === 'object') {
    for (const [clientId, clientSecret] of Object.entries(raw)) {
      if (typeof clientSecret !== 'string' || !clientSecret) throw new UsageError(`credentials file ${file}: the secret of ${clientId} must be a non-empty string`);
      entries.push([clientId, clientSecret]);
    }
  } else {
    throw new UsageError(`credentials file ${file} must hold {"clientId": "secret"} or [{"clientId", "clientSecret"}]`);
  }
  if (entries.length === 0) throw new UsageError(`credentials file ${file} lists no credentials`);
  for (const [id] of entries) if (id.includes(':')) throw new UsageError(`credentials file ${file}: client id ${id} must not contain ':'`);
  return new Map(entries);
}

function fixtureSeed(file: string): (tenant: Tenant) => void {
  let snapshot;
  try {
    snapshot = parseSnapshot(STORE_SCHEMA, readJson(file, 'fixtures'));
  } catch (err) {
    if (err instanceof InvalidSnapshotError) throw new UsageError(`fixtures file ${file} is invalid at ${err.message}`);
    throw err;
  }
  return (tenant) => {
    applySnapshot(tenant, STORE_SCHEMA, snapshot);
    ensurePlatformAccounts(tenant);
  };
}

/** Strict flag parsing; a bad flag is a usage error. */
function parseFlags<T extends NonNullable<Parameters<typeof parseArgs>[0]>['options']>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (err) {
    throw new UsageError(`${(err as Error).message.split('\n')[0]} (see --help)`);
  }
}

function parse(argv: string[], env: NodeJS.ProcessEnv): (SandboxOptions & { port: number; host: string; logFormat: LogFormat }) | 'help' | 'version' {
  const values = parseFlags(argv, {
    port: { type: 'string', short: 'p' },
    host: { type: 'string' },
    data: { type: 'string' },
    memory: { type: 'boolean' },
    fsync: { type: 'boolean' },
    repair: { type: 'boolean' },
    scenario: { type: 'string' },
    fixtures: { type: 'string' },
    credentials: { type: 'string' },
    'webhook-url': { type: 'string' },
    log: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  });
  if (values.help) return 'help';
  if (values.version) return 'version';

  const portText = values.port ?? env.PAYSANDBOX_PORT ?? '4010';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new UsageError(`--port must be an integer from 0 to 65535, not ${JSON.stringify(portText)}`);
  const host = values.host ?? env.PAYSANDBOX_HOST ?? '127.0.0.1';
  const logFormat = (values.log ?? env.PAYSANDBOX_LOG ?? 'pretty') as LogFormat;
  if (!['pretty', 'json', 'silent'].includes(logFormat)) throw new UsageError(`--log must be pretty, json or silent, not ${JSON.stringify(logFormat)}`);
  const memory = values.memory ?? ['1', 'true'].includes(env.PAYSANDBOX_MEMORY ?? '');
  const data = values.data ?? env.PAYSANDBOX_DATA;
  if (memory && values.data !== undefined) throw new UsageError('--data and --memory cannot be used together');
  const fsync = values.fsync ?? ['1', 'true'].includes(env.PAYSANDBOX_FSYNC ?? '');

  const seeds: Array<(tenant: Tenant) => void> = [];
  const fixtures = values.fixtures ?? env.PAYSANDBOX_FIXTURES;
  if (fixtures) seeds.push(fixtureSeed(resolve(fixtures)));
  const scenarioName = values.scenario ?? env.PAYSANDBOX_SCENARIO;
  if (scenarioName && !findScenario(scenarioName)) throw new UsageError(`unknown scenario ${JSON.stringify(scenarioName)}; choose one of ${SCENARIOS.map((s) => s.name).join(', ')}`);
  const credentialsFile = values.credentials ?? env.PAYSANDBOX_CREDENTIALS;
  const webhookUrl = values['webhook-url'] ?? env.PAYSANDBOX_WEBHOOK_URL;
  if (webhookUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(webhookUrl)) throw new UsageError(`--webhook-url must be an http(s) URL, not ${JSON.stringify(webhookUrl)}`);

  return {
    port: Number(portText),
    host,
    logFormat,
    log: logFormat,
    ...(memory ? {} : { dataDir: resolve(data ?? '.paysandbox') }),
    ...(fsync ? { fsync } : {}),
    ...(values.repair ? { repair: true } : {}),
    ...(credentialsFile ? { credentials: readCredentials(resolve(credentialsFile)) } : {}),
    ...(seeds.length > 0 ? { seed: (tenant: Tenant) => seeds.forEach((s) => s(tenant)) } : {}),
    ...(scenarioName ? { scenario: scenarioName } : {}),
    ...(webhookUrl ? { webhookUrl } : {}),
  };
}

function banner(url: string, origin: string, options: SandboxOptions, tenants: number, webhookKey: string): string {
  const data = options.dataDir ? `${options.dataDir} (a snapshot and a journal per tenant; ${tenants} loaded${options.fsync ? '; fsync on' : ''})` : 'memory (nothing is written)';
  const auth = options.credentials
    ? `HTTP Basic with the client ids of the credentials file`
    : 'HTTP Basic: any client id and secret; the first request binds the secret, each client id is its own tenant';
  return [
    `paysandbox is serving API version ${API_VERSION}`,
    `  API       ${url}`,
    `  Docs      ${origin}/docs  (OpenAPI: ${origin}/openapi.json)`,
    `  Dashboard ${origin}/__admin  (sign in with a client id and secret)`,
    `  Data      ${data}`,
    `  Auth      ${auth}`,
    `  UMA       sandbox receivers on ${SANDBOX_UMA_DOMAIN}: $success.usd@, $success.eur@, $success.mxn@, $pending.long.usd@, $fail.compliance.usd@`,
    `  Webhooks  ${options.webhookUrl ? `to ${options.webhookUrl} unless a tenant sets webhookEndpoint; ` : ''}signed (X-Service-Signature) with P-256 key ${webhookKey}`,
    `  Try       curl -u my-app:my-secret ${url}/customers`,
    'Press Ctrl-C to stop.',
  ].join('\n');
}

async function runListen(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const values = parseFlags(argv, { 'forward-to': { type: 'string' }, sandbox: { type: 'string' }, 'client-id': { type: 'string' }, 'client-secret': { type: 'string' } });
  const forwardTo = values['forward-to'];
  if (!forwardTo || !/^https?:\/\/\S+$/.test(forwardTo)) throw new UsageError('listen needs --forward-to with an http(s) URL');
  const clientId = values['client-id'] ?? env.PAYSANDBOX_CLIENT_ID;
  const clientSecret = values['client-secret'] ?? env.PAYSANDBOX_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new UsageError('listen needs --client-id and --client-secret (or PAYSANDBOX_CLIENT_ID and PAYSANDBOX_CLIENT_SECRET)');
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());
  try {
    await listen({ sandbox: values.sandbox ?? 'http://127.0.0.1:4010', clientId, clientSecret, forwardTo, out: (line) => process.stdout.write(`${line}\n`), signal: controller.signal });
  } catch (err) {
    if (err instanceof ListenError) throw new UsageError(err.message);
    throw err;
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'listen') return runListen(process.argv.slice(3), process.env);
  const parsed = parse(process.argv.slice(2), process.env);
  if (parsed === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (parsed === 'version') {
    process.stdout.write(`paysandbox (API ${API_VERSION})\n`);
    return;
  }
  const sandbox = await startServer(parsed);
  if (parsed.logFormat !== 'silent') process.stdout.write(`${banner(sandbox.url, sandbox.origin, parsed, sandbox.registry.all().length, sandbox.webhookPublicKey.hex)}\n`);
  for (const moved of sandbox.registry.quarantined) process.stderr.write(`paysandbox: --repair set aside ${moved}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    if (parsed.logFormat !== 'silent') process.stderr.write(`\n${signal}: writing data and stopping\n`);
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`paysandbox: could not stop cleanly: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  // Requests and due jobs handle their own failures; anything that still escapes is logged, not fatal.
  process.on('unhandledRejection', (reason) => process.stderr.write(`paysandbox: unhandled rejection: ${String(reason)}\n`));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof StartupError || err instanceof CorruptDataFileError) {
    process.stderr.write(`paysandbox: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`paysandbox: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
