/**
 * Credentials -> principal: who calls (the platform, an API token, an
 * agent), for which tenant, allowed to do what. HTTP Basic for the platform
 * and its tokens, Bearer for agents; what each credential means is decided by
 * the composition root, which knows the areas that issue them.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { apiError } from './errors.js';
import type { AppEnv } from './env.js';
import { fromScript } from './callers.js';

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="paysandbox", charset="UTF-8"' };
const HOW = 'Send HTTP Basic credentials: your client id as the user name and your client secret as the password';
/** Remembered Authorization headers, so a known caller costs one map lookup. */
const CACHE_LIMIT = 10_000;

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

/** Platform client ids are at most 200 characters; an API token's client id also names its tenant, so it may be longer. */
export const MAX_CLIENT_ID_LENGTH = 400;

/** Parses `Basic base64(id:secret)`; undefined when it is not well formed. */
export function parseBasicAuth(header: string): Credentials | undefined {
  const match = /^Basic ([A-Za-z0-9+/=_-]+)$/i.exec(header.trim());
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const clientId = decoded.slice(0, colon);
  const clientSecret = decoded.slice(colon + 1);
  if (clientSecret === '' || clientId.length > MAX_CLIENT_ID_LENGTH || clientSecret.length > 500 || /[\u0000-\u001f\u007f]/.test(clientId)) return undefined;
  return { clientId, clientSecret };
}

/** What a credential may do: reads, money movement, administration (the reference's token permissions). */
export type Permission = 'VIEW' | 'TRANSACT' | 'MANAGE';
export const ALL_PERMISSIONS: ReadonlySet<Permission> = new Set(['VIEW', 'TRANSACT', 'MANAGE']);

/** Who made a request: the platform's own credentials, one of its API tokens, or an agent. */
export type Actor = { kind: 'PLATFORM' } | { kind: 'API_TOKEN'; id: string } | { kind: 'AGENT'; id: string };

export interface Principal<T> {
  tenant: T;
  actor: Actor;
  permissions: ReadonlySet<Permission>;
  /** Whether the credential was revoked since it was checked (a deleted token or agent): checked on every request. */
  revoked?: () => boolean;
}

declare module './env.js' {
  interface AppVariables {
    /** Who is calling and what they may do. */
    principal: Principal<unknown>;
  }
}

/** Who checks credentials: the composition root, over the tenant registry and the areas that issue credentials. */
export interface ClientAuthenticator<T> {
  /** HTTP Basic: the principal these credentials open, or undefined when they are wrong. */
  authenticate(clientId: string, clientSecret: string): Promise<Principal<T> | undefined>;
  /** HTTP Bearer (agent access tokens); undefined when the token is unknown. */
  authenticateBearer?(token: string): Promise<Principal<T> | undefined>;
  /** Whether only a fixed list of client ids is accepted. */
  readonly pinned: boolean;
}

/** What a route needs of the caller: one permission, or any valid credential (the sandbox simulators). */
export type RoutePermission = Permission | 'ANY';

/**
 * Refuses (403 FORBIDDEN) a caller whose credential lacks the permission
 * the route needs. `required` says what the matched route needs, undefined
 * when no route matches (the 404 or 405 follows). Runs after requestAuth.
 */
export function requirePermission(required: (c: Context<AppEnv>) => RoutePermission | undefined): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const principal = c.get('principal') as Principal<unknown> | undefined;
    const needed = principal ? required(c) : undefined;
    if (principal && needed !== undefined && needed !== 'ANY' && !principal.permissions.has(needed)) {
      throw apiError('FORBIDDEN', `This credential lacks the ${needed} permission this operation needs`, { requiredPermission: needed, permissions: [...principal.permissions] });
    }
    return next();
  };
}

export interface AuthOptions {
  /** Requests that need no credentials (e.g. redeeming an agent's device code). */
  anonymous?: (method: string, path: string) => boolean;
  /** A request asking for JSON counts as a script's (the control plane): its 401 carries no challenge. */
  jsonIsScript?: boolean;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/**
 * Checks Basic (or Bearer) credentials and hands the principal to `bind`
 * (which puts its tenant on the context). A header that was accepted once is
 * remembered, so a known caller costs one map lookup instead of a slow secret
 * check, unless its credential has been revoked since.
 */
export function requestAuth<T>(authenticator: ClientAuthenticator<T>, bind: (c: Context<AppEnv>, principal: Principal<T>) => void, options: AuthOptions = {}): MiddlewareHandler<AppEnv> {
  const known = new Map<string, Principal<T>>();
  const check = async (header: string, challenge: Record<string, string> | undefined): Promise<Principal<T>> => {
    const bearer = BEARER.exec(header.trim());
    if (bearer && authenticator.authenticateBearer) {
      const principal = await authenticator.authenticateBearer(bearer[1]!);
      if (!principal) throw apiError('UNAUTHORIZED', 'Unknown, expired or revoked access token', undefined, challenge);
      return principal;
    }
    const credentials = parseBasicAuth(header);
    if (!credentials) throw apiError('UNAUTHORIZED', `Malformed Authorization header. ${HOW}`, undefined, challenge);
    const principal = await authenticator.authenticate(credentials.clientId, credentials.clientSecret);
    if (!principal) {
      const why = authenticator.pinned ? 'Unknown client id or wrong client secret' : `Wrong client secret for client id ${credentials.clientId}`;
      throw apiError('UNAUTHORIZED', why, undefined, challenge);
    }
    return principal;
  };
  // A script (a page's fetch, the dashboard) gets no Basic challenge: the browser would hold its request for a login prompt.
  const challengeFor = (c: Context<AppEnv>) => (fromScript(c.req, options.jsonIsScript ?? false) ? undefined : BASIC_CHALLENGE);
  const checkAndRemember = async (c: Context<AppEnv>, next: Next, header: string) => {
    const principal = await check(header, challengeFor(c));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the cache only bounds memory; a forgotten header is checked again, with the same outcome
    if (known.size >= CACHE_LIMIT) known.clear();
    known.set(header, principal);
    bind(c, principal);
    return next();
  };
  return (c, next) => {
    const header = c.req.header('authorization');
    if (!header) {
      if (options.anonymous?.(c.req.method, c.req.path)) return next();
      throw apiError('UNAUTHORIZED', `Missing credentials. ${HOW}`, undefined, challengeFor(c));
    }
    const principal = known.get(header);
    // A known caller is one map lookup, no extra turn of the event loop.
    if (principal !== undefined && !principal.revoked?.()) {
      bind(c, principal);
      return next();
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: only frees a revoked entry; one left behind is checked again on every request, with the same outcome
    if (principal !== undefined) known.delete(header);
    return checkAndRemember(c, next, header);
  };
}
