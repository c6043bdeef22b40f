/**
 * The paysandbox command: flags (or PAYSANDBOX_* variables) -> startServer().
 * The only place that exits the process.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { SandboxOptions } from '../src/server.js';
import { API_BASE_PATH, API_VERSION } from '../src/core/version.js';
import { addressLines } from '../src/cli/address-lines.js';
import { packageVersion } from '../src/core/package-files.js';
import { listen, ListenError } from '../src/cli/listen.js';
import { InvalidCorsOriginError, parseCorsOrigins } from '../src/core/cors.js';
import { InvalidServiceNameError, ServiceName } from '../src/core/service-name.js';
import { describeTrigger, triggerRemote, TriggerError } from '../src/cli/trigger.js';
import { describeFixtureRun, exportFixturesRemote, loadFixturesRemote, writeFixtureFile } from '../src/cli/fixtures.js';
import { coverageHtml, describeCoverage, fetchCoverage, parseFailUnder, shortfalls } from '../src/cli/coverage.js';
import { TRIGGER_TYPES, isTriggerType } from '../src/control/trigger-types.js';
import { createLogger, type LogFormat } from '../src/core/log.js';
import { isLoopbackHost, type ServedAddress } from '../src/core/served-addresses.js';

/**
 * The sandbox itself (every area's schemas and routes: most of a start-up),
 * loaded only by the command that serves: --help, --version, a usage error,
 * listen, trigger and coverage answer without it.
 */
const loadServing = () =>
  Promise.all([import('../src/server.js'), import('../src/store/files.js'), import('../scenarios/index.js'), import('../src/areas/config/config.service.js')]).then(
    ([server, files, scenarios, config]) => ({ ...server, ...files, ...scenarios, ...config }),
  );
type Serving = Awaited<ReturnType<typeof loadServing>>;
/** Once the serving command has loaded it. */
let loaded: Serving | undefined;

const usage = (scenarioNames: readonly string[]) => `Usage: paysandbox [options]            serve the sandbox (Ctrl-C or SIGTERM stops it, data written)
       paysandbox listen --forward-to URL   forward a running sandbox's webhooks to your app
       paysandbox trigger TYPE              make a webhook event happen in a running sandbox
       paysandbox coverage                  what your tests have exercised in a running sandbox
       paysandbox fixtures FILE             run a fixture (a list of API steps) in a running sandbox
       paysandbox fixtures export           record a tenant's session in a running sandbox as a fixture
       paysandbox <command> --help          the options of a command

Options (each also from the environment variable on the right):
  -p, --port N            port to listen on (default 4010; 0 picks a free one)            PAYSANDBOX_PORT
      --host HOST         interface to listen on (default 127.0.0.1)                       PAYSANDBOX_HOST
      --data DIR          keep each tenant in DIR/tenants/*.json (default ./.paysandbox)   PAYSANDBOX_DATA
      --memory            keep everything in memory; nothing is written                    PAYSANDBOX_MEMORY=1
      --fsync             flush every write to the disk before answering (survives a power
                          loss; by default a write survives a killed process)              PAYSANDBOX_FSYNC=1
      --repair            move unusable tenant files to DIR/quarantine instead of refusing to start
      --scenario NAME     start every new tenant from a preset (${scenarioNames.join(', ')})  PAYSANDBOX_SCENARIO
      --fixtures FILE     start every new tenant from a fixture (API steps, JSON or YAML;
                          docs/fixtures.md) or a snapshot JSON file                        PAYSANDBOX_FIXTURES
      --credentials FILE  accept only these client ids: {"id": "secret", ...}              PAYSANDBOX_CREDENTIALS
      --webhook-url URL   deliver webhooks of tenants without their own endpoint here      PAYSANDBOX_WEBHOOK_URL
      --cors-origins LIST browser origins allowed to call (a,b; default any origin)         PAYSANDBOX_CORS_ORIGINS
      --tls-cert FILE     serve HTTPS with this certificate (PEM; with --tls-key)         PAYSANDBOX_TLS_CERT
      --tls-key FILE      the certificate's private key (PEM)                              PAYSANDBOX_TLS_KEY
      --trust-proxy       URLs the sandbox returns follow X-Forwarded-Proto and -Host
                          (behind a tunnel such as ngrok or cloudflared)                   PAYSANDBOX_TRUST_PROXY=1
      --service-name NAME the name in NAME-Wallet-Signature, X-NAME-Signature, nameOperationsStatus,
                          NAME_SWITCH_ERROR (default Service, as the spec writes)          PAYSANDBOX_SERVICE_NAME
      --log FORMAT        pretty | json | silent (default pretty)                          PAYSANDBOX_LOG
      --quiet             no line per request                                              PAYSANDBOX_QUIET=1
  -h, --help              show this help
  -v, --version           show the package version and the API version served`;

const LISTEN_USAGE = `Usage: paysandbox listen --forward-to URL [options]

Streams a running sandbox's webhook events and POSTs each, signed exactly as a direct delivery,
to URL (for apps without a reachable webhook endpoint), printing one line per event.

      --forward-to URL       where to POST each event (required)
      --sandbox URL          the running sandbox (default http://127.0.0.1:4010)
      --client-id ID         the tenant whose events to follow                  PAYSANDBOX_CLIENT_ID
      --client-secret SECRET its secret                                         PAYSANDBOX_CLIENT_SECRET
      --service-name NAME    the sandbox's service name: the header is X-NAME-Signature  PAYSANDBOX_SERVICE_NAME
  -h, --help                 show this help`;

function triggerUsage(types: readonly string[]): string {
  return `Usage: paysandbox trigger TYPE [options]

Makes a webhook event of TYPE happen in a running sandbox by driving the real flows (customer,
accounts, quote, card, ... as the type needs), and prints the ids it created and every event.

      --sandbox URL          the running sandbox (default http://127.0.0.1:4010)
      --client-id ID         the tenant to act on                               PAYSANDBOX_CLIENT_ID
      --client-secret SECRET its secret                                         PAYSANDBOX_CLIENT_SECRET
      --json                 print the sandbox's answer as JSON
  -h, --help                 show this help

Types:
${types.map((t) => `  ${t}`).join('\n')}`;
}

const COVERAGE_USAGE = `Usage: paysandbox coverage [options]

Reports what a tenant's requests have exercised in a running sandbox: every operation, every
outcome of the rule tables (magic values) and every webhook event type, grouped by area.

      --sandbox URL          the running sandbox (default http://127.0.0.1:4010)
      --client-id ID         the tenant to report on                            PAYSANDBOX_CLIENT_ID
      --client-secret SECRET its secret                                         PAYSANDBOX_CLIENT_SECRET
      --json                 print the report as JSON (GET /__admin/coverage)
      --html FILE            also write the report as a self-contained HTML page
      --fail-under LIST      exit 1 when an area is below its percentage, e.g.
                             operations=60,outcomes=40,webhooks=50 (for CI)
  -h, --help                 show this help`;

const FIXTURES_USAGE = `Usage: paysandbox fixtures FILE [options]
       paysandbox fixtures export [--out FILE] [options]

FILE: runs a fixture (JSON or YAML: a list of API steps, docs/fixtures.md) in a running sandbox,
step by step through its API, and prints each step with the ids it made. \${env.NAME} is read
from this command's environment.
export: prints the tenant's API writes since its last reset as a fixture that rebuilds them.

      --sandbox URL          the running sandbox (default http://127.0.0.1:4010)
      --client-id ID         the tenant to act on                               PAYSANDBOX_CLIENT_ID
      --client-secret SECRET its secret                                         PAYSANDBOX_CLIENT_SECRET
      --json                 print the sandbox's answer as JSON
      --out FILE             export: write the fixture to FILE (YAML for .yaml or .yml)
  -h, --help                 show this help`;

/** Our parent as the process started: npm's shell when npm or npx started us. */
const LAUNCHER_PID = process.ppid;

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

/** Strict flag parsing; a bad flag is a usage error. */
function parseFlags<T extends NonNullable<Parameters<typeof parseArgs>[0]>['options']>(argv: string[], options: T, command = '') {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (err) {
    throw new UsageError(`${(err as Error).message.split('\n')[0]} (see paysandbox ${command}--help)`);
  }
}

/** Strict flag parsing of a command that also takes positional arguments. */
function parseCommand<T extends NonNullable<Parameters<typeof parseArgs>[0]>['options']>(argv: string[], options: T, command: string) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: true, options });
  } catch (err) {
    // parseArgs adds advice about '--' that does not apply here.
    throw new UsageError(`${(err as Error).message.split('\n')[0]!.replace(/\. To specify a positional argument.*$/, '')} (see paysandbox ${command} --help)`);
  }
}

/** The certificate and key of --tls-cert and --tls-key: both or neither, each a readable file. */
function readTls(certFile: string | undefined, keyFile: string | undefined): { cert: Buffer; key: Buffer } | undefined {
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (!certFile || !keyFile) throw new UsageError('--tls-cert and --tls-key go together: give the certificate and its private key (PEM files)');
  const read = (file: string, what: string) => {
    try {
      return readFileSync(resolve(file));
    } catch (err) {
      throw new UsageError(`cannot read the TLS ${what} file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  };
  return { cert: read(certFile, 'certificate'), key: read(keyFile, 'key') };
}

type ServeOptions = SandboxOptions & { port: number; host: string; logFormat: LogFormat; quiet: boolean };

/** Serving flags: every check that needs no sandbox first, so a usage error answers without loading one. */
async function parse(argv: string[], env: NodeJS.ProcessEnv): Promise<ServeOptions | 'help' | 'version'> {
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
    'cors-origins': { type: 'string' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'trust-proxy': { type: 'boolean' },
    'service-name': { type: 'string' },
    log: { type: 'string' },
    quiet: { type: 'boolean' },
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
  const webhookUrl = values['webhook-url'] ?? env.PAYSANDBOX_WEBHOOK_URL;
  if (webhookUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(webhookUrl)) throw new UsageError(`--webhook-url must be an http(s) URL, not ${JSON.stringify(webhookUrl)}`);
  const corsText = values['cors-origins'] ?? env.PAYSANDBOX_CORS_ORIGINS;
  let corsOrigins: string[] | undefined;
  if (corsText !== undefined) {
    try {
      corsOrigins = parseCorsOrigins(corsText);
    } catch (err) {
      if (err instanceof InvalidCorsOriginError) throw new UsageError(`--cors-origins: ${err.message}`);
      throw err;
    }
  }
  const serviceName = checkedServiceName(values['service-name'] ?? env.PAYSANDBOX_SERVICE_NAME);
  const credentialsFile = values.credentials ?? env.PAYSANDBOX_CREDENTIALS;
  const credentials = credentialsFile ? readCredentials(resolve(credentialsFile)) : undefined;
  const quiet = values.quiet ?? ['1', 'true'].includes(env.PAYSANDBOX_QUIET ?? '');
  const tls = readTls(values['tls-cert'] ?? env.PAYSANDBOX_TLS_CERT, values['tls-key'] ?? env.PAYSANDBOX_TLS_KEY);
  const trustProxy = values['trust-proxy'] ?? ['1', 'true'].includes(env.PAYSANDBOX_TRUST_PROXY ?? '');

  const serving = (loaded ??= await loadServing());
  const fixtures = values.fixtures ?? env.PAYSANDBOX_FIXTURES;
  const scenarioName = values.scenario ?? env.PAYSANDBOX_SCENARIO;
  if (scenarioName && !serving.SCENARIO_NAMES.includes(scenarioName)) throw new UsageError(`unknown scenario ${JSON.stringify(scenarioName)}; choose one of ${serving.SCENARIO_NAMES.join(', ')}`);

  return {
    port: Number(portText),
    host,
    logFormat,
    quiet,
    log: createLogger(logFormat, undefined, { quiet }),
    ...(corsOrigins ? { corsOrigins } : {}),
    ...(memory ? {} : { dataDir: resolve(data ?? '.paysandbox') }),
    ...(fsync ? { fsync } : {}),
    ...(values.repair ? { repair: true } : {}),
    ...(credentials ? { credentials } : {}),
    ...(scenarioName ? { scenario: scenarioName } : {}),
    ...(fixtures ? { fixtures: resolve(fixtures) } : {}),
    ...(webhookUrl ? { webhookUrl } : {}),
    ...(tls ? { tls } : {}),
    ...(trustProxy ? { trustProxy } : {}),
    serviceName: serviceName.name,
  };
}

/** The --service-name value, or a usage error saying what a name may be. */
function checkedServiceName(name: string | undefined): ServiceName {
  try {
    return new ServiceName(name);
  } catch (err) {
    if (err instanceof InvalidServiceNameError) throw new UsageError(`--service-name: ${err.message}`);
    throw err;
  }
}

interface BannerFacts {
  url: string;
  origin: string;
  addresses: readonly ServedAddress[];
  data: string;
  auth: string;
  webhooks: string;
  cors: string;
}

function bannerFacts(url: string, origin: string, addresses: readonly ServedAddress[], options: ServeOptions, tenants: number, webhookKey: string): BannerFacts {
  const names = new ServiceName(options.serviceName);
  return {
    url,
    origin,
    addresses,
    data: options.dataDir ? `${options.dataDir} (a snapshot and a journal per tenant; ${tenants} loaded${options.fsync ? '; fsync on' : ''})` : 'memory (nothing is written)',
    auth: `${options.credentials ? 'HTTP Basic with the client ids of the credentials file' : 'HTTP Basic: any client id and secret; the first request binds the secret, each client id is its own tenant'}; embedded-wallet actions stamped in ${names.walletSignatureHeader}`,
    webhooks: `${options.webhookUrl ? `to ${options.webhookUrl} unless a tenant sets webhookEndpoint; ` : ''}signed (${names.webhookSignatureHeader}: {"v":"1","s":"<base64>"}) with P-256 key ${webhookKey}`,
    cors: options.corsOrigins && !options.corsOrigins.includes('*') ? options.corsOrigins.join(', ') : 'any origin',
  };
}

function banner(f: BannerFacts, umaDomain: string): string {
  return [
    `paysandbox is serving API version ${API_VERSION}`,
    ...addressLines(f.addresses, API_BASE_PATH),
    `  Docs      ${f.origin}/docs  (OpenAPI: ${f.origin}/openapi.json)`,
    `  Dashboard ${f.origin}/__admin  (sign in with a client id and secret)`,
    `  Data      ${f.data}`,
    `  Auth      ${f.auth}`,
    `  Browsers  ${f.cors} may call it (CORS)`,
    `  UMA       sandbox receivers on ${umaDomain}: $success.usd@, $success.eur@, $success.mxn@, $pending.long.usd@, $fail.compliance.usd@`,
    `  Webhooks  ${f.webhooks}`,
    `  Try       curl -u my-app:my-secret ${f.url}/customers`,
    'Press Ctrl-C to stop.',
  ].join('\n');
}

/** With --log json the banner is one JSON line too, so stdout stays machine-readable. */
function jsonBanner(f: BannerFacts): string {
  return JSON.stringify({ level: 'info', msg: 'listening', version: API_VERSION, api: f.url, addresses: f.addresses.map((a) => a.origin), docs: `${f.origin}/docs`, openapi: `${f.origin}/openapi.json`, dashboard: `${f.origin}/__admin`, data: f.data, auth: f.auth, cors: f.cors, webhooks: f.webhooks });
}

async function runListen(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const values = parseFlags(argv, { 'forward-to': { type: 'string' }, sandbox: { type: 'string' }, 'client-id': { type: 'string' }, 'client-secret': { type: 'string' }, 'service-name': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, 'listen ');
  if (values.help) {
    process.stdout.write(`${LISTEN_USAGE}\n`);
    return;
  }
  const forwardTo = values['forward-to'];
  if (!forwardTo || !/^https?:\/\/\S+$/.test(forwardTo)) throw new UsageError('listen needs --forward-to with an http(s) URL');
  const clientId = values['client-id'] ?? env.PAYSANDBOX_CLIENT_ID;
  const clientSecret = values['client-secret'] ?? env.PAYSANDBOX_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new UsageError('listen needs --client-id and --client-secret (or PAYSANDBOX_CLIENT_ID and PAYSANDBOX_CLIENT_SECRET)');
  const { webhookSignatureHeader } = checkedServiceName(values['service-name'] ?? env.PAYSANDBOX_SERVICE_NAME);
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());
  try {
    await listen({ sandbox: values.sandbox ?? 'http://127.0.0.1:4010', clientId, clientSecret, forwardTo, signatureHeader: webhookSignatureHeader, out: (line) => process.stdout.write(`${line}\n`), signal: controller.signal });
  } catch (err) {
    if (err instanceof ListenError) throw new UsageError(err.message);
    throw err;
  }
}

async function runCoverage(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const options = { sandbox: { type: 'string' }, 'client-id': { type: 'string' }, 'client-secret': { type: 'string' }, json: { type: 'boolean' }, html: { type: 'string' }, 'fail-under': { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
  const { values, positionals } = parseCommand(argv, options, 'coverage');
  if (values.help) {
    process.stdout.write(`${COVERAGE_USAGE}\n`);
    return;
  }
  if (positionals.length > 0) throw new UsageError(`coverage takes no arguments, got ${positionals.join(' ')} (see paysandbox coverage --help)`);
  let thresholds;
  try {
    thresholds = values['fail-under'] === undefined ? {} : parseFailUnder(values['fail-under']);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const clientId = values['client-id'] ?? env.PAYSANDBOX_CLIENT_ID;
  const clientSecret = values['client-secret'] ?? env.PAYSANDBOX_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new UsageError('coverage needs --client-id and --client-secret (or PAYSANDBOX_CLIENT_ID and PAYSANDBOX_CLIENT_SECRET)');
  let report;
  try {
    report = await fetchCoverage({ sandbox: values.sandbox ?? 'http://127.0.0.1:4010', clientId, clientSecret });
  } catch (err) {
    if (!(err instanceof TriggerError)) throw err;
    process.stderr.write(`paysandbox: ${err.message}\n`);
    process.exitCode = 1;
    return;
  }
  if (values.html !== undefined) {
    try {
      writeFileSync(values.html, coverageHtml(report));
    } catch (err) {
      process.stderr.write(`paysandbox: cannot write ${values.html}: ${(err as Error).message}\n`);
      process.exitCode = 1;
      return;
    }
  }
  process.stdout.write(`${values.json ? JSON.stringify(report, null, 2) : describeCoverage(report).join('\n')}\n`);
  const below = shortfalls(report, thresholds);
  for (const line of below) process.stderr.write(`paysandbox: ${line}\n`);
  if (below.length > 0) process.exitCode = 1;
}

/** A running sandbox refused a command's call: a usage error when the request itself was wrong, else one line and exit code 1. */
function refusedRemotely(err: unknown): void {
  if (!(err instanceof TriggerError)) throw err;
  if (err.usage) throw new UsageError(err.message);
  process.stderr.write(`paysandbox: ${err.message}\n`);
  process.exitCode = 1;
}

async function runFixtures(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const options = { sandbox: { type: 'string' }, 'client-id': { type: 'string' }, 'client-secret': { type: 'string' }, json: { type: 'boolean' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
  const { values, positionals } = parseCommand(argv, options, 'fixtures');
  if (values.help) {
    process.stdout.write(`${FIXTURES_USAGE}\n`);
    return;
  }
  if (positionals.length !== 1) throw new UsageError('fixtures needs a file, or export (see paysandbox fixtures --help)');
  const clientId = values['client-id'] ?? env.PAYSANDBOX_CLIENT_ID;
  const clientSecret = values['client-secret'] ?? env.PAYSANDBOX_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new UsageError('fixtures needs --client-id and --client-secret (or PAYSANDBOX_CLIENT_ID and PAYSANDBOX_CLIENT_SECRET)');
  const remote = { sandbox: values.sandbox ?? 'http://127.0.0.1:4010', clientId, clientSecret };
  try {
    if (positionals[0] === 'export') {
      const fixture = await exportFixturesRemote(remote);
      if (values.out !== undefined) writeFixtureFile(values.out, fixture);
      else process.stdout.write(`${JSON.stringify(fixture, null, 2)}\n`);
      return;
    }
    if (values.out !== undefined) throw new UsageError('--out is for fixtures export');
    const result = await loadFixturesRemote({ ...remote, file: resolve(positionals[0]!), env });
    process.stdout.write(`${values.json ? JSON.stringify(result, null, 2) : describeFixtureRun(result).join('\n')}\n`);
  } catch (err) {
    refusedRemotely(err);
  }
}

async function runTrigger(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const options = { sandbox: { type: 'string' }, 'client-id': { type: 'string' }, 'client-secret': { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;
  const { values, positionals } = parseCommand(argv, options, 'trigger');
  if (values.help) {
    process.stdout.write(`${triggerUsage(TRIGGER_TYPES)}\n`);
    return;
  }
  if (positionals.length !== 1) throw new UsageError(`trigger needs exactly one webhook type, e.g. paysandbox trigger OUTGOING_PAYMENT.COMPLETED (see paysandbox trigger --help)`);
  const type = positionals[0]!;
  if (!isTriggerType(type)) throw new UsageError(`unknown webhook type ${JSON.stringify(type)}; choose one of ${TRIGGER_TYPES.join(', ')}`);
  const clientId = values['client-id'] ?? env.PAYSANDBOX_CLIENT_ID;
  const clientSecret = values['client-secret'] ?? env.PAYSANDBOX_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new UsageError('trigger needs --client-id and --client-secret (or PAYSANDBOX_CLIENT_ID and PAYSANDBOX_CLIENT_SECRET)');
  try {
    const result = await triggerRemote({ sandbox: values.sandbox ?? 'http://127.0.0.1:4010', clientId, clientSecret, type });
    process.stdout.write(`${values.json ? JSON.stringify(result, null, 2) : describeTrigger(result).join('\n')}\n`);
  } catch (err) {
    refusedRemotely(err);
  }
}

/**
 * npm and npx start the sandbox through a shell (npm -> sh -> node). A
 * signal to npm reaches that shell, which dies and leaves node running.
 * When npm started us, a parent that goes away is a stop signal too.
 */
function exitWithLauncher(env: NodeJS.ProcessEnv, stop: (why: string) => void): void {
  if (env.npm_lifecycle_event === undefined && env.npm_command === undefined) return;
  // Orphaned from the start (put in the background by a script that has already exited): nothing to follow.
  if (LAUNCHER_PID <= 1) return;
  const check = () => {
    if (process.ppid === LAUNCHER_PID) return;
    clearInterval(timer);
    stop('the npm process that started paysandbox has stopped');
  };
  const timer = setInterval(check, 200);
  timer.unref();
  // It may have gone while the sandbox was starting.
  check();
}

async function main(): Promise<void> {
  if (process.argv[2] === 'listen') return runListen(process.argv.slice(3), process.env);
  if (process.argv[2] === 'trigger') return runTrigger(process.argv.slice(3), process.env);
  if (process.argv[2] === 'coverage') return runCoverage(process.argv.slice(3), process.env);
  if (process.argv[2] === 'fixtures') return runFixtures(process.argv.slice(3), process.env);
  const parsed = await parse(process.argv.slice(2), process.env);
  if (parsed === 'help') {
    const { SCENARIO_NAMES } = await import('../scenarios/index.js');
    process.stdout.write(`${usage(SCENARIO_NAMES)}\n`);
    return;
  }
  if (parsed === 'version') {
    process.stdout.write(`paysandbox ${packageVersion()} (API ${API_VERSION})\n`);
    return;
  }
  if (!isLoopbackHost(parsed.host)) {
    const who = parsed.credentials ? 'with the client ids of the credentials file' : 'and any client id and secret is accepted (pin them with --credentials)';
    process.stderr.write(`paysandbox: warning: listening on ${parsed.host}, not on loopback: anyone who can reach this machine on the network can use this sandbox, ${who}\n`);
  }
  const serving = (loaded ??= await loadServing());
  const sandbox = await serving.startServer(parsed);
  const facts = bannerFacts(sandbox.url, sandbox.origin, sandbox.addresses, parsed, sandbox.registry.all().length, sandbox.webhookPublicKey.hex);
  if (parsed.logFormat === 'json') process.stdout.write(`${jsonBanner(facts)}\n`);
  else if (parsed.logFormat !== 'silent') process.stdout.write(`${banner(facts, serving.SANDBOX_UMA_DOMAINS.join(', '))}\n`);
  for (const moved of sandbox.registry.quarantined) process.stderr.write(`paysandbox: --repair set aside ${moved}\n`);
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    if (parsed.logFormat !== 'silent') process.stderr.write(`\n${why}: writing data and stopping\n`);
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
  exitWithLauncher(process.env, stop);
}

main().catch((err: unknown) => {
  if (err instanceof UsageError || (loaded && (err instanceof loaded.StartupError || err instanceof loaded.CorruptDataFileError))) {
    process.stderr.write(`paysandbox: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`paysandbox: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
