/**
 * An agent's credentials: the device code a person types into the agent
 * software, and the access token its redemption returns. The token names its
 * tenant (so a Bearer header finds it without any other credential) and is
 * kept only as a SHA-256 hash: it carries 240 random bits, so a fast hash
 * cannot be searched, and it is shown once, at redemption.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { customAlphabet, nanoid } from 'nanoid';

const TOKEN_PREFIX = 'agt_';
/** Unambiguous to read aloud and type: no 0/O, 1/I/L. */
const codeGroup = customAlphabet('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 4);

export function newDeviceCode(): string {
  return `AGENT-${codeGroup()}-${codeGroup()}-${codeGroup()}`;
}

/** Device codes are typed by people: case and surrounding blanks do not matter. */
export function normalizeDeviceCode(code: string): string {
  return code.trim().toUpperCase();
}

/** `agt_<tenant id, base64url>.<secret>`; the secret is random unless given (the agents scenario's known token). */
export function newAccessToken(tenantId: string, secret: string = nanoid(40)): string {
  return `${TOKEN_PREFIX}${Buffer.from(tenantId, 'utf8').toString('base64url')}.${secret}`;
}

/** The tenant an access token names; undefined when it is not one of ours. */
export function tenantOfAccessToken(token: string): string | undefined {
  if (!token.startsWith(TOKEN_PREFIX)) return undefined;
  const dot = token.indexOf('.', TOKEN_PREFIX.length);
  if (dot <= TOKEN_PREFIX.length || dot === token.length - 1) return undefined;
  const encoded = token.slice(TOKEN_PREFIX.length, dot);
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined;
  return Buffer.from(encoded, 'base64url').toString('utf8');
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of two token hashes. */
export function sameTokenHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
