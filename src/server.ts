/**
 * A listening sandbox: the app, its tenants and an HTTP server, with a clean
 * shutdown that writes every tenant's data before it returns.
 */
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { serve } from '@hono/node-server';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { controlOperations, createApp, type CoverageTap } from './app.js';
import { systemTime, type TimeSource } from './core/clock.js';
import type { AppEnv } from './core/env.js';
import { randomIds, type IdGenerator } from './core/ids.js';
import { createLogger, type LogFormat, type Logger } from './core/log.js';
import { API_BASE_PATH } from './core/version.js';
import { InvalidServiceNameError, ServiceName } from './core/service-name.js';
import { areaStoreParts, armAreaHooks, initialiseTenant, jobHandlers } from './areas/index.js';
import { TenantRegistry } from './store/registry.js';
import { clockDocument, type Tenant } from './store/tenant.js';
import { collectionOnFirstUse, StoreSchema } from './store/spec.js';
import { Hooks } from './store/hooks.js';
import { jobsCollection } from './store/jobs.js';
import { eventsCollection } from './events/events.store.js';
import { webhookDeliveriesCollection } from './webhooks/webhooks.store.js';
import * as faultsStoreModule from './control/faults.store.js';
import { armFaultHooks } from './control/faults.service.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { SCENARIO_NAMES, findScenario } from '../scenarios/index.js';
import { WebhookSigner } from './webhooks/signer.js';
import { openCardKey, useCardKey } from './areas/cards/card-numbers.js';
import { isWildcardHost, servedAddresses, type ServedAddress } from './core/served-addresses.js';
import { ApiError } from './core/errors.js';
import { applySnapshot, InvalidSnapshotError, parseSnapshot, type Snapshot } from './store/snapshot.js';
import { ensurePlatformAccounts } from './areas/internal-accounts/internal-accounts.service.js';
import * as fixturesFileModule from './control/fixtures.file.js';
import * as fixturesCheckModule from './control/fixtures.check.js';
import * as fixturesRunModule from './control/fixtures.run.js';
import { lazyModule } from './core/lazy-module.js';
import * as scenariosServiceModule from './control/scenarios.service.js';
import type { PresetFixture } from './control/scenarios.service.js';
import type { StepDispatcher } from './control/fixtures.run.js';

export interface SandboxOptions {
  /** Port to listen on; 0 picks a free one. */
  port?: number;
  host?: string;
  /** Directory for the tenants' JSON files; memory only when absent. */
  dataDir?: string;
  /** Pinned credentials (client id -> secret); otherwise a client id's first request binds its secret. */
  credentials?: ReadonlyMap<string, string> | Record<string, string>;
  /** Extra set-up for every fresh tenant (a scenario, fixtures), after the defaults. */
  seed?: (tenant: Tenant) => void;
  log?: LogFormat | Logger;
  time?: TimeSource;
  ids?: IdGenerator;
  /** Where tenants without their own webhookEndpoint receive their webhooks. */
  webhookUrl?: string;
  /** A scenario preset every fresh (or reset) tenant starts from, after `seed`; a fixture preset's steps run as --fixtures steps do (the tenant's requests wait for them). */
  scenario?: string;
  /**
   * What every fresh (or reset) tenant starts from, after the scenario: a
   * fixture (a list of API steps, run through the API; the tenant's requests
   * wait until it has run) or a snapshot, as a JSON or YAML file's path or
   * as the parsed object. Told apart by their shape (docs/fixtures.md).
   */
  fixtures?: string | object;
  /** Flush every write to the disk (fdatasync) before it is acknowledged; by default it is handed to the operating system, which survives a killed process but not a power loss. */
  fsync?: boolean;
  /** Set unusable tenant files aside (into <dataDir>/quarantine) instead of refusing to start. */
  repair?: boolean;
  /** Check every commit for records changed behind the store's back (for the project's own tests; PAYSANDBOX_STORE_AUDIT=1). */
  audit?: boolean;
  /** Journal size in bytes from which a tenant's journal is folded into its snapshot, in the background (default 4 MiB). */
  compactionBytes?: number;
  /** Origins a browser may call from (`http://localhost:5173`); any origin when absent or with `*`. */
  corsOrigins?: readonly string[];
  /** false: API requests are not counted in the tenants' integration coverage (default true); a function wraps the recording step (the benchmark times it). */
  coverage?: boolean | CoverageTap;
  /** Connection limits: slow or idle connections are closed. */
  timeouts?: ServerTimeouts;
  /** Serve HTTPS with this certificate and private key (PEM): phones, passkeys and strict network policies need it. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Build the URLs the sandbox returns (kycUrl, card reveal, ...) from X-Forwarded-Proto and X-Forwarded-Host: a tunnel or proxy is in front. */
  trustProxy?: boolean;
  /** The service's name in the identifiers the spec writes with SERVICE (Acme: Acme-Wallet-Signature, X-Acme-Signature, ...); default `Service`. */
  serviceName?: string;
}

export interface ServerTimeouts {
  /** To receive a request's headers (default 15 s). */
  headersMs?: number;
  /** To receive a whole request, body included (default 120 s: a 10 MB upload on a slow link). */
  requestMs?: number;
  /** An idle keep-alive connection is closed after this (default 10 s). */
  idleMs?: number;
}

const DEFAULT_TIMEOUTS: Required<ServerTimeouts> = { headersMs: 15_000, requestMs: 120_000, idleMs: 10_000 };
/** On close, requests still running get this long before their connections are cut. */
const CLOSE_GRACE_MS = 1_000;

/** The armed faults' collection (and its schemas) loads with the first tenant that arms one or is read back. */
const faultsStore = lazyModule(() => faultsStoreModule);

/** Everything a tenant holds: each layer's collections and documents. */
export const STORE_SCHEMA = new StoreSchema([clockDocument, ...areaStoreParts, eventsCollection, webhookDeliveriesCollection, collectionOnFirstUse('faults', () => faultsStore().faultsCollection), jobsCollection]);
// The control plane's operations for this store, registered now (as the API's are when app.ts loads), not by a request.
controlOperations(STORE_SCHEMA);

export interface RunningSandbox {
  /** Base URL of the API, version segment included. */
  url: string;
  /** Scheme, host and port (on all interfaces: this machine's loopback). */
  origin: string;
  port: number;
  /** Where devices can reach it: loopback first, then each network interface's address when listening on all of them. */
  addresses: ServedAddress[];
  app: OpenAPIHono<AppEnv>;
  registry: TenantRegistry;
  /** The key webhooks are signed with: verify the signature header (X-<Name>-Signature) against it. */
  webhookPublicKey: { pem: string; hex: string };
  close(): Promise<void>;
}

/** A problem with the options that stops start-up: bad data dir, port in use, unreadable file. */
export class StartupError extends Error {
  override name = 'StartupError';
}

function checkDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    accessSync(dir, constants.R_OK | constants.W_OK);
  } catch (err) {
    throw new StartupError(`data directory ${dir} is not usable: ${(err as Error).message}`);
  }
}

/**
 * One part of a fresh (or reset) tenant's set-up: done at once (a seed, a
 * code preset, a snapshot), or API steps run through the app once it exists
 * (a fixture preset's, a fixture's).
 */
type SetUpStage = { apply: (tenant: Tenant) => void } | { steps: (tenant: Tenant, dispatch: StepDispatcher) => Promise<unknown> };

/**
 * The registry's set-up from the stages, in order: what comes before the
 * first steps runs as the tenant is made; the rest, steps first, once it is
 * (the tenant's requests wait for it).
 */
function setUpOf(stages: Array<SetUpStage | undefined>, dispatch: () => StepDispatcher | undefined) {
  const given = stages.filter((s) => s !== undefined);
  const firstSteps = given.findIndex((s) => 'steps' in s);
  const atOnce = (firstSteps < 0 ? given : given.slice(0, firstSteps)) as Array<{ apply: (tenant: Tenant) => void }>;
  const later = firstSteps < 0 ? [] : given.slice(firstSteps);
  const initialise = (tenant: Tenant) => {
    initialiseTenant(tenant);
    for (const stage of atOnce) stage.apply(tenant);
  };
  if (later.length === 0) return { initialise };
  const prepare = (tenant: Tenant): Promise<unknown> | undefined => {
    // Bound once the app exists; the registry makes no tenant before (it makes them on requests and for ensure()).
    const dispatcher = dispatch();
    if (!dispatcher) return undefined;
    return (async () => {
      for (const stage of later) {
        if ('steps' in stage) await stage.steps(tenant, dispatcher);
        else
          tenant.coverage.quietly(() => {
            stage.apply(tenant);
            tenant.settle();
          });
      }
    })();
  };
  return { initialise, prepare };
}

/** The preset every fresh tenant starts from: a code preset applied at once, a fixture preset's steps (read and checked now). */
function scenarioStage(name: string | undefined): SetUpStage | undefined {
  if (name === undefined) return undefined;
  const scenario = findScenario(name);
  if (!scenario) throw new StartupError(`unknown scenario ${JSON.stringify(name)}; choose one of ${SCENARIO_NAMES.join(', ')}`);
  // A code preset (and the areas it uses) loads with the first tenant.
  if ('code' in scenario) return { apply: (tenant) => scenario.code().apply(tenant) };
  let fixture: PresetFixture;
  try {
    fixture = scenariosService().presetFixture(scenario);
  } catch (err) {
    if (err instanceof scenariosService().ScenarioFileError) throw new StartupError(err.message);
    throw err;
  }
  return { steps: (tenant, dispatch) => scenariosService().runPresetSteps(tenant, fixture, dispatch(tenant, { setUp: true })) };
}

function namedService(name: string | undefined): ServiceName {
  try {
    return new ServiceName(name);
  } catch (err) {
    throw err instanceof InvalidServiceNameError ? new StartupError(err.message) : err;
  }
}

/** Fixtures (their files, checks and steps, and the schemas these build) load only for a sandbox given some. */
const fixturesFile = lazyModule(() => fixturesFileModule);
const fixturesCheck = lazyModule(() => fixturesCheckModule);
const fixturesRun = lazyModule(() => fixturesRunModule);
/** Fixture presets are read, checked and run by the control plane's scenarios (loaded for a sandbox started with one). */
const scenariosService = lazyModule(() => scenariosServiceModule);

/** The tenants' start from `fixtures`: a snapshot applied, or a fixture's steps run through the app. */
function fixturesStage(fixtures: string | object | undefined): SetUpStage | undefined {
  if (fixtures === undefined) return undefined;
  const where = typeof fixtures === 'string' ? `fixtures file ${fixtures}` : 'fixtures';
  let content: unknown;
  try {
    content = typeof fixtures === 'string' ? fixturesFile().readFixtureFile(fixtures) : fixtures;
  } catch (err) {
    if (err instanceof fixturesFile().FixtureFileError) throw new StartupError(err.message);
    throw err;
  }
  if (fixturesFile().isStepFixture(content)) {
    try {
      const steps = fixturesCheck().checkFixture(content);
      return { steps: (tenant, dispatch) => fixturesRun().runFixture(steps, dispatch(tenant), { env: process.env, now: () => tenant.clock.nowIso() }) };
    } catch (err) {
      if (err instanceof ApiError) throw new StartupError(`${where}: ${err.code}: ${err.message}`);
      throw err;
    }
  }
  let snapshot: Snapshot;
  try {
    snapshot = parseSnapshot(STORE_SCHEMA, content);
  } catch (err) {
    if (err instanceof InvalidSnapshotError) throw new StartupError(`${where} is invalid at ${err.message}`);
    throw err;
  }
  return {
    apply: (tenant) => {
      applySnapshot(tenant, STORE_SCHEMA, snapshot);
      ensurePlatformAccounts(tenant);
    },
  };
}

/** Builds the tenants and the app without listening: for in-process use. `addresses` says where it listens, once it does. */
export function buildSandbox(options: SandboxOptions = {}, addresses?: () => readonly ServedAddress[]) {
  // Steps go through the app, which is made after the tenants: bound once it exists.
  let dispatcher: StepDispatcher | undefined;
  const setUp = setUpOf([options.seed && { apply: options.seed }, scenarioStage(options.scenario), fixturesStage(options.fixtures)], () => dispatcher);
  const log = typeof options.log === 'object' ? options.log : createLogger(options.log ?? 'silent');
  if (options.dataDir) checkDataDir(options.dataDir);
  const credentials = options.credentials instanceof Map ? options.credentials : options.credentials ? new Map(Object.entries(options.credentials)) : undefined;
  const serviceName = namedService(options.serviceName);
  const webhooks = new WebhookDispatcher({ signer: WebhookSigner.open(options.dataDir), signatureHeader: serviceName.webhookSignatureHeader, log, fallbackUrl: options.webhookUrl });
  const hooks = new Hooks();
  armAreaHooks(hooks);
  armFaultHooks(hooks);
  const cardKey = openCardKey(options.dataDir);
  const registry = TenantRegistry.open({
    onTenant: (tenant) => {
      useCardKey(tenant, cardKey);
      webhooks.attach(tenant);
    },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(credentials ? { credentials } : {}),
    schema: STORE_SCHEMA,
    time: options.time ?? systemTime,
    ids: options.ids ?? randomIds,
    log,
    jobHandlers,
    hooks,
    initialise: setUp.initialise,
    ...(setUp.prepare ? { prepare: setUp.prepare } : {}),
    fsync: options.fsync ?? false,
    repair: options.repair ?? false,
    audit: options.audit ?? process.env.PAYSANDBOX_STORE_AUDIT === '1',
    ...(options.compactionBytes !== undefined ? { compactionBytes: options.compactionBytes } : {}),
  });
  const { app, openApiDocument, controlOpenApiDocument, dispatchStep } = createApp({ registry, log, webhooks, corsOrigins: options.corsOrigins, time: options.time ?? systemTime, coverage: options.coverage, serviceName, trustProxy: options.trustProxy, addresses });
  dispatcher = dispatchStep;
  return { app, registry, log, openApiDocument, controlOpenApiDocument, webhooks, dispatchStep };
}

/** Why node refused a certificate and key, in words (it names only OpenSSL's error). */
function tlsProblem(err: Error): string {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  if (code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH' || /key values mismatch/i.test(err.message)) return 'the TLS key is not the private key of the TLS certificate';
  if (/PEM|ASN1|DECODER|no start line|bad base64/i.test(`${code} ${err.message}`)) return `the TLS certificate or key is not PEM (${err.message})`;
  return `the TLS certificate and key cannot be used: ${err.message}`;
}

export async function startServer(options: SandboxOptions = {}): Promise<RunningSandbox> {
  let addresses: ServedAddress[] = [];
  const { app, registry, webhooks } = buildSandbox(options, () => addresses);
  const host = options.host ?? '127.0.0.1';
  const scheme = options.tls ? 'https' : 'http';
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const server = await new Promise<Server>((resolve, reject) => {
    const serverOptions = {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.idleMs,
      // How often node looks for connections past those limits.
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    };
    let s: Server;
    try {
      const tls = options.tls ? { createServer: createHttpsServer as never, serverOptions: { ...serverOptions, cert: options.tls.cert, key: options.tls.key } } : { serverOptions };
      s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host, ...tls }) as Server;
    } catch (err) {
      // node checks the certificate and key as it makes the server.
      reject(new StartupError(tlsProblem(err as Error)));
      return;
    }
    s.once('listening', () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      const why = err.code === 'EADDRINUSE' ? 'is already in use' : err.code === 'EACCES' ? 'needs privileges' : err.message;
      reject(new StartupError(`port ${options.port ?? 0} on ${host} ${why}`));
    });
  }).catch(async (err: unknown) => {
    webhooks.close();
    await registry.close();
    throw err;
  });
  const port = (server.address() as AddressInfo).port;
  addresses = servedAddresses(host, port, scheme);
  const origin = isWildcardHost(host) ? addresses[0]!.origin : `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}${API_BASE_PATH}`,
    origin,
    port,
    addresses,
    app,
    registry,
    webhookPublicKey: { pem: webhooks.signer.publicKeyPem, hex: webhooks.signer.publicKeyHex },
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        // Live event streams end first: they would otherwise hold the server open.
        webhooks.close();
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      }).then(() => registry.close())),
  };
}
