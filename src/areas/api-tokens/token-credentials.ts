/**
 * API token credentials. A token's client id names its tenant, so the
 * authenticator finds the tenant from the user name alone, with no index
 * across tenants: `tok_<tenant id, base64url>.<random>`. Client ids of this
 * shape are never platform client ids. The secret is random, shown once,
 * and kept as a salted scrypt hash.
 */
import { randomBytes } from 'node:crypto';
import { nanoid } from 'nanoid';

const PREFIX = 'tok_';
const RANDOM_LENGTH = 24;
const SHAPE = /^tok_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{24})$/;

export function newTokenClientId(tenantId: string): string {
  return `${PREFIX}${Buffer.from(tenantId, 'utf8').toString('base64url')}.${nanoid(RANDOM_LENGTH)}`;
}

export function newTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a Basic user name is an API token's client id (then it is never a platform's). */
export function isTokenClientId(clientId: string): boolean {
  return SHAPE.test(clientId);
}

/** The tenant an API token's client id belongs to; undefined when it is not a token's client id. */
export function tenantOfTokenClientId(clientId: string): string | undefined {
  const match = SHAPE.exec(clientId);
  if (!match) return undefined;
  const tenantId = Buffer.from(match[1]!, 'base64url').toString('utf8');
  // base64url decoding is lenient: only an exact round trip names a tenant.
  return Buffer.from(tenantId, 'utf8').toString('base64url') === match[1] ? tenantId : undefined;
}
