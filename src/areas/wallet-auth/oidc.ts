/**
 * OIDC token checks of sandbox rule 3. Tokens are decoded with jose; the
 * signature segment is not checked (the sandbox has no issuer key sets), the
 * claims are, each failed check naming itself in a 401.
 */
import type { JWTPayload } from 'jose';
import { apiError, invalidInput } from '../../core/errors.js';
import { OIDC_CLOCK_SKEW_SECONDS, OIDC_MAX_AGE_SECONDS, outcomeFor, type RuleHits } from '../../rules/index.js';
import { sha256Hex } from '../../crypto/digest.js';

/** The identity an OAUTH credential is registered with. */
export interface OidcIdentity {
  iss: string;
  aud: string;
  sub: string;
}

export interface OidcToken extends OidcIdentity {
  email?: string;
  nonce?: string;
}

const failed = (check: string) => apiError('UNAUTHORIZED', `OIDC token check failed: ${check}`, { field: 'oidcToken', check });

/** jose loads on first use: only sandboxes that see OAUTH pay for it. */
let jose: Promise<typeof import('jose')> | undefined;

async function decode(token: string, seen: RuleHits): Promise<JWTPayload> {
  if (outcomeFor('oidcToken', token, seen).result === 'REJECTED') throw failed('the fixed sandbox token is no longer accepted; send a fresh JWT');
  const { decodeJwt, decodeProtectedHeader } = await (jose ??= import('jose'));
  try {
    decodeProtectedHeader(token);
    return decodeJwt(token);
  } catch {
    throw invalidInput([{ field: 'oidcToken', message: 'Not a JWT: three base64url segments with a JSON header and claims' }], 'Malformed OIDC token');
  }
}

function audienceOf(aud: JWTPayload['aud']): string | undefined {
  if (typeof aud === 'string') return aud.length > 0 ? aud : undefined;
  if (Array.isArray(aud) && aud.length === 1 && typeof aud[0] === 'string' && aud[0].length > 0) return aud[0];
  return undefined;
}

/**
 * The checks every use of a token runs (registration and verification).
 * `realNowMs` is real time, never the tenant's clock: the identity provider
 * minted iat and exp by the world's clock, so a token minted now stays fresh
 * however far the tenant's clock has travelled.
 */
export async function readOidcToken(token: string, realNowMs: number, seen: RuleHits): Promise<OidcToken> {
  const claims = await decode(token, seen);
  const now = realNowMs / 1000;
  if (typeof claims.iss !== 'string' || outcomeFor('oidcIssuer', claims.iss, seen).result !== 'ACCEPTED') throw failed(`iss ${JSON.stringify(claims.iss ?? null)} is not a supported issuer`);
  const aud = audienceOf(claims.aud);
  if (aud === undefined) throw failed('aud must be a non-empty string or a one-element string array');
  if (typeof claims.sub !== 'string' || claims.sub.length === 0) throw failed('sub must be a non-empty string');
  if (typeof claims.iat !== 'number') throw failed('iat must be a number');
  if (claims.iat < now - OIDC_MAX_AGE_SECONDS - OIDC_CLOCK_SKEW_SECONDS) throw failed(`iat is more than ${OIDC_MAX_AGE_SECONDS} seconds old; use a fresh token`);
  if (claims.iat > now + OIDC_CLOCK_SKEW_SECONDS) throw failed('iat is in the future');
  if (typeof claims.exp !== 'number') throw failed('exp must be a number');
  if (claims.exp <= now) throw failed('exp has passed');
  return {
    iss: claims.iss,
    aud,
    sub: claims.sub,
    ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
    ...(typeof claims.nonce === 'string' ? { nonce: claims.nonce } : {}),
  };
}

/** Verification: the registration checks, the same identity as the credential, and the nonce bound to the client key. */
export async function checkOidcLogin(token: string, realNowMs: number, registered: OidcIdentity, clientPublicKey: string, seen: RuleHits): Promise<OidcToken> {
  const claims = await readOidcToken(token, realNowMs, seen);
  for (const claim of ['iss', 'aud', 'sub'] as const) {
    if (claims[claim] !== registered[claim]) throw failed(`${claim} does not match the credential`);
  }
  if (claims.nonce === undefined) throw failed('nonce is missing; it must be the SHA-256 hex of clientPublicKey');
  if (claims.nonce !== sha256Hex(clientPublicKey)) throw failed('nonce is not the SHA-256 hex of clientPublicKey');
  return claims;
}
