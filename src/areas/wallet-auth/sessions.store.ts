/** Session lookups shared by the signed-retry engine and the session operations. */
import { parseInstant } from '../../core/clock.js';
import type { Tenant } from '../../store/tenant.js';
import type { SessionRecord } from './wallet-auth.schemas.js';

export function isActive(tenant: Tenant, session: SessionRecord): boolean {
  return session.revokedAt === undefined && (parseInstant(session.expiresAt) ?? 0) > tenant.clock.nowMs();
}

/** The wallet's active session holding `publicKey` (compressed hex), if any. */
export function activeSessionByKey(tenant: Tenant, accountId: string, publicKey: string): SessionRecord | undefined {
  return tenant.authSessions.byIndex('key', publicKey).find((s) => s.accountId === accountId && isActive(tenant, s));
}

export function activeSessionsOf(tenant: Tenant, accountId: string): SessionRecord[] {
  return tenant.authSessions.byIndex('account', accountId).filter((s) => isActive(tenant, s));
}
