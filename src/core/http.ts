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
import type { JsonText } from './pagination.js';

/** Answers with JSON text rendered ahead of time, typed as c.json would type it. */
export function sendJsonText<T, S extends ContentfulStatusCode>(c: Context, text: JsonText<T>, status: S): TypedResponse<JSONParsed<T>, S, 'json'> {
  return c.body(text, status, { 'content-type': 'application/json' }) as unknown as TypedResponse<JSONParsed<T>, S, 'json'>;
}

function send(c: Context, error: ApiError): Response {
  const res = c.json(error.toBody(), error.status);
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

/**
 * 405 with Allow when the path exists under other methods only, else 404 (a
 * route of this very method that found nothing, like an asset path naming no
 * asset, is a 404).
 */
export function notFoundHandler(routes: () => readonly KnownRoute[]): NotFoundHandler {
  let compiled: Array<{ method: string; re: RegExp }> | undefined;
  return (c) => {
    compiled ??= routes()
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method.toUpperCase(), re: toRegExp(r.path) }));
    const allowed = [...new Set(compiled.filter((r) => r.re.test(c.req.path)).map((r) => r.method))];
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    if (allowed.length > 0 && !allowed.includes(method)) {
      const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
      return send(c, apiError('METHOD_NOT_ALLOWED', `${c.req.method} is not supported on ${c.req.path}; use ${allowed.join(', ')}`, { allowed }, { Allow: allow.join(', ') }));
    }
    return send(c, apiError('NOT_FOUND', `No route ${c.req.method} ${c.req.path}`));
  };
}
