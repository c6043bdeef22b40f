/**
 * CORS for every route, so a web app on another origin (a Vite dev server,
 * say) can call the sandbox from the browser and read every answer, errors
 * included. Preflights are answered before authentication: a browser never
 * sends credentials with them. Any origin is allowed unless a list of
 * origins is given; an origin not on it gets no CORS headers at all.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';

/** Headers a browser script may read from a response, with the webhook signature's (X-<Name>-Signature). */
const exposedHeaders = (signatureHeader: string) => `Retry-After, Location, Allow, Content-Disposition, Sandbox-Warning, ${signatureHeader}`;
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
/** Seconds a browser may reuse a preflight answer (Chromium caps it at 7200). */
const MAX_AGE = '7200';

export class InvalidCorsOriginError extends Error {
  override name = 'InvalidCorsOriginError';
}

/**
 * `a,b` -> the origins, each `scheme://host[:port]` (lower-cased, no path),
 * or `*` for any origin. Throws InvalidCorsOriginError naming the bad entry.
 */
export function parseCorsOrigins(text: string): string[] {
  const entries = text.split(',').map((e) => e.trim());
  if (entries.some((e) => e === '')) throw new InvalidCorsOriginError(`an empty origin in ${JSON.stringify(text)}; separate origins with single commas`);
  return entries.map((entry) => {
    if (entry === '*') return entry;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new InvalidCorsOriginError(`${JSON.stringify(entry)} is not an origin like http://localhost:5173`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '') || entry.endsWith('/')) {
      throw new InvalidCorsOriginError(`${JSON.stringify(entry)} is not an origin like http://localhost:5173 (scheme, host and port only)`);
    }
    return url.origin;
  });
}

/** The CORS middleware; `origins` undefined or containing `*` allows any origin. */
export function cors(origins: readonly string[] | undefined, signatureHeader: string): MiddlewareHandler {
  const exposed = exposedHeaders(signatureHeader);
  const anyOrigin = origins === undefined || origins.includes('*');
  const listed = new Set(origins ?? []);
  const allowed = (origin: string) => anyOrigin || listed.has(origin.toLowerCase());
  const withOrigin = async (c: Context, next: Next, origin: string): Promise<Response | void> => {
    const requestedMethod = c.req.method === 'OPTIONS' ? c.req.header('access-control-request-method') : undefined;
    if (requestedMethod !== undefined) {
      // A preflight: answered here, before authentication, whatever the route.
      const headers: Record<string, string> = { Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers' };
      if (allowed(origin)) {
        headers['Access-Control-Allow-Origin'] = origin;
        headers['Access-Control-Allow-Credentials'] = 'true';
        headers['Access-Control-Allow-Methods'] = METHODS;
        const requestedHeaders = c.req.header('access-control-request-headers');
        if (requestedHeaders) headers['Access-Control-Allow-Headers'] = requestedHeaders;
        headers['Access-Control-Max-Age'] = MAX_AGE;
        if (c.req.header('access-control-request-private-network') === 'true') headers['Access-Control-Allow-Private-Network'] = 'true';
      }
      return c.body(null, 204, headers);
    }
    await next();
    const headers = c.res.headers;
    headers.append('Vary', 'Origin');
    if (!allowed(origin)) return;
    headers.set('Access-Control-Allow-Origin', origin);
    headers.set('Access-Control-Allow-Credentials', 'true');
    headers.set('Access-Control-Expose-Headers', exposed);
  };
  // A request without Origin (not from a browser page) passes straight through.
  return (c, next) => {
    const origin = c.req.header('origin');
    return origin === undefined ? next() : withOrigin(c, next, origin);
  };
}
