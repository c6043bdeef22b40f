/**
 * HTTP Basic credentials -> tenant. The client id is the tenant; its first
 * request binds its secret (unless a credentials file pinned them).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { apiError } from './errors.js';
import type { AppEnv } from './env.js';

const CHALLENGE = { 'WWW-Authenticate': 'Basic realm="paysandbox", charset="UTF-8"' };
const HOW = 'Send HTTP Basic credentials: your client id as the user name and your client secret as the password';
/** Remembered Authorization headers, so a known caller costs one map lookup. */
const CACHE_LIMIT = 10_000;

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** Parses `Basic base64(id:secret)`; undefined when it is not well formed. */
export function parseBasicAuth(header: string): Credentials | undefined {
  const match = /^Basic ([A-Za-z0-9+/=_-]+)$/i.exec(header.trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const clientId = decoded.slice(0, colon);
  const clientSecret = decoded.slice(colon + 1);
  if (clientSecret === '' || clientId.length > 200 || clientSecret.length > 500 || /[\u0000-\u001f\u007f]/.test(clientId)) return undefined;
  return { clientId, clientSecret };
}

/** Who checks credentials: the tenant registry, for the app. */
export interface ClientAuthenticator<T> {
  /** The principal these credentials open, or undefined when they are wrong. */
  authenticate(clientId: string, clientSecret: string): Promise<T | undefined>;
  /** Whether only a fixed list of client ids is accepted. */
  readonly pinned: boolean;
}

/**
 * Checks Basic credentials and hands the principal to `bind` (which puts it
 * on the context). A header that was accepted once is remembered, so a known
 * caller costs one map lookup instead of a slow secret check.
 */
export function basicAuth<T>(authenticator: ClientAuthenticator<T>, bind: (c: Context<AppEnv>, principal: T) => void): MiddlewareHandler<AppEnv> {
  const known = new Map<string, T>();
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw apiError('UNAUTHORIZED', `Missing credentials. ${HOW}`, undefined, CHALLENGE);
    let principal = known.get(header);
    if (principal === undefined) {
      const credentials = parseBasicAuth(header);
      if (!credentials) throw apiError('UNAUTHORIZED', `Malformed Authorization header. ${HOW}`, undefined, CHALLENGE);
      principal = await authenticator.authenticate(credentials.clientId, credentials.clientSecret);
      if (principal === undefined) {
        const why = authenticator.pinned ? 'Unknown client id or wrong client secret' : `Wrong client secret for client id ${credentials.clientId}`;
        throw apiError('UNAUTHORIZED', why, undefined, CHALLENGE);
      }
      if (known.size >= CACHE_LIMIT) known.clear();
      known.set(header, principal);
    }
    bind(c, principal);
    await next();
  };
}
