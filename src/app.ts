/**
 * createApp: the whole HTTP surface, built from its dependencies. No
 * module-level state, so every test can build a fresh app in one line.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ALL_PERMISSIONS, requestAuth, type ClientAuthenticator } from './core/auth.js';
import type { AppEnv, AppRouter } from './core/env.js';
import { apiError, errorBody } from './core/errors.js';
import { errorHandler, notFoundHandler } from './core/http.js';
import type { Logger } from './core/log.js';
import { unknownInputWarnings, validationHook } from './core/validation.js';
import { ADMIN_BASE_PATH, API_BASE_PATH, API_VERSION } from './core/version.js';
import { registerAreas, webhookDefinitions } from './areas/index.js';
import { registerControl } from './control/control.index.js';
import { mountDocs } from './docs/swagger-ui.js';
import { buildApiDocument, buildControlDocument } from './docs/openapi-documents.js';
import { registerHostedPages } from './areas/verifications/hosted.index.js';
import { registerCardRevealPage } from './areas/cards/card-reveal.index.js';
import { registerEndUserTermsPage } from './areas/customers/end-user-terms.page.js';
import type { TenantRegistry } from './store/registry.js';
import { StoreAuditError, type Tenant } from './store/tenant.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';
import { RequestJournal } from './control/journal.js';
import { registerDashboard } from './dashboard/dashboard.js';
import { requestFaults } from './control/faults.service.js';

export interface AppDeps {
  registry: TenantRegistry;
  log: Logger;
  webhooks: WebhookDispatcher;
}

/** JSON bodies above this size are refused before they are read. */
const MAX_JSON_BYTES = 1024 * 1024;

function router(log: Logger): AppRouter {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(errorHandler(log));
  return app;
}

const jsonLimit = bodyLimit({
  maxSize: MAX_JSON_BYTES,
  onError: () => {
    throw apiError('PAYLOAD_TOO_LARGE', `JSON bodies are limited to ${MAX_JSON_BYTES} bytes`);
  },
});

/**
 * Refuses oversized JSON bodies. A declared Content-Length is checked as is;
 * only a body of unknown length (chunked) is metered while it is read, since
 * metering means wrapping the request stream. Bodiless requests and
 * multipart uploads (which set their own limits) pass untouched.
 */
const jsonSizeLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || (c.req.header('content-type') ?? '').startsWith('multipart/')) return next();
  const declared = c.req.header('content-length');
  if (declared === undefined) return jsonLimit(c, next);
  if (Number(declared) > MAX_JSON_BYTES) throw apiError('PAYLOAD_TOO_LARGE', `JSON bodies are limited to ${MAX_JSON_BYTES} bytes`);
  return next();
};

export interface SandboxApp {
  app: OpenAPIHono<AppEnv>;
  /** The API's OpenAPI 3.1 document, generated from the zod routes on first use. */
  openApiDocument(): Record<string, unknown>;
  /** The control plane's OpenAPI 3.1 document (paths under /__admin, server /). */
  controlOpenApiDocument(): Record<string, unknown>;
}

/**
 * Every change a request made is committed before its response leaves: a
 * 2xx is only sent for what is already in the journal.
 */
function commitChanges(registry: TenantRegistry, log: Logger): MiddlewareHandler {
  return async (c, next) => {
    await next();
    try {
      await registry.commitDirty();
    } catch (err) {
      log.error('could not persist a change', { method: c.req.method, path: c.req.path, error: (err as Error).message });
      c.res = undefined;
      // The store audit of the project's own tests says what a service did wrong.
      const reason = err instanceof StoreAuditError ? err.message : 'The change could not be written to disk; it may be lost on restart';
      c.res = c.json(errorBody('INTERNAL_ERROR', reason), 500);
    }
  };
}

/**
 * Who may call: the platform's own credentials (the client id is the tenant).
 * Areas that issue further credentials (API tokens, agents) plug in here.
 */
function authenticator(registry: TenantRegistry): ClientAuthenticator<Tenant> {
  return {
    pinned: registry.pinned,
    authenticate: async (clientId, secret) => {
      const tenant = await registry.authenticate(clientId, secret);
      return tenant && { tenant, actor: { kind: 'PLATFORM' }, permissions: ALL_PERMISSIONS };
    },
  };
}

export function createApp(deps: AppDeps): SandboxApp {
  const auth = requestAuth(authenticator(deps.registry), (c, principal) => {
    c.set('tenant', principal.tenant);
    c.set('principal', principal);
  });

  const services: MiddlewareHandler<AppEnv> = (c, next) => {
    c.set('webhooks', deps.webhooks);
    return next();
  };

  const journal = new RequestJournal();
  const api = router(deps.log);
  // Inside the journal, so the journal sees the unknown inputs this names.
  api.use('*', auth, services, journal.middleware(), unknownInputWarnings(), requestFaults(), jsonSizeLimit);
  registerAreas(api);

  const admin = router(deps.log);
  admin.use('*', auth, services, jsonSizeLimit);
  registerControl(admin, deps.registry, journal);

  let apiDocument: Record<string, unknown> | undefined;
  let controlDocument: Record<string, unknown> | undefined;
  const openApiDocument = (): Record<string, unknown> => (apiDocument ??= buildApiDocument(api, webhookDefinitions));
  const controlOpenApiDocument = (): Record<string, unknown> => (controlDocument ??= buildControlDocument(admin));

  const app = router(deps.log);
  app.use('*', commitChanges(deps.registry, deps.log));
  // Before the control plane: the dashboard's own files and the documents need no credentials.
  registerDashboard(app);
  app.get('/openapi.json', (c) => c.json(openApiDocument()));
  app.get(`${ADMIN_BASE_PATH}/openapi.json`, (c) => c.json(controlOpenApiDocument()));
  app.route(API_BASE_PATH, api);
  app.route(ADMIN_BASE_PATH, admin);
  app.notFound(notFoundHandler(() => app.routes));

  registerHostedPages(app, deps.registry);
  registerCardRevealPage(app, deps.registry);
  registerEndUserTermsPage(app);
  mountDocs(app);
  app.get('/', (c) => c.json({ name: 'paysandbox', version: API_VERSION, api: API_BASE_PATH, docs: '/docs', openapi: '/openapi.json', adminOpenapi: `${ADMIN_BASE_PATH}/openapi.json`, admin: ADMIN_BASE_PATH, dashboard: ADMIN_BASE_PATH }));
  return { app, openApiDocument, controlOpenApiDocument };
}
