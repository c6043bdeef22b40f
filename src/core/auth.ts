/**
 * HTTP Basic credentials -> tenant. The client id is the tenant; its first
 * request binds its secret (unless a credentials file pinned them).
 */
import type { MiddlewareHandler } from 'hono';
import { apiError } from './errors.js';
import type { AppEnv } from './env.js';
import type { Tenant } from '../store/tenant.js';
import type { TenantRegistry } from '../store/registry.js';

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

export function basicAuth(registry: TenantRegistry): MiddlewareHandler<AppEnv> {
  const known = new Map<string, Tenant>();
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw apiError('UNAUTHORIZED', `Missing credentials. ${HOW}`, undefined, CHALLENGE);
    let tenant = known.get(header);
    if (!tenant) {
      const credentials = parseBasicAuth(header);
      if (!credentials) throw apiError('UNAUTHORIZED', `Malformed Authorization header. ${HOW}`, undefined, CHALLENGE);
      tenant = registry.authenticate(credentials.clientId, credentials.clientSecret);
      if (!tenant) {
        const why = registry.pinned ? 'Unknown client id or wrong client secret' : `Wrong client secret for client id ${credentials.clientId}`;
        throw apiError('UNAUTHORIZED', why, undefined, CHALLENGE);
      }
      if (known.size >= CACHE_LIMIT) known.clear();
      known.set(header, tenant);
    }
    c.set('tenant', tenant);
    await next();
  };
}
