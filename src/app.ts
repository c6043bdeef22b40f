/**
 * createApp: the whole HTTP surface, built from its dependencies. What is
 * kept at module level (the operations, their documents) holds nothing of a
 * sandbox, so every test can build a fresh app in one line, and cheaply.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { matchedRoutes } from 'hono/route';
import { bodyLimit } from 'hono/body-limit';
import { ALL_PERMISSIONS, requestAuth, requirePermission, type ClientAuthenticator, type Principal, type RoutePermission } from './core/auth.js';
import type { AppEnv, AppRouter } from './core/env.js';
import { apiError, errorBody, notFound } from './core/errors.js';
import { errorHandler, notFoundHandler } from './core/http.js';
import type { Logger } from './core/log.js';
import { isJson, jsonParsedOnce, mayHaveBody, unknownInputWarnings, validationHook } from './core/validation.js';
import { closeOnUnreadBody } from './core/unread-body.js';
import { ADMIN_BASE_PATH, API_BASE_PATH, API_VERSION } from './core/version.js';
import { AREA_ROUTE_GROUPS, registerAreas, webhookDefinitions } from './areas/index.js';
import { registerLazyRoutes } from './core/lazy-routes.js';
import * as agentsServiceModule from './areas/agents/agents.service.js';
import { CONTROL_PLANE_PERMISSION, permissionFor } from './areas/permissions.js';
import { isTokenClientId, tenantOfTokenClientId } from './areas/api-tokens/token-credentials.js';
import { checkTokenCredentials } from './areas/api-tokens/api-tokens.service.js';
import * as controlIndex from './control/control.index.js';
import { CONTROL_ROUTES } from './control/routes.js';
import { lazyModule } from './core/lazy-module.js';
import { operationKey, operationsOfDocument, type OperationEntry } from './control/coverage.service.js';
import * as openApiDocumentsModule from './docs/openapi-documents.js';
import { registerHostedPages } from './areas/verifications/hosted.index.js';
import { registerCardRevealPage } from './areas/cards/card-reveal.index.js';
import { registerEndUserTermsPage } from './areas/customers/end-user-terms.page.js';
import type { TenantRegistry } from './store/registry.js';
import type { StoreSchema } from './store/spec.js';
import { StoreAuditError, type Tenant } from './store/tenant.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';
import { RequestJournal } from './control/journal.js';
import { requestFaults } from './control/faults.service.js';
import { cors } from './core/cors.js';
import { NEUTRAL_SERVICE_NAME, namedJsonExchange, type ServiceName } from './core/service-name.js';
import { MemoRouter } from './core/memo-router.js';
import { ApiRouter } from './core/router.js';
import { series } from './core/series.js';
import { systemTime, type TimeSource } from './core/clock.js';
import { observeRequests, sentTextOf } from './request-observer.js';
import { SET_UP_STEP, STEP_BODY, STEP_TENANT, stepBodyOf, stepTenantOf } from './core/callers.js';
import { jsonAnswer } from './control/fixtures.answer.js';
import type { StepDispatcher } from './control/fixtures.run.js';
import { stepRequest } from './core/step-exchange.js';
import type { DashboardUi } from './dashboard/dashboard.js';
import type { DocsUi } from './docs/swagger-ui.js';
import type { ServedAddress } from './core/served-addresses.js';

export interface AppDeps {
  registry: TenantRegistry;
  log: Logger;
  webhooks: WebhookDispatcher;
  /** Origins allowed to call from a browser; any origin when absent. */
  corsOrigins?: readonly string[] | undefined;
  /** Wall-clock time for the request log. */
  time?: TimeSource;
  /** false: API requests are not counted in the tenants' coverage; a function wraps the recording step (the benchmark times it). */
  coverage?: boolean | CoverageTap | undefined;
  /** X-Forwarded-Proto and X-Forwarded-Host name the origin of the URLs the sandbox returns (a tunnel or proxy in front). */
  trustProxy?: boolean | undefined;
  /** Where devices can reach the sandbox once it listens (the banner's addresses). */
  addresses?: (() => readonly ServedAddress[]) | undefined;
  /** The name the neutral identifiers carry (headers, a field, two codes); the spec's `Service` when absent. */
  serviceName?: ServiceName | undefined;
}

/** JSON bodies above this size are refused before they are read. */
const MAX_JSON_BYTES = 1024 * 1024;
/** A snapshot carries the tenant's uploaded files (up to 10 MB each), so it may be larger. */
const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024;

/**
 * Only the outermost app has the error handler: Hono wraps every handler of
 * a mounted app that has its own (each middleware too) in one more compose
 * per request, and the outer one already turns what any handler throws into
 * the error body, at the handler that threw.
 */
function router(): AppRouter {
  return new ApiRouter<AppEnv>({ defaultHook: validationHook, router: new MemoRouter() });
}

/**
 * A JSON body of unknown length, read up to `maxBytes` into the request's
 * body cache, where every reader of the body finds it (Hono's bodyLimit
 * would build the whole request again around the bytes it read). Decoded
 * as a fetch Request's text() decodes.
 */
async function readJsonWithin(c: Context<AppEnv>, maxBytes: number, tooLarge: () => Error): Promise<void> {
  const stream = c.req.raw.body;
  if (!stream) return;
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  const bytes = Buffer.concat(chunks);
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(new TextDecoder().decode(bytes));
  // A route's own size limit (an upload's) reads the stream again, to refuse a JSON body with 415: it gets the bytes read.
  c.req.raw = new Request(c.req.raw, { body: bytes });
}

/**
 * Refuses oversized JSON bodies with 413. A declared Content-Length is
 * checked as is; only a body of unknown length (chunked) is metered while it
 * is read: a JSON one into the body cache, any other by wrapping the request
 * stream. Bodiless requests and multipart uploads (which set their own
 * limits) pass untouched.
 */
function jsonSizeLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = () => apiError('PAYLOAD_TOO_LARGE', `JSON bodies are limited to ${maxBytes} bytes`);
  const meter = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge();
    },
  });
  return (c, next) => {
    if (!mayHaveBody(c.req.method) || (c.req.header('content-type') ?? '').startsWith('multipart/')) return next();
    const declared = c.req.header('content-length');
    if (declared === undefined) return isJson(c) ? readJsonWithin(c, maxBytes, tooLarge).then(next) : meter(c, next);
    if (Number(declared) > maxBytes) throw tooLarge();
    return next();
  };
}

const jsonLimit = jsonSizeLimit(MAX_JSON_BYTES);
const snapshotLimit = jsonSizeLimit(MAX_SNAPSHOT_BYTES);

/** A value made on first use. */
function lazyValue<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Loads a module on first use: the docs UI and the dashboard cost nothing at start-up. */
function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export interface SandboxApp {
  app: OpenAPIHono<AppEnv>;
  /** The API's OpenAPI 3.1 document, generated from the zod routes on first use. */
  openApiDocument(): Record<string, unknown>;
  /** The control plane's OpenAPI 3.1 document (paths under /__admin, server /). */
  controlOpenApiDocument(): Record<string, unknown>;
  /** Sends a fixture's steps through the app for a tenant. */
  dispatchStep: StepDispatcher;
}

/**
 * Every change a request made is committed before its response leaves: a
 * 2xx is only sent for what is already in the journal.
 */
function commitChanges(registry: TenantRegistry, log: Logger): MiddlewareHandler {
  return async (c, next) => {
    await next();
    try {
      // Nothing written (every GET): no extra turn of the event loop.
      const written = registry.commitDirty();
      if (written) await written;
    } catch (err) {
      log.error('could not persist a change', { method: c.req.method, path: c.req.path, error: (err as Error).message });
      c.res = undefined;
      // The store audit of the project's own tests says what a service did wrong.
      const reason = err instanceof StoreAuditError ? err.message : 'The change could not be written to disk; it may be lost on restart';
      c.res = c.json(errorBody('INTERNAL_ERROR', reason), 500);
    }
  };
}

/** The OpenAPI documents' builder (and its examples): loaded with the first request for a document. */
const openApiDocuments = lazyModule(() => openApiDocumentsModule);

/** Agents' credentials: loaded with the first Bearer token or device-code redemption. */
const agentsService = lazyModule(() => agentsServiceModule);

/** Platform client ids are at most this long (an API token's, which also names its tenant, may be longer). */
const MAX_PLATFORM_CLIENT_ID_LENGTH = 200;

/**
 * Who may call: the platform's own credentials (the client id is the
 * tenant; every permission), its API tokens (a token's client id names
 * its tenant; the token's permissions; revoked the moment it is deleted),
 * and agents with the Bearer access token a device code redeemed (the token
 * names its tenant; no platform permission; revoked the moment the agent is
 * deleted).
 */
function authenticator(registry: TenantRegistry): ClientAuthenticator<Tenant> {
  return {
    pinned: registry.pinned,
    authenticate: async (clientId, secret) => {
      if (isTokenClientId(clientId)) return authenticateToken(registry, clientId, secret);
      if (clientId.length > MAX_PLATFORM_CLIENT_ID_LENGTH) return undefined;
      const tenant = await registry.authenticate(clientId, secret);
      return tenant && { tenant, actor: { kind: 'PLATFORM' }, permissions: ALL_PERMISSIONS };
    },
    authenticateBearer: async (token) => {
      const tenantId = agentsService().tenantIdOfAccessToken(token);
      const tenant = tenantId === undefined ? undefined : registry.get(tenantId);
      const credential = tenant && agentsService().agentCredential(tenant, token);
      if (!tenant || !credential) return undefined;
      // Agents hold none of the platform's permissions: their own policy rules what they do.
      return { tenant, actor: { kind: 'AGENT', id: credential.agentId }, permissions: new Set(), revoked: () => !credential.valid() };
    },
  };
}

async function authenticateToken(registry: TenantRegistry, clientId: string, secret: string): Promise<Principal<Tenant> | undefined> {
  const tenantId = tenantOfTokenClientId(clientId);
  const tenant = tenantId === undefined ? undefined : registry.get(tenantId);
  const token = tenant && (await checkTokenCredentials(tenant, clientId, secret));
  if (!tenant || !token) return undefined;
  return { tenant, actor: { kind: 'API_TOKEN', id: token.id }, permissions: new Set(token.permissions), revoked: () => !tenant.apiTokens.has(token.id) };
}

/** The OpenAPI path of an API route (`/customers/{customerId}`); undefined for a route outside the API. */
function apiPathOfRoute(route: RouterRoute): string | undefined {
  return route.path.startsWith(`${API_BASE_PATH}/`) ? route.path.slice(API_BASE_PATH.length).replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}') : undefined;
}

/** Each route's permission, worked out on its first request (a HEAD request runs its GET route). */
const routePermissions = new WeakMap<RouterRoute, RoutePermission | undefined>();

const apiPermission = (c: Context): RoutePermission | undefined => {
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
  if (!route) return undefined;
  if (!routePermissions.has(route)) {
    const path = apiPathOfRoute(route);
    routePermissions.set(route, path === undefined ? undefined : permissionFor(route.method, path));
  }
  return routePermissions.get(route);
};

/** Each operation names the permission an API token needs for it (x-required-permission); FORBIDDEN is in the catalogue for every operation. */
function documentPermissions(document: Record<string, unknown>): Record<string, unknown> {
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation === 'object' && operation !== null && 'responses' in operation) (operation as Record<string, unknown>)['x-required-permission'] = permissionFor(method, path);
    }
  }
  return document;
}

/** The API path of a request, without the version prefix. */
function apiPathOf(path: string): string {
  return path.startsWith(API_BASE_PATH) ? path.slice(API_BASE_PATH.length) : path;
}

const AGENT_PATH = /^\/agents\/me(\/|$)/;
const REDEEM_PATH = /^\/agents\/device-codes\/([^/]+)\/redeem$/;

/** POST /agents/device-codes/{code}/redeem needs no credentials: the code is the proof. */
const isRedemption = (method: string, path: string) => method === 'POST' && REDEEM_PATH.test(apiPathOf(path));

/**
 * Which credential opens which routes (the public description's security
 * schemes): an agent's Bearer token only /agents/me/*, the platform's Basic
 * credentials everything else; the wrong one is 401. A redemption without
 * credentials runs in the tenant that issued its code.
 */
function credentialScope(registry: TenantRegistry): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const path = apiPathOf(c.req.path);
    const principal = c.get('principal') as { actor: { kind: string } } | undefined;
    if (!principal) {
      const match = REDEEM_PATH.exec(path);
      let code: string | undefined;
      try {
        code = match ? decodeURIComponent(match[1]!) : undefined;
      } catch {
        code = undefined;
      }
      const tenant = code === undefined ? undefined : agentsService().tenantHoldingDeviceCode(registry.all(), code);
      if (!tenant) throw notFound('AgentDeviceCode', code ?? match?.[1] ?? '');
      c.set('tenant', tenant);
      return next();
    }
    const agentRoute = AGENT_PATH.test(path);
    if (principal.actor.kind === 'AGENT' && !agentRoute) {
      throw apiError('UNAUTHORIZED', "An agent's access token opens only /agents/me/*; this operation needs the platform's Basic credentials", undefined, { 'WWW-Authenticate': 'Basic realm="paysandbox", charset="UTF-8"' });
    }
    if (principal.actor.kind !== 'AGENT' && agentRoute) {
      throw apiError('UNAUTHORIZED', "/agents/me/* is called by the agent itself: send its access token as Authorization: Bearer <accessToken>", undefined, { 'WWW-Authenticate': 'Bearer realm="paysandbox"' });
    }
    return next();
  };
}

/** The control plane administers the tenant: agents' tokens do not open it. */
const platformOnly: MiddlewareHandler<AppEnv> = (c, next) => {
  const principal = c.get('principal') as { actor: { kind: string } } | undefined;
  if (principal?.actor.kind === 'AGENT') throw apiError('UNAUTHORIZED', "An agent's access token opens only /agents/me/*; the control plane needs the platform's Basic credentials");
  return next();
};

/**
 * The API's operations, registered once, when this module loads, and
 * mounted on every app: they hold nothing of a sandbox (the tenant and the
 * services come with each request's context), and registering some two
 * hundred operations was most of what building a sandbox cost. Registered
 * at load rather than by the first app, so that no request decides how;
 * each area's own routes (and schemas) are built by its first request.
 */
const apiOperations = router();
registerLazyRoutes(apiOperations, AREA_ROUTE_GROUPS, router);
/** The API's document, made on first use from every area's routes (which loads every area). */
let apiDocument: Record<string, unknown> | undefined;
const openApiDocument = (): Record<string, unknown> => {
  if (apiDocument === undefined) {
    const documented = router();
    registerAreas(documented);
    apiDocument = documentPermissions(openApiDocuments().buildApiDocument(documented, webhookDefinitions()));
  }
  return apiDocument;
};

/** The operations coverage lists: those of the API document, made on first use. */
let operationEntries: OperationEntry[] | undefined;
const apiOperationEntries = (): OperationEntry[] => (operationEntries ??= operationsOfDocument(openApiDocument()));

/** Each API route's coverage key (`POST /customers`), worked out on its first request; null for a route outside the API. */
const coverageKeys = new WeakMap<RouterRoute, string | null>();

function coverageKeyOf(route: RouterRoute): string | null {
  let key = coverageKeys.get(route);
  if (key === undefined) {
    const path = apiPathOfRoute(route);
    key = path === undefined ? null : operationKey(route.method, path);
    coverageKeys.set(route, key);
  }
  return key;
}

const CODE_FIRST = '{"code":"';

/** The `code` of an error answer, from the JSON text it was sent as (the catalogue's bodies start with it: no parse). */
function errorCodeOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (text.startsWith(CODE_FIRST)) {
    const end = text.indexOf('"', CODE_FIRST.length);
    if (end > 0) return text.slice(CODE_FIRST.length, end);
  }
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

export type RecordAnswered = (c: Context<AppEnv>, tenant: Tenant) => void;
/** Wraps the recording step of every answered API request (to time it). */
export type CoverageTap = (record: RecordAnswered) => RecordAnswered;

/** Counts an answered API request in its tenant's coverage: a map lookup and a few increments. */
function recordOperation(c: Context<AppEnv>, tenant: Tenant): void {
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
  const key = route && coverageKeyOf(route);
  if (!key) return;
  const status = c.res.status;
  tenant.coverage.call(key, status, status >= 400 ? errorCodeOf(c.get('sentText')) : undefined);
}

/** The control plane's operations and document, made once for each store schema (the snapshot's shape follows it). */
const controlBySchema = new WeakMap<StoreSchema, { routes: AppRouter; document: () => Record<string, unknown> }>();
const controlPlane = lazyModule(() => controlIndex);

export function controlOperations(schema: StoreSchema): { routes: AppRouter; document: () => Record<string, unknown> } {
  let control = controlBySchema.get(schema);
  if (!control) {
    const register = (api: AppRouter) => controlPlane().registerControl(api, schema, apiOperationEntries);
    const routes = router();
    // Its routes (and the snapshot's schema, made of every collection's) are built by the first control-plane request.
    registerLazyRoutes(routes, [{ name: 'the control plane', routes: CONTROL_ROUTES, register }], router);
    let document: Record<string, unknown> | undefined;
    const documented = () => {
      const api = router();
      register(api);
      return openApiDocuments().buildControlDocument(api);
    };
    control = { routes, document: () => (document ??= documented()) };
    controlBySchema.set(schema, control);
  }
  return control;
}

/**
 * Mounts a router's routes under `base` with Hono's own route(): zod-openapi's
 * would also copy every operation's description into the outer app, which
 * documents nothing (the documents are made from the mounted routers).
 */
function mount(app: AppRouter, base: string, routes: AppRouter): void {
  (Hono.prototype.route as (this: AppRouter, path: string, sub: AppRouter) => AppRouter).call(app, base, routes);
}

/**
 * A fixture's steps, sent by the sandbox to itself for a tenant, act with
 * its platform credentials; every other request shows its own, and waits
 * while its tenant's fixture is still being set up (a fresh or reset tenant
 * of a sandbox started with fixtures).
 */
function stepsOrCredentials(registry: TenantRegistry, auth: MiddlewareHandler<AppEnv>, bind: (c: Context<AppEnv>, principal: Principal<Tenant>) => void): MiddlewareHandler<AppEnv> {
  const waitForSetUp: MiddlewareHandler<AppEnv> = async (c, next) => {
    const tenant = c.get('tenant') as Tenant | undefined;
    const ready = tenant && registry.ready(tenant);
    // A failed set-up is logged by the registry; the tenant is served as it is.
    if (ready) await ready.catch(() => undefined);
    return next();
  };
  const authenticated = series(auth, waitForSetUp);
  return (c, next) => {
    const tenant = stepTenantOf(c) as Tenant | undefined;
    if (tenant === undefined) return authenticated(c, next);
    bind(c, { tenant, actor: { kind: 'PLATFORM' }, permissions: ALL_PERMISSIONS });
    // The step's body is the text its request carries: reading it back through the request's stream would cost more than the operation.
    const body = stepBodyOf(c);
    // Hono keeps the body it read as promises (typed as the values).
    if (body !== undefined) (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(body);
    return next();
  };
}

/**
 * Sends a fixture's step to the app for a tenant, as its platform credentials
 * would, and reads the JSON answer. The request is a client's: its body with
 * its Content-Length (without one, the size limit would meter the body
 * through a stream and build the request again). The answer's text is the
 * one c.json sent, when the response is still the one it made.
 */
function stepDispatcher(app: AppRouter): StepDispatcher {
  return (tenant, options) => async (call) => {
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    const env: Record<symbol, unknown> = { [STEP_TENANT]: tenant };
    if (options?.setUp === true) env[SET_UP_STEP] = true;
    const sent = call.body;
    if (sent !== undefined) {
      headers['content-type'] ??= 'application/json';
      // The body is whole: its length, never a transfer coding (which would have the size limit meter it and rebuild the request).
      headers['content-length'] = String(Buffer.byteLength(sent));
      delete headers['transfer-encoding'];
      env[STEP_BODY] = sent;
    }
    const res = await app.fetch(stepRequest({ method: call.method, url: `http://localhost${call.path}`, headers, body: sent }), env);
    const sentText = sentTextOf(res);
    if (sentText !== undefined) return jsonAnswer(res.status, sentText);
    const text = await res.text();
    let body: unknown = text === '' ? undefined : text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: the text is the answer
    }
    return { status: res.status, body };
  };
}

export function createApp(deps: AppDeps): SandboxApp {
  const bind = (c: Context<AppEnv>, principal: Principal<Tenant>) => {
    c.set('tenant', principal.tenant);
    c.set('principal', principal);
  };
  const auth = stepsOrCredentials(deps.registry, requestAuth(authenticator(deps.registry), bind, { anonymous: isRedemption }), bind);
  // The control plane answers scripts (the dashboard, a test suite) that ask for JSON: no Basic challenge for them.
  const adminAuth = stepsOrCredentials(deps.registry, requestAuth(authenticator(deps.registry), bind, { jsonIsScript: true }), bind);

  const names = deps.serviceName ?? NEUTRAL_SERVICE_NAME;
  const journal = new RequestJournal();
  const trustProxy = deps.trustProxy === true;
  const addresses = deps.addresses ?? (() => []);
  // What the shared operations take from the request's context.
  const services: MiddlewareHandler<AppEnv> = (c, next) => {
    c.set('trustProxy', trustProxy);
    c.set('servedAddresses', addresses);
    c.set('webhooks', deps.webhooks);
    c.set('tenantDirectory', deps.registry);
    c.set('registry', deps.registry);
    c.set('journal', journal);
    c.set('stepDispatch', dispatchStep);
    return next();
  };

  const unmatched = new WeakSet<Request>();
  // What every API request of this sandbox passes before its operation; mounted ahead of the shared operations.
  const apiGate = router();
  // The request observer (outermost) sees the unknown inputs this names.
  // In three groups: the unknown-input warnings see the answer to a fault or a size limit thrown after them.
  apiGate.use('*', series(auth, credentialScope(deps.registry), requirePermission(apiPermission), services), unknownInputWarnings(), series(requestFaults(), jsonLimit, jsonParsedOnce));

  const adminGate = router();
  adminGate.use('*', series(adminAuth, platformOnly, requirePermission(() => CONTROL_PLANE_PERMISSION), services, (c, next) => (c.req.path === `${ADMIN_BASE_PATH}/snapshot` ? snapshotLimit : jsonLimit)(c, next), jsonParsedOnce));
  // The control plane's few JSON exchanges that name a code (a fault's) speak the sandbox's service name.
  if (!names.isNeutral) adminGate.use('*', namedJsonExchange(names));
  const control = controlOperations(deps.registry.schema);

  const named: MiddlewareHandler<AppEnv> = (c, next) => {
    c.set('serviceName', names);
    return next();
  };
  // The documents with the neutral identifiers renamed, made on first use.
  const namedApiDocument = names.isNeutral ? openApiDocument : lazyValue(() => names.renameJson(openApiDocument()));
  const namedControlDocument = names.isNeutral ? control.document : lazyValue(() => names.renameJson(control.document()));

  const app = router();
  const dispatchStep = stepDispatcher(app);
  app.onError(errorHandler(deps.log));
  app.use('*', series(named, cors(deps.corsOrigins, names.webhookSignatureHeader), closeOnUnreadBody(), observeRequests({ journal, log: deps.log, time: deps.time ?? systemTime, unmatched, answered: deps.coverage === false ? undefined : typeof deps.coverage === 'function' ? deps.coverage(recordOperation) : recordOperation }), commitChanges(deps.registry, deps.log)));
  // Before the control plane: the dashboard's own files and the documents need no credentials.
  const dashboard = lazy(async (): Promise<DashboardUi> => (await import('./dashboard/dashboard.js')).dashboardUi());
  app.get(ADMIN_BASE_PATH, async (c) => (await dashboard()).page(c));
  app.get(`${ADMIN_BASE_PATH}/ui/:file`, async (c) => (await dashboard()).asset(c));
  app.get('/openapi.json', (c) => c.json(namedApiDocument()));
  app.get(`${ADMIN_BASE_PATH}/openapi.json`, (c) => c.json(namedControlDocument()));
  mount(app, API_BASE_PATH, apiGate);
  mount(app, API_BASE_PATH, apiOperations);
  mount(app, ADMIN_BASE_PATH, adminGate);
  mount(app, ADMIN_BASE_PATH, control.routes);
  app.notFound(notFoundHandler(() => app.routes, (c) => unmatched.add(c.req.raw)));

  registerHostedPages(app, deps.registry);
  registerCardRevealPage(app, deps.registry);
  registerEndUserTermsPage(app);
  const docs = lazy(async (): Promise<DocsUi> => (await import('./docs/swagger-ui.js')).docsUi());
  app.get('/docs', async (c) => (await docs()).page(c));
  app.get('/docs/assets/:file', async (c) => (await docs()).asset(c));
  const service = { name: names.name, walletSignatureHeader: names.walletSignatureHeader, webhookSignatureHeader: names.webhookSignatureHeader, operationsStatusField: names.operationsStatusField };
  app.get('/', (c) => c.json({ name: 'paysandbox', version: API_VERSION, api: API_BASE_PATH, docs: '/docs', openapi: '/openapi.json', adminOpenapi: `${ADMIN_BASE_PATH}/openapi.json`, admin: ADMIN_BASE_PATH, dashboard: ADMIN_BASE_PATH, service }));
  return { app, openApiDocument: namedApiDocument, controlOpenApiDocument: namedControlDocument, dispatchStep };
}
