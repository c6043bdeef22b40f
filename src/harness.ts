/**
 * What createSandbox() hands a test suite besides its URL: a typed client
 * for a tenant, with the credentials built in, and the control plane as
 * functions (clock, reset, scenarios, snapshots, faults, the request
 * journal, triggers, waiting for a webhook event). The calls go through the
 * app itself, in-process, exactly as an HTTP client's would: a helper never
 * takes a shortcut the API would not. Only waitForEvent listens to the
 * tenant directly, so it hears an event the moment it is recorded.
 */
import type { z } from '@hono/zod-openapi';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './core/env.js';
import type { ErrorBody } from './core/errors.js';
import { ADMIN_BASE_PATH, API_BASE_PATH } from './core/version.js';
import type { WebhookEvent } from './events/events.schemas.js';
import type { ClockAdvanceResult, JournalList } from './control/control.schemas.js';
import type { Fault, FaultRequest } from './control/faults.schemas.js';
import type { TriggerResult } from './control/triggers.js';
import { coverageReport, type CoverageReportBody } from './control/coverage.service.js';
import type { Snapshot } from './store/snapshot.js';
import { resolve as resolvePath } from 'node:path';
import { readFixtureFile } from './control/fixtures.file.js';
import type { FixtureDocument, FixtureResult } from './control/fixtures.schemas.js';
import type { Tenant } from './store/tenant.js';
import type { TenantRegistry } from './store/registry.js';

export type { WebhookEvent } from './events/events.schemas.js';
export type { TriggerResult } from './control/triggers.js';
export type { Snapshot } from './store/snapshot.js';
export type { FixtureDocument, FixtureResult, FixtureStep } from './control/fixtures.schemas.js';

/** An answer of the sandbox: the status, the parsed JSON body (or the text) and the headers. */
export interface ApiReply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A control-plane helper whose call the sandbox refused: the status and the error body say why. */
export class SandboxRequestError extends Error {
  override name = 'SandboxRequestError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody | unknown,
    what: string,
  ) {
    const reason = body && typeof body === 'object' && 'reason' in body ? String((body as ErrorBody).reason) : JSON.stringify(body);
    super(`${what} answered ${status}: ${reason}`);
  }
}

export interface RequestFilter {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The whole path relative to the API base; `*` stands for one segment: `/quotes/*\/execute`. */
  path?: string;
  status?: number;
}

export interface WaitOptions {
  /** How long to wait for it (real time); 5 s when absent. */
  timeoutMs?: number;
  /** Only an event this accepts counts. */
  where?: (event: WebhookEvent) => boolean;
}

export type JournalPage = z.infer<typeof JournalList>;
export type ArmedFault = z.infer<typeof Fault>;
export type FaultSpec = z.input<typeof FaultRequest>;

/** One tenant, as a test suite drives it. */
export interface TenantClient {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The Authorization header value, for your own fetch calls. */
  readonly authorization: string;
  /**
   * Any request: `path` under the API base (`/customers`), or a full path of
   * the sandbox (`/__admin/...`, `/openapi.json`). Never throws on an error
   * status: the reply carries it.
   */
  request<T = unknown>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiReply<T>>;
  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<ApiReply<T>>;
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiReply<T>>;
  patch<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiReply<T>>;
  put<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiReply<T>>;
  delete<T = unknown>(path: string, headers?: Record<string, string>): Promise<ApiReply<T>>;

  /** Moves the tenant's clock forward; every delayed outcome that falls due runs, in order. */
  advanceClock(seconds: number): Promise<z.infer<typeof ClockAdvanceResult>>;
  /** Deletes everything of the tenant (the credentials stay). */
  reset(): Promise<void>;
  /** Resets the tenant and loads a scenario preset. */
  loadScenario(name: string): Promise<void>;
  snapshot(): Promise<Snapshot>;
  restore(snapshot: Snapshot): Promise<void>;
  /** Arms a fault (ERROR, LATENCY, WALLET_PROCESSING) for the tenant's next matching requests. */
  armFault(fault: FaultSpec): Promise<ArmedFault>;
  clearFaults(): Promise<void>;
  /** The tenant's request journal. */
  readonly requests: {
    count(filter?: RequestFilter): Promise<number>;
    list(filter?: { method?: string; path?: string; status?: number; limit?: number }): Promise<JournalPage>;
    unmatched(limit?: number): Promise<JournalPage>;
    clear(): Promise<number>;
  };
  /**
   * Runs a fixture (a list of API steps: docs/fixtures.md) for the tenant,
   * given as the path of a JSON or YAML file or as the object; adds to what
   * the tenant holds (reset() first for a clean start). Rejects with the
   * step that failed and why.
   */
  loadFixtures(fixture: string | object): Promise<FixtureResult>;
  /** The tenant's API writes since its last reset, as a fixture that rebuilds them (GET /__admin/fixtures/export). */
  exportFixtures(): Promise<FixtureDocument>;
  /** Makes a webhook event of `type` happen through the real flows. */
  trigger(type: string): Promise<TriggerResult>;
  /** The tenant's events, oldest first. */
  events(type?: string): Promise<WebhookEvent[]>;
  /**
   * The oldest event of `type` this client has not returned yet, waiting
   * for it when there is none (rejects after `timeoutMs`).
   */
  waitForEvent(type: string, options?: WaitOptions): Promise<WebhookEvent>;
  /**
   * The integration coverage report (GET /__admin/coverage) of this tenant;
   * `allTenants: true` adds up every tenant of the sandbox, for suites that
   * use a client id per test.
   */
  coverage(options?: { allTenants?: boolean }): Promise<CoverageReport>;
  /** Starts coverage recording over (DELETE /__admin/coverage). */
  clearCoverage(): Promise<void>;
}

export type CoverageReport = CoverageReportBody;

const DEFAULT_WAIT_MS = 5_000;

function fullPath(path: string): string {
  return /^\/(__admin|openapi\.json|docs|hosted)(\/|$|\?)/.test(path) || path.startsWith(`${API_BASE_PATH}/`) ? path : `${API_BASE_PATH}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function tenantClient(app: OpenAPIHono<AppEnv>, registry: TenantRegistry, clientId: string, clientSecret: string): TenantClient {
  const authorization = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const returned = new Set<string>();

  const request = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiReply<T>> => {
    const init: RequestInit = { method, headers: { authorization, accept: 'application/json', ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await app.request(fullPath(path), init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };

  /** A control-plane call that must succeed. */
  const admin = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await request<T>(method, `${ADMIN_BASE_PATH}${path}`, body);
    if (reply.status < 200 || reply.status >= 300) throw new SandboxRequestError(reply.status, reply.body, `${method} ${ADMIN_BASE_PATH}${path}`);
    return reply.body;
  };

  /** The tenant itself, created (and its secret bound) by an authenticated call when it does not exist yet. */
  const tenant = async (): Promise<Tenant> => {
    const existing = registry.get(clientId);
    if (existing) return existing;
    await admin('GET', '/health');
    return registry.get(clientId)!;
  };

  const query = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  return {
    clientId,
    clientSecret,
    authorization,
    request,
    get: (path, headers) => request('GET', path, undefined, headers),
    post: (path, body, headers) => request('POST', path, body ?? {}, headers),
    patch: (path, body, headers) => request('PATCH', path, body ?? {}, headers),
    put: (path, body, headers) => request('PUT', path, body ?? {}, headers),
    delete: (path, headers) => request('DELETE', path, undefined, headers),

    advanceClock: (seconds) => admin('POST', '/clock/advance', { seconds }),
    reset: async () => void (await admin('POST', '/reset')),
    loadScenario: async (name) => void (await admin('POST', `/scenarios/${encodeURIComponent(name)}`)),
    snapshot: () => admin('GET', '/snapshot'),
    restore: async (snapshot) => void (await admin('PUT', '/snapshot', snapshot)),
    armFault: (fault) => admin('POST', '/faults', fault),
    clearFaults: async () => void (await admin('DELETE', '/faults')),
    requests: {
      count: async (filter = {}) => (await admin<{ count: number }>('GET', `/requests/count${query({ ...filter })}`)).count,
      list: (filter = {}) => admin('GET', `/requests${query({ ...filter })}`),
      unmatched: (limit) => admin('GET', `/requests/unmatched${query({ limit })}`),
      clear: async () => (await admin<{ removed: number }>('DELETE', '/requests')).removed,
    },
    loadFixtures: (fixture) => admin('POST', '/fixtures', typeof fixture === 'string' ? readFixtureFile(resolvePath(fixture)) : fixture),
    exportFixtures: () => admin('GET', '/fixtures/export'),
    trigger: (type) => admin('POST', '/events/trigger', { type }),
    coverage: async (options = {}) => {
      const own = await admin<CoverageReport>('GET', '/coverage');
      if (!options.allTenants) return own;
      const operations = own.operations.items.map(({ operationId, method, path, area }) => ({ operationId, method, path, area }));
      return coverageReport(operations, registry.all(), (await tenant()).clock.nowIso());
    },
    clearCoverage: async () => void (await admin('DELETE', '/coverage')),
    events: async (type) => {
      const found = [...(await tenant()).events.values()].filter((e) => type === undefined || e.type === type);
      return structuredClone(found);
    },
    waitForEvent: async (type, options = {}) => {
      const t = await tenant();
      const wanted = (e: WebhookEvent) => e.type === type && !returned.has(e.id) && (options.where === undefined || options.where(e));
      const take = (e: WebhookEvent) => {
        returned.add(e.id);
        return structuredClone(e);
      };
      for (const event of t.events.values()) if (wanted(event)) return take(event);
      const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_MS;
      return new Promise<WebhookEvent>((resolve, reject) => {
        const stop = t.on('event', (event) => {
          if (!wanted(event)) return;
          clearTimeout(timer);
          stop();
          resolve(take(event));
        });
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`no ${type} event for ${clientId} within ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
  };
}
