/**
 * The app's edges: one error handler that turns anything thrown into the
 * spec's error body, and a not-found handler that tells 404 from 405.
 */
import type { Context, ErrorHandler, NotFoundHandler, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { HTTPException } from 'hono/http-exception';
import { ApiError, apiError, errorBody } from './errors.js';
import type { Logger } from './log.js';
import { serviceNameOf } from './service-name.js';
import { joinParts, type JsonParts } from './pagination.js';
import { bodyOnSocket, type ClosingResponse } from './body-pool.js';

declare module './env.js' {
  interface AppVariables {
    /** The pieces of the body sendJsonParts answered with, for whoever records responses. */
    sentJson?: readonly Uint8Array[];
  }
}

/** Answers with JSON rendered ahead of time, typed as c.json would type it. */
export function sendJsonParts<T, S extends ContentfulStatusCode>(c: Context, parts: JsonParts<T>, status: S): TypedResponse<JSONParsed<T>, S, 'json'> {
  c.set('sentJson', parts);
  // Under the Node server the body goes to a socket, whose response says when the bytes are no longer needed.
  const outgoing = (c.env as { outgoing?: ClosingResponse } | undefined)?.outgoing;
  const body = outgoing ? bodyOnSocket(parts, outgoing) : joinParts(parts);
  return c.body(body as Uint8Array<ArrayBuffer>, status, { 'content-type': 'application/json' }) as unknown as TypedResponse<JSONParsed<T>, S, 'json'>;
}

function send(c: Context, error: ApiError): Response {
  // The catalogue writes the neutral identifiers; the client reads the sandbox's service name.
  const res = c.json(serviceNameOf(c).renameJson(error.toBody()), error.status);
  for (const [name, value] of Object.entries(error.headers ?? {})) res.headers.set(name, value);
  return res;
}

export function errorHandler(log: Logger): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) return send(c, err);
    if (err instanceof HTTPException) {
      if (err.status === 415) return send(c, apiError('UNSUPPORTED_MEDIA_TYPE'));
      if (err.status === 413) return send(c, apiError('PAYLOAD_TOO_LARGE'));
      if (err.status === 400) {
        const malformed = /json/i.test(err.message);
        return send(c, apiError('INVALID_INPUT', malformed ? 'Malformed JSON in request body' : err.message || 'Bad request', malformed ? { errors: [{ field: '(body)', message: 'Not valid JSON' }] } : undefined));
      }
      if (err.status === 401) return send(c, apiError('UNAUTHORIZED'));
      if (err.status === 404) return send(c, apiError('NOT_FOUND'));
    }
    log.error('unexpected error', { method: c.req.method, path: c.req.path, error: err instanceof Error ? err.message : String(err) });
    return c.json(errorBody('INTERNAL_ERROR', 'Internal server error; the request was not applied'), 500);
  };
}

export interface KnownRoute {
  method: string;
  path: string;
}

function toRegExp(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`);
}

/** Edit distance between two strings, as a share of the longer one (0 equal .. 1 nothing in common). */
function textDistance(a: string, b: string): number {
  if (a === b) return 0;
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]! / longer;
}

function segmentsOf(path: string): string[] {
  return path.replace(/\/+$/, '').split('/').filter((s) => s !== '');
}

/** A segment more than half different is simply another segment. */
function segmentDistance(a: string, b: string): number {
  const d = textDistance(a.toLowerCase(), b.toLowerCase());
  return d > 0.5 ? 1 : d;
}

/** Leaving out the route's leading segments (the version, /__admin) is the likeliest slip, so it costs less. */
const MISSING_PREFIX_COST = 0.6;

/** Edit distance over path segments: a missing or extra segment costs 1, a misspelt one its share of differing characters; a parameter takes any segment. */
function pathDistance(request: readonly string[], route: readonly string[]): number {
  let previous = Array.from({ length: route.length + 1 }, (_, j) => j * MISSING_PREFIX_COST);
  for (let i = 1; i <= request.length; i++) {
    const row = [i];
    for (let j = 1; j <= route.length; j++) {
      const segment = route[j - 1]!;
      const swap = segment.startsWith(':') ? 0 : segmentDistance(request[i - 1]!, segment);
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + swap);
    }
    previous = row;
  }
  return previous[route.length]!;
}

/** Routes further than this from the request are not suggested. */
const SUGGESTION_DISTANCE = 1.2;
const SUGGESTIONS = 3;
const SUGGESTION_SPREAD = 0.15;

interface CompiledRoute {
  method: string;
  path: string;
  re: RegExp;
  segments: string[];
  shown: string;
}

const API_VERSION_SEGMENT = /^\d{4}-\d{2}-\d{2}$/;

/** Paths the service's guides still write, and the path each is now (after the version segment). */
const OLDER_PATHS: ReadonlyArray<readonly [older: string, now: string]> = [['internal-account', 'customers/internal-accounts']];

/** The routes a path the guides still write (with its version segment or without) is now, whatever the method. */
function renamedRoutes(routes: readonly CompiledRoute[], path: string): CompiledRoute[] {
  const segments = segmentsOf(path);
  const called = API_VERSION_SEGMENT.test(segments[0] ?? '') ? segments.slice(1).join('/') : segments.join('/');
  const now = OLDER_PATHS.find(([older]) => called === older)?.[1];
  return now === undefined ? [] : routes.filter((r) => r.path.endsWith(`/${now}`));
}

/** The real routes closest to a path that matched none, e.g. `GET /2025-10-13/customers/{customerId}`. */
function closestRoutes(routes: readonly CompiledRoute[], method: string, path: string): string[] {
  const renamed = renamedRoutes(routes, path).map((r) => r.shown);
  if (renamed.length > 0) return renamed.slice(0, SUGGESTIONS);
  const request = segmentsOf(path);
  const scored = routes
    .filter((r) => !r.path.includes('*'))
    .map((r) => ({ r, distance: pathDistance(request, r.segments) + (r.method === method ? 0 : 0.01) }))
    .sort((a, b) => a.distance - b.distance || a.r.shown.length - b.r.shown.length);
  // Only the routes about as close as the closest: one misspelt segment should not bring every route one segment away.
  const limit = Math.min(SUGGESTION_DISTANCE, (scored[0]?.distance ?? 0) + SUGGESTION_SPREAD);
  return scored
    .filter((x) => x.distance <= limit)
    .slice(0, SUGGESTIONS)
    .map((x) => x.r.shown);
}

/**
 * 405 with Allow when the path exists under other methods, else 404 naming
 * the closest real routes in details.didYouMean. `onUnmatched` hears of every
 * request that matched no route.
 */
export function notFoundHandler(routes: () => readonly KnownRoute[], onUnmatched?: (c: Context) => void): NotFoundHandler {
  let compiled: CompiledRoute[] | undefined;
  return (c) => {
    onUnmatched?.(c);
    compiled ??= [
      ...new Map(
        routes()
          .filter((r) => r.method !== 'ALL')
          .map((r) => {
            const method = r.method.toUpperCase();
            const shown = `${method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
            return [shown, { method, path: r.path, re: toRegExp(r.path), segments: segmentsOf(r.path), shown }] as const;
          }),
      ).values(),
    ];
    const allowed = [...new Set(compiled.filter((r) => r.re.test(c.req.path)).map((r) => r.method))];
    // A route that takes the method but found nothing to serve (a missing asset) is a plain 404.
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (allowed.length > 0 && !allowed.includes(method)) {
      const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
      return send(c, apiError('METHOD_NOT_ALLOWED', `${c.req.method} is not supported on ${c.req.path}; use ${allowed.join(', ')}`, { allowed }, { Allow: allow.join(', ') }));
    }
    const didYouMean = closestRoutes(compiled, c.req.method, c.req.path);
    return send(c, apiError('NOT_FOUND', `No route ${c.req.method} ${c.req.path}`, didYouMean.length > 0 ? { didYouMean } : undefined));
  };
}
