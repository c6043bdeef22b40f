/**
 * The control plane: what a test suite does to its own tenant that a real
 * service would never let it do. Never imports hono.
 */
import { isoAt } from '../core/clock.js';
import { API_VERSION } from '../core/version.js';
import type { TenantRegistry } from '../store/registry.js';
import type { RanJob } from '../store/jobs.js';
import type { Tenant } from '../store/tenant.js';
import { decodeCursor, toListResult } from '../core/pagination.js';
import { SANDBOX_SIGNER_PUBLIC_KEY } from '../crypto/enclave.js';
import { RULES } from '../rules/index.js';
import { relyingPartyOf } from '../areas/wallet-auth/passkeys.js';

/** The literal of a rule table's accepting row (the tables are the single source of these values). */
function acceptedKeys(table: 'otpCode' | 'walletSignature' | 'passkeyAssertion' | 'oidcIssuer'): string[] {
  return RULES[table].rows.filter((r) => r.outcome.result === 'ACCEPTED' && r.key !== null).map((r) => r.key!);
}

export function walletSandbox(tenant: Tenant) {
  return {
    signerPublicKey: SANDBOX_SIGNER_PUBLIC_KEY,
    otpCode: acceptedKeys('otpCode')[0]!,
    legacyWalletSignature: acceptedKeys('walletSignature')[0]!,
    legacyPasskeySignature: acceptedKeys('passkeyAssertion')[0]!,
    oidcIssuers: acceptedKeys('oidcIssuer'),
    relyingPartyId: relyingPartyOf(tenant).rpId,
  };
}

export function health(tenant: Tenant) {
  return { status: 'ok' as const, version: API_VERSION, tenant: tenant.id, now: tenant.clock.nowIso(), persistent: tenant.persistent, persistence: tenant.persistenceStats() };
}

export function clockState(tenant: Tenant) {
  return {
    now: tenant.clock.nowIso(),
    offsetSeconds: tenant.clock.offsetMs / 1000,
    pendingJobs: tenant.scheduler.pending().map((j) => ({ id: j.id, kind: j.kind, dueAt: isoAt(j.dueAtMs) })),
  };
}

/** Moves the tenant's clock forward, running every job that falls due, in order. */
export function advanceClock(tenant: Tenant, seconds: number): { previous: string; now: string; ran: RanJob[] } {
  const previous = tenant.clock.nowMs();
  const ran = tenant.scheduler.runUntil(previous + Math.round(seconds * 1000));
  tenant.changed();
  return { previous: isoAt(previous), now: tenant.clock.nowIso(), ran };
}

export function resetTenant(registry: TenantRegistry, tenant: Tenant) {
  registry.reset(tenant);
  return { reset: true as const, now: tenant.clock.nowIso() };
}

/** The tenant's outbox, newest first: every webhook event the platform would receive. */
export function listEvents(tenant: Tenant, query: { type?: string | undefined; limit: number; cursor?: string | undefined }) {
  const beforeSeq = decodeCursor('events', query.cursor);
  const page = tenant.events.page({ ...(query.type !== undefined ? { index: 'type', key: query.type } : {}), limit: query.limit, ...(beforeSeq !== undefined ? { beforeSeq } : {}) });
  return toListResult('events', page, (e) => e);
}
