/**
 * A customer's login security: the failed-attempt counter and the lockout
 * ladder (rule table scaLockout), and SCA login sessions that lapse on the
 * tenant clock (rule table scaSession).
 */
import { apiError } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { outcomeFor, thresholdWhere } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { requireScaCustomer } from './access.js';
import type { RecordSecurityEventResponse, ScaFactor, SecurityEventType } from './sca.schemas.js';
import type { ScaSecurityRecord, ScaSessionRecord } from './sca.store.js';

export interface LockState {
  failedAttempts: number;
  suspended: boolean;
  /** A temporary lock still running. */
  lockedUntil: string | undefined;
}

export function lockStateOf(tenant: Tenant, customerId: string): LockState {
  const record = tenant.scaSecurity.get(customerId);
  if (!record) return { failedAttempts: 0, suspended: false, lockedUntil: undefined };
  const running = record.lockedUntil !== undefined && Date.parse(record.lockedUntil) > tenant.clock.nowMs();
  return { failedAttempts: record.failedAttempts, suspended: record.suspended, lockedUntil: running ? record.lockedUntil : undefined };
}

function isLocked(state: LockState): boolean {
  return state.suspended || state.lockedUntil !== undefined;
}

function lockedError(tenant: Tenant, state: LockState) {
  const details = { suspended: state.suspended, lockedUntil: state.suspended ? null : (state.lockedUntil ?? null), failedAttempts: state.failedAttempts };
  if (state.suspended) return apiError('ACCOUNT_LOCKED', 'The login is suspended after too many failed attempts; record RESET_PASSWORD_COMPLETED to lift it', details);
  const retryAfter = Math.max(1, Math.ceil((Date.parse(state.lockedUntil!) - tenant.clock.nowMs()) / 1000));
  return apiError('ACCOUNT_LOCKED', `The login is locked until ${state.lockedUntil} after too many failed attempts`, details, { 'Retry-After': String(retryAfter) });
}

/** 423 ACCOUNT_LOCKED while the customer is locked or suspended. */
export function requireNotLocked(tenant: Tenant, customerId: string): void {
  const state = lockStateOf(tenant, customerId);
  if (isLocked(state)) throw lockedError(tenant, state);
}

function save(tenant: Tenant, customerId: string, change: (r: ScaSecurityRecord) => void): void {
  const now = tenant.clock.nowIso();
  if (!tenant.scaSecurity.get(customerId)) tenant.scaSecurity.insert({ id: customerId, failedAttempts: 0, suspended: false, updatedAt: now });
  tenant.scaSecurity.update(customerId, (r) => {
    change(r);
    r.updatedAt = now;
  });
  tenant.changed();
}

/** One more failed attempt; the lockout ladder applies at each milestone. */
export function recordFailure(tenant: Tenant, customerId: string): LockState {
  save(tenant, customerId, (r) => {
    r.failedAttempts += 1;
    const lock = outcomeFor('scaLockout', String(r.failedAttempts), tenant.coverage);
    if (lock.lock === 'SUSPENDED') {
      r.suspended = true;
      delete r.lockedUntil;
    } else if (lock.lock === 'TEMPORARY') {
      r.lockedUntil = isoAt(tenant.clock.nowMs() + lock.seconds * 1000);
    }
  });
  return lockStateOf(tenant, customerId);
}

/**
 * A wrong proof: it counts as a failed attempt. The error to answer with is
 * 423 when this attempt locked the customer, else the 400 given.
 */
export function failedProof(tenant: Tenant, customerId: string, wrong: Error): Error {
  const state = recordFailure(tenant, customerId);
  return isLocked(state) ? lockedError(tenant, state) : wrong;
}

function clearFailures(tenant: Tenant, customerId: string): void {
  if (!tenant.scaSecurity.get(customerId)) return;
  save(tenant, customerId, (r) => {
    r.failedAttempts = 0;
    r.suspended = false;
    delete r.lockedUntil;
  });
}

function present(eventType: SecurityEventType, state: LockState): RecordSecurityEventResponse {
  return { eventType, suspended: state.suspended, lockedUntil: state.suspended ? null : (state.lockedUntil ?? null), failedAttempts: state.failedAttempts };
}

/** POST /sca/record-event. */
export function recordSecurityEvent(tenant: Tenant, customerId: string, eventType: SecurityEventType): RecordSecurityEventResponse {
  requireScaCustomer(tenant, customerId);
  if (eventType === 'RESET_PASSWORD_COMPLETED') {
    revokeSessions(tenant, customerId);
    clearFailures(tenant, customerId);
    return present(eventType, lockStateOf(tenant, customerId));
  }
  // The counter is cumulative: an attempt made while locked still counts and
  // escalates the lock (the 6th locks for 30 minutes, the 9th suspends); the
  // answer is the resulting state, not a refusal.
  return present(eventType, recordFailure(tenant, customerId));
}

/** Seconds an SCA login session lasts. */
export function sessionLifetimeSeconds(): number {
  return thresholdWhere('scaSession', (o) => !o.valid);
}

/** A successful SCA login: a new session, and the failed-attempt counter starts again. */
export function openSession(tenant: Tenant, customerId: string, factor: ScaFactor, endUserIpAddress: string): ScaSessionRecord {
  const now = tenant.clock.nowMs();
  const session: ScaSessionRecord = {
    id: tenant.ids('ScaSession'),
    customerId,
    factor,
    endUserIpAddress,
    createdAt: isoAt(now),
    expiresAt: isoAt(now + sessionLifetimeSeconds() * 1000),
  };
  tenant.scaSessions.insert(session);
  clearFailures(tenant, customerId);
  tenant.changed();
  return session;
}

function isLive(tenant: Tenant, session: ScaSessionRecord): boolean {
  if (session.revokedAt !== undefined) return false;
  const ageSeconds = Math.floor((tenant.clock.nowMs() - Date.parse(session.createdAt)) / 1000);
  return outcomeFor('scaSession', String(ageSeconds), tenant.coverage).valid;
}

export function liveSession(tenant: Tenant, customerId: string): ScaSessionRecord | undefined {
  return tenant.scaSessions.byIndex('customer', customerId).filter((s) => isLive(tenant, s)).pop();
}

/** 409 SCA_SESSION_REQUIRED unless the customer has a live SCA login session. */
export function requireLiveSession(tenant: Tenant, customerId: string): ScaSessionRecord {
  const session = liveSession(tenant, customerId);
  if (session) return session;
  const last = tenant.scaSessions.byIndex('customer', customerId).pop();
  throw apiError('SCA_SESSION_REQUIRED', `Customer ${customerId} has no live SCA session; complete POST /sca/login/start and /sca/login/complete, then retry`, {
    customerId,
    ...(last ? { lastSessionExpiredAt: last.revokedAt ?? last.expiresAt } : {}),
  });
}

export function revokeSessions(tenant: Tenant, customerId: string): void {
  const now = tenant.clock.nowIso();
  for (const session of tenant.scaSessions.byIndex('customer', customerId)) {
    if (session.revokedAt === undefined && isLive(tenant, session)) {
      tenant.scaSessions.update(session.id, (s) => {
        s.revokedAt = now;
      });
    }
  }
  tenant.changed();
}
