/**
 * Tokens of the pages the sandbox serves outside the API (KYC links, card
 * reveals): `<tenant id, base64url>.<random>`, so a page finds its tenant
 * from the token alone, without credentials.
 */
import { nanoid } from 'nanoid';

export function newHostedToken(tenantId: string): string {
  return `${Buffer.from(tenantId, 'utf8').toString('base64url')}.${nanoid(32)}`;
}

export function tenantOfToken(token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  try {
    return Buffer.from(token.slice(0, dot), 'base64url').toString('utf8');
  } catch {
    return undefined;
  }
}
