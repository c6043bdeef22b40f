/**
 * The headers of every page the sandbox shows a person (the hosted KYC
 * flow, the card reveal page, the dashboard): nothing may frame it (no
 * clickjacking of a form or of card details), nothing may cache it, and no
 * referrer carries its token-bearing URL elsewhere.
 */
import type { MiddlewareHandler } from 'hono';

/** Server-rendered pages: their own inline stylesheet, no script at all, forms posting back to the sandbox. */
export const HOSTED_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function pageSecurityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

/** Sets the page headers on whatever the route answers, error pages included. */
export function securePage(csp: string = HOSTED_PAGE_CSP): MiddlewareHandler {
  const headers = Object.entries(pageSecurityHeaders(csp));
  return async (c, next) => {
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
  };
}
