/**
 * Watches every request the app answers, for two readers: the request
 * journal (API requests of an authenticated tenant) and the request log
 * (one line per API or control-plane request). The dashboard's own calls go
 * to neither: its polling would drown what a person or a test is after.
 *
 * Nothing here copies or serialises on the request's path: the journal gets
 * references to the raw header lines, to the body text the handler already
 * read and to the JSON text the response is sent as.
 */
import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { isoAt, monotonicMs, type TimeSource } from './core/clock.js';
import { fromDashboard, isSetUpStep, stepTenantOf } from './core/callers.js';
import { stepResponse } from './core/step-exchange.js';
import type { AppEnv } from './core/env.js';
import { bodylessStandIns, mayHaveBody } from './core/validation.js';
import type { Logger } from './core/log.js';
import { ADMIN_BASE_PATH, API_BASE_PATH } from './core/version.js';
import type { RecordedBody, RequestJournal } from './control/journal.js';
import type { Tenant } from './store/tenant.js';

/** A body of unknown use is read for the journal only when it is this small. */
const UNREAD_BODY_CHARS_READ = 16 * 1024;

export interface ObserverDeps {
  journal: RequestJournal;
  log: Logger;
  time: TimeSource;
  /** Requests the not-found handler answered: they matched no route. */
  unmatched: WeakSet<Request>;
  /** Told of every answered API request of a tenant that matched a route (integration coverage). */
  answered?: ((c: Context<AppEnv>, tenant: Tenant) => void) | undefined;
}

declare module './core/env.js' {
  interface AppVariables {
    /** The JSON text a response was sent as, when c.json sent it. */
    sentText?: string;
  }
}

/**
 * c.json that keeps the JSON text it sends, for the journal. One function
 * for every request, called as the context's method: a closure made per
 * request and put on the context kept every request whole (its incoming
 * message, its response, its body) alive through several collections.
 */
function jsonKeepingText(this: Context<AppEnv>, object: unknown, arg?: Parameters<Context['body']>[1], headers?: Record<string, string>): Response {
  const text = JSON.stringify(object);
  this.set('sentText', text);
  const head = { 'content-type': 'application/json', ...headers };
  // A fixture's step reads the text: its answer builds a body stream only if something asks for one.
  const res = stepTenantOf(this) === undefined ? this.body(text, arg as never, head) : stepResponse(text, (body) => this.body(body as string, arg as never, head));
  sentTexts.set(res, text);
  return res;
}

/** The JSON text each API response c.json made was sent as, by the response itself: one replaced on the way out is not found. */
const sentTexts = new WeakMap<Response, string>();

/** The JSON text `res` carries when c.json made it (a fixture's step reads its answer without reading the body back); undefined otherwise. */
export function sentTextOf(res: Response): string | undefined {
  return sentTexts.get(res);
}

function under(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/** A caller's own X-Request-Id when it is sane, else one of ours. */
function requestIdFor(c: Context, next: () => string): string {
  const given = c.req.header('x-request-id');
  return given !== undefined && /^[\x21-\x7e]{1,128}$/.test(given) ? given : next();
}

/**
 * The request's headers for the journal: under the Node server, the raw
 * name/value pairs its parser made; keeping them, rather than the Headers
 * view (which holds the whole incoming message), keeps a kept entry small.
 */
function headersOf(c: Context): Headers | readonly string[] {
  const incoming = (c.env as { incoming?: { rawHeaders?: unknown } } | undefined)?.incoming;
  return Array.isArray(incoming?.rawHeaders) ? (incoming.rawHeaders as string[]) : c.req.raw.headers;
}

/** Synchronous when there is nothing to wait for (every GET): no extra turn of the event loop. */
function recordedBody(c: Context, matched: boolean): RecordedBody | undefined | Promise<RecordedBody | undefined> {
  if (!mayHaveBody(c.req.method)) return undefined;
  if ((c.req.header('content-type') ?? '').startsWith('multipart/')) return { note: '[multipart form]' };
  // Hono keeps the body it read as promises (typed as the values).
  const cache = c.req.bodyCache as { text?: Promise<string>; arrayBuffer?: unknown; blob?: unknown; formData?: unknown };
  if (cache.text) return cache.text.then((text) => ({ text }), () => ({ note: '[unreadable body]' }));
  if (cache.arrayBuffer || cache.blob || cache.formData) return { note: '[binary body]' };
  const length = c.req.header('content-length');
  // A Node request whose headers announced no body was told to have no body stream (validation.ts); it is told here as before.
  if (length === '0' || (c.req.raw.body === null && !bodylessStandIns.has(c.req.raw))) return undefined;
  // Nobody read it: worth reading when small, or when it went to no route at all (what a person debugging wants to see).
  if (c.req.raw.bodyUsed || (length === undefined ? matched : Number(length) > UNREAD_BODY_CHARS_READ)) return { note: '[body not read]' };
  return c.req.text().then((text) => ({ text }), () => ({ note: '[unreadable body]' }));
}

export function observeRequests(deps: ObserverDeps): MiddlewareHandler<AppEnv> {
  const boot = randomBytes(3).toString('hex');
  let seq = 0;
  const nextId = () => `req_${boot}_${(++seq).toString(36)}`;
  const logRequest = deps.log.request;

  return async (c, next) => {
    const path = c.req.path;
    const api = under(path, API_BASE_PATH);
    const logged = logRequest !== undefined && (api || (under(path, ADMIN_BASE_PATH) && path !== ADMIN_BASE_PATH && !path.startsWith(`${ADMIN_BASE_PATH}/ui/`)));
    if ((!api && !logged) || fromDashboard(c.req)) return next();

    const started = monotonicMs();
    const requestId = requestIdFor(c, nextId);
    // Keep the JSON text the response is sent as, made once: reading a finished response back would cost a copy.
    if (api) c.json = jsonKeepingText as unknown as typeof c.json;
    await next();
    const durationMs = Math.round((monotonicMs() - started) * 100) / 100;
    const tenant = c.get('tenant') as AppEnv['Variables']['tenant'] | undefined;
    // A preset's steps are the sandbox's own set-up: one control-plane call, as a preset written as code is.
    if (isSetUpStep(c)) return;
    if (api && tenant) {
      const matched = !deps.unmatched.has(c.req.raw);
      // A fixture's steps are the sandbox's own set-up, as a scenario's are: not the integration's coverage.
      if (matched && deps.answered && stepTenantOf(c) === undefined) deps.answered(c, tenant);
      const body = recordedBody(c, matched);
      deps.journal.record(tenant, {
        requestId,
        at: tenant.clock.nowMs(),
        method: c.req.method,
        path,
        url: c.req.url,
        status: c.res.status,
        durationMs,
        headers: headersOf(c),
        requestBody: body instanceof Promise ? await body : body,
        responseText: c.get('sentText') ?? c.get('sentJson'),
        matched,
        unknownInputs: c.get('unknownInputs'),
      });
    }
    if (logged) logRequest({ time: isoAt(deps.time.nowMs()), tenant: tenant?.id ?? null, method: c.req.method, path, status: c.res.status, durationMs, requestId });
  };
}
