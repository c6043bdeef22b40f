/**
 * The control plane: what a test suite does to its own tenant that a real
 * service would never let it do. Never imports hono.
 */
import { isoAt, parseInstant } from '../core/clock.js';
import { invalidInput } from '../core/errors.js';
import { InvalidSnapshotError, parseSnapshot, restoreFiles, snapshotParts } from '../store/snapshot.js';
import { presentDelivery } from '../webhooks/dispatcher.js';
import { ensurePlatformAccounts } from '../areas/internal-accounts/internal-accounts.service.js';
import { API_VERSION } from '../core/version.js';
import type { TenantRegistry } from '../store/registry.js';
import type { RanJob } from '../store/jobs.js';
import type { Tenant } from '../store/tenant.js';
import { decodeCursor, toListResult } from '../core/pagination.js';
import { SANDBOX_SIGNER_PUBLIC_KEY } from '../crypto/enclave.js';
import { RULES } from '../rules/index.js';
import { relyingPartyOf } from '../areas/wallet-auth/passkeys.js';
import type { ServedAddress } from '../core/served-addresses.js';

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

export function health(tenant: Tenant, addresses: readonly ServedAddress[]) {
  return { status: 'ok' as const, version: API_VERSION, tenant: tenant.id, now: tenant.clock.nowIso(), persistent: tenant.persistent, persistence: tenant.persistenceStats(), addresses: [...addresses] };
}

export function clockState(tenant: Tenant) {
  return {
    now: tenant.clock.nowIso(),
    realNow: isoAt(tenant.clock.realNowMs()),
    offsetSeconds: tenant.clock.offsetMs / 1000,
    pendingJobs: tenant.scheduler.pending().map((j) => ({ id: j.id, kind: j.kind, dueAt: isoAt(j.dueAtMs) })),
  };
}

/** Moves the tenant's clock forward, running every job that falls due, in order. */
export function advanceClock(tenant: Tenant, seconds: number): { previous: string; now: string; ran: RanJob[] } {
  return moveClockTo(tenant, tenant.clock.nowMs() + Math.round(seconds * 1000));
}

/** Sets the tenant's clock to an instant; never backwards. */
export function setClock(tenant: Tenant, to: string): { previous: string; now: string; ran: RanJob[] } {
  const target = parseInstant(to)!;
  const now = tenant.clock.nowMs();
  if (target < now) throw invalidInput([{ field: 'to', message: `The clock never goes back; it is ${isoAt(now)}` }]);
  return moveClockTo(tenant, target);
}

function moveClockTo(tenant: Tenant, target: number): { previous: string; now: string; ran: RanJob[] } {
  const previous = tenant.clock.nowMs();
  const ran = tenant.scheduler.runUntil(target);
  // Retries of webhook deliveries follow the clock too.
  tenant.signal('clock', undefined);
  // The instant asked for, not a later reading: real time keeps running underneath.
  return { previous: isoAt(previous), now: isoAt(Math.max(target, previous)), ran };
}

/** PUT /__admin/snapshot: validated first, then the tenant's state is replaced in one step. */
export function restoreSnapshot(registry: TenantRegistry, tenant: Tenant, raw: unknown) {
  // An empty body would restore nothing, which means emptying the tenant: never by accident (POST /__admin/reset does that).
  const sections = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw).filter((k) => k !== 'format' && k !== 'exportedAt') : [];
  if (sections.length === 0) {
    throw invalidInput([{ field: '(body)', message: 'No snapshot section: send what GET /__admin/snapshot exports (POST /__admin/reset empties the tenant)' }], 'The snapshot is empty; nothing was changed');
  }
  let snapshot;
  try {
    snapshot = parseSnapshot(registry.schema, raw);
  } catch (err) {
    if (err instanceof InvalidSnapshotError) throw invalidInput(err.errors, 'The snapshot is invalid; nothing was changed');
    throw err;
  }
  tenant.coverage.quietly(() => {
    restoreFiles(tenant, snapshot);
    registry.replace(tenant, snapshotParts(registry.schema, snapshot));
    ensurePlatformAccounts(tenant);
    // What the commit would announce of this work (balances, statuses) is the sandbox's too: announced now, uncounted.
    tenant.settle();
  });
  return { restored: true as const, now: tenant.clock.nowIso() };
}

/** Webhook deliveries, newest first. */
export function listDeliveries(tenant: Tenant, query: { status?: 'PENDING' | 'SUCCEEDED' | 'FAILED' | undefined; eventType?: string | undefined; limit: number; cursor?: string | undefined }) {
  const beforeSeq = decodeCursor('webhook-deliveries', query.cursor);
  const page = tenant.webhookDeliveries.page({
    ...(query.status !== undefined ? { index: 'status', key: query.status } : {}),
    limit: query.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
    ...(query.eventType !== undefined ? { where: (d: { eventType: string }) => d.eventType === query.eventType } : {}),
  });
  return toListResult('webhook-deliveries', page, presentDelivery);
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

/** GET /__admin/rules: the rule tables, as the dashboard's magic-values page shows them. */
export function rulesReference() {
  return {
    tables: Object.entries(RULES).map(([name, t]) => ({ name, title: t.title, subject: t.subject, match: t.match, rows: t.rows.map((r) => ({ key: r.key, description: r.description })) })),
  };
}
