/**
 * The origin a client reached the sandbox on, for the URLs the sandbox
 * returns (kycUrl, the card reveal page, ownership challenges) and the
 * passkey relying party. It is the request's own scheme and Host unless
 * the sandbox trusts a proxy in front of it (a tunnel such as ngrok or
 * cloudflared), whose X-Forwarded-Proto and X-Forwarded-Host then name it.
 * Without that trust the headers are ignored: any client could send them.
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';

declare module './env.js' {
  interface AppVariables {
    /** Whether X-Forwarded-Proto and X-Forwarded-Host name the public origin (--trust-proxy). */
    trustProxy?: boolean;
  }
}

/** How a request's headers are read (hono's c.req.header, a Headers' get). */
export type HeaderReader = (name: string) => string | undefined;

/** The first value of a header a chain of proxies appends to (`https, http`). */
function firstForwarded(value: string | undefined): string | undefined {
  const first = value?.split(',')[0]?.trim();
  return first ? first : undefined;
}

/** `scheme://host[:port]` from forwarded parts, or undefined when they do not make one. */
function forwardedOrigin(proto: string, host: string): string | undefined {
  if (proto !== 'http' && proto !== 'https') return undefined;
  // A host and an optional port only: no user info, path, query or spaces.
  if (!/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(host)) return undefined;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The public origin of a request to `url`. With `trustProxy`, the first
 * X-Forwarded-Proto and X-Forwarded-Host replace the request's scheme and
 * host (each on its own; a malformed value is ignored).
 */
export function publicOriginOf(url: string, header: HeaderReader, trustProxy: boolean): string {
  const own = new URL(url);
  if (!trustProxy) return own.origin;
  const proto = firstForwarded(header('x-forwarded-proto'))?.toLowerCase() ?? own.protocol.slice(0, -1);
  const host = firstForwarded(header('x-forwarded-host')) ?? own.host;
  return forwardedOrigin(proto, host) ?? own.origin;
}

/** Whether a host name can be a WebAuthn RP ID: a domain name, not an IP address. */
export function isDomainName(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return bare.length > 0 && isIP(bare) === 0;
}

/** The public origin of the request in hand (the sandbox's trust in proxies comes with its context). */
export function requestOrigin(c: Context): string {
  return publicOriginOf(c.req.url, (name) => c.req.header(name), c.get('trustProxy') === true);
}

/** The host name of the request in hand (no port): where a page using the sandbox came from. */
export function requestHostname(c: Context): string {
  return new URL(requestOrigin(c)).hostname;
}
