/** Sandbox OIDC tokens: JWT-shaped, claims that pass the sandbox checks, a dummy signature. */
import { UnsecuredJWT } from 'jose';
import { systemTime } from '../core/clock.js';
import { sha256Hex } from '../crypto/digest.js';

export interface SandboxOidcClaims {
  iss?: string;
  aud?: string | [string];
  sub?: string;
  email?: string;
  /** Verify needs it: the nonce becomes SHA-256 hex of exactly this string. */
  clientPublicKey?: string;
  /** Seconds since the epoch; defaults to `nowMs`, real time: the sandbox judges iat and exp by real time, however far your tenant's clock has moved. */
  iat?: number;
  exp?: number;
  /** Any other claims, e.g. to test a failing check. */
  extra?: Record<string, unknown>;
}

export function sandboxOidcToken(claims: SandboxOidcClaims = {}, nowMs: number = systemTime.nowMs()): string {
  const now = Math.floor(nowMs / 1000);
  const payload = {
    iss: claims.iss ?? 'https://accounts.google.com',
    aud: claims.aud ?? 'paysandbox-client',
    sub: claims.sub ?? 'sandbox-user',
    ...(claims.email !== undefined ? { email: claims.email } : {}),
    iat: claims.iat ?? now,
    exp: claims.exp ?? now + 600,
    ...(claims.clientPublicKey !== undefined ? { nonce: sha256Hex(claims.clientPublicKey) } : {}),
    ...claims.extra,
  };
  // The sandbox does not check issuer signatures: any third segment will do.
  return `${new UnsecuredJWT(payload).encode()}c2FuZGJveA`;
}
