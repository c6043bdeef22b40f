/**
 * SCA challenges: what a customer must prove with a factor before a login,
 * a trust change or a step of a quote's authorization goes through. Each
 * lives for the scaChallengeLifetime rule's seconds (or less, when what it
 * authorizes ends sooner).
 */
import { isoAt } from '../../core/clock.js';
import { thresholdWhere } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { activePasskey, registeredPasskey } from './factors.service.js';
import type { ScaChallenge, ScaFactor, ScaPurpose } from './sca.schemas.js';
import type { ScaChallengeRecord } from './sca.store.js';
import { allowedOrigins, assertionOptions } from './webauthn.js';

export function challengeLifetimeSeconds(): number {
  return thresholdWhere('scaChallengeLifetime', (o) => !o.valid);
}

export interface NewChallenge {
  customerId: string;
  kind: ScaChallengeRecord['kind'];
  subjectId?: string;
  factor: ScaFactor;
  availableFactors: ScaFactor[];
  purpose?: ScaPurpose;
  webauthnChallenge?: string;
  /** It cannot outlive this instant (e.g. the rate of the quote it authorizes). */
  notAfterMs?: number;
}

/** Issues a challenge; any pending one of the same kind and subject (or, for logins, of the customer) is cancelled. */
export function issueChallenge(tenant: Tenant, init: NewChallenge): ScaChallengeRecord {
  cancelPending(tenant, init.customerId, init.kind, init.subjectId);
  const now = tenant.clock.nowMs();
  const expiresMs = Math.min(now + challengeLifetimeSeconds() * 1000, init.notAfterMs ?? Number.POSITIVE_INFINITY);
  const record: ScaChallengeRecord = {
    id: tenant.ids('ScaChallenge'),
    customerId: init.customerId,
    kind: init.kind,
    ...(init.subjectId !== undefined ? { subjectId: init.subjectId } : {}),
    factor: init.factor,
    availableFactors: [...init.availableFactors],
    ...(init.purpose ? { purpose: init.purpose } : {}),
    ...(init.webauthnChallenge ? { webauthnChallenge: init.webauthnChallenge } : {}),
    status: 'PENDING',
    expiresAt: isoAt(expiresMs),
    createdAt: isoAt(now),
    lastSentAt: isoAt(now),
  };
  tenant.scaChallenges.insert(record);
  tenant.changed();
  return record;
}

function cancelPending(tenant: Tenant, customerId: string, kind: ScaChallengeRecord['kind'], subjectId: string | undefined): void {
  const candidates = subjectId !== undefined ? tenant.scaChallenges.byIndex('subject', subjectId) : tenant.scaChallenges.byIndex('customer', customerId);
  for (const c of candidates) {
    if (c.status === 'PENDING' && c.kind === kind && c.customerId === customerId) tenant.scaChallenges.update(c.id, (r) => (r.status = 'CANCELLED'));
  }
}

/** The newest pending challenge of a kind, for a subject or (logins) for the customer. */
export function pendingChallenge(tenant: Tenant, customerId: string, kind: ScaChallengeRecord['kind'], subjectId?: string): ScaChallengeRecord | undefined {
  const candidates = subjectId !== undefined ? tenant.scaChallenges.byIndex('subject', subjectId) : tenant.scaChallenges.byIndex('customer', customerId);
  return candidates.filter((c) => c.status === 'PENDING' && c.kind === kind && c.customerId === customerId).pop();
}

export function isExpired(tenant: Tenant, challenge: ScaChallengeRecord): boolean {
  return tenant.clock.nowMs() >= Date.parse(challenge.expiresAt);
}

export function settleChallenge(tenant: Tenant, id: string, status: 'SATISFIED' | 'CANCELLED'): void {
  tenant.scaChallenges.update(id, (c) => {
    c.status = status;
  });
  tenant.changed();
}

/** The challenge as the API shows it; passkey options when its factor is PASSKEY (allowed origins unless it is per-transaction). */
export function presentChallenge(tenant: Tenant, challenge: ScaChallengeRecord): ScaChallenge {
  const passkey = challenge.factor === 'PASSKEY' && challenge.webauthnChallenge ? activePasskey(tenant, challenge.customerId) : undefined;
  return {
    id: challenge.id,
    expiresAt: challenge.expiresAt,
    factor: challenge.factor,
    availableFactors: [...challenge.availableFactors],
    ...(challenge.purpose ? { purpose: challenge.purpose } : {}),
    ...(passkey ? { passkeyAssertionOptions: assertionOptions(tenant, registeredPasskey(passkey), challenge.webauthnChallenge!) } : {}),
    ...(passkey && challenge.kind !== 'QUOTE' ? { passkeyAllowedOrigins: allowedOrigins(tenant, passkey.passkey!.rpId) } : {}),
  };
}
