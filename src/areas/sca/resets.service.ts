/**
 * 2FA reset: recovering a lost factor through a liveness check that runs on
 * the tenant clock (rule tables twoFactorResetProgress and
 * twoFactorResetLiveness), at most five starts a day (twoFactorResetLimit).
 */
import { apiError, invalidInput, notFound } from '../../core/errors.js';
import { isoAt } from '../../core/clock.js';
import { outcomeFor, thresholdWhere } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { requireScaCustomer } from './access.js';
import { activePasskey, activeTotp, clearFactor } from './factors.service.js';
import type { ScaFactor, TwoFactorResetStatus } from './sca.schemas.js';
import type { TwoFactorResetRecord } from './sca.store.js';

const DAY_MS = 86_400_000;

/** POST /sca/factors/reset. */
export function startReset(tenant: Tenant, customerId: string, factor: ScaFactor) {
  const customer = requireScaCustomer(tenant, customerId);
  if (factor === 'TOTP' && !activeTotp(tenant, customerId)) throw invalidInput([{ field: 'factor', message: 'No TOTP factor is enrolled' }]);
  if (factor === 'PASSKEY' && !activePasskey(tenant, customerId)) throw invalidInput([{ field: 'factor', message: 'No passkey is enrolled' }]);
  const now = tenant.clock.nowMs();
  const recent = tenant.twoFactorResets.byIndex('customer', customerId).filter((r) => Date.parse(r.createdAt) > now - DAY_MS);
  if (!outcomeFor('twoFactorResetLimit', String(recent.length), tenant.coverage).allowed) {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(recent[0]!.createdAt) + DAY_MS - now) / 1000));
    throw apiError('RATE_LIMITED', `${recent.length} resets were started in the last 24 hours; retry in ${retryAfter} s`, { retryAfterSeconds: retryAfter }, { 'Retry-After': String(retryAfter) });
  }
  const name = customer.customerType === 'INDIVIDUAL' ? (customer.fullName ?? '') : customer.businessInfo.legalName;
  const record: TwoFactorResetRecord = {
    id: tenant.ids('TwoFactorReset'),
    customerId,
    factor,
    livenessPasses: outcomeFor('twoFactorResetLiveness', name, tenant.coverage).passes,
    createdAt: isoAt(now),
    expiresAt: isoAt(now + thresholdWhere('twoFactorResetProgress', (o) => o.status === 'EXPIRED') * 1000),
  };
  tenant.twoFactorResets.insert(record);
  tenant.changed();
  return { resetId: record.id, expiresAt: record.expiresAt };
}

function statusOf(tenant: Tenant, reset: TwoFactorResetRecord): TwoFactorResetStatus['status'] {
  if (reset.completedAt) return 'COMPLETED';
  const ageSeconds = Math.floor((tenant.clock.nowMs() - Date.parse(reset.createdAt)) / 1000);
  const reviewed = ageSeconds >= thresholdWhere('twoFactorResetProgress', (o) => o.status === 'LIVENESS_PASSED');
  // A failed liveness check is final: it stays REJECTED after the window closes.
  if (reviewed && !reset.livenessPasses) return 'REJECTED';
  return outcomeFor('twoFactorResetProgress', String(ageSeconds), tenant.coverage).status;
}

function requireReset(tenant: Tenant, customerId: string, resetId: string): TwoFactorResetRecord {
  requireScaCustomer(tenant, customerId);
  const reset = tenant.twoFactorResets.get(resetId);
  if (!reset || reset.customerId !== customerId) throw notFound('TwoFactorReset', resetId);
  return reset;
}

/** GET /sca/factors/reset/{resetId}. */
export function getReset(tenant: Tenant, customerId: string, resetId: string): TwoFactorResetStatus {
  const reset = requireReset(tenant, customerId, resetId);
  let enrollmentStatus: TwoFactorResetStatus['enrollmentStatus'] = null;
  if (reset.factor !== 'SMS_OTP') {
    const replacement = reset.factor === 'TOTP' ? activeTotp(tenant, customerId) : activePasskey(tenant, customerId);
    enrollmentStatus = reset.completedAt && replacement && Date.parse(replacement.updatedAt) >= Date.parse(reset.completedAt) ? 'COMPLETED' : 'PENDING';
  }
  return { status: statusOf(tenant, reset), factor: reset.factor, enrollmentStatus, expiresAt: reset.expiresAt, completedAt: reset.completedAt ?? null };
}

const E164 = /^\+[1-9]\d{1,14}$/;

/** POST /sca/factors/reset/{resetId}/complete: only at LIVENESS_PASSED; clears the lost factor (SMS_OTP: enrols the new number). */
export function completeReset(tenant: Tenant, customerId: string, resetId: string, mobile: { countryCode: string; number: string } | undefined): void {
  const reset = requireReset(tenant, customerId, resetId);
  const status = statusOf(tenant, reset);
  if (status !== 'LIVENESS_PASSED') throw apiError('INVALID_INPUT', `The reset is ${status}; it can be completed only once its status is LIVENESS_PASSED`, { status });
  const now = tenant.clock.nowIso();
  if (reset.factor === 'SMS_OTP') {
    if (!mobile) throw invalidInput([{ field: 'mobile', message: 'Required for an SMS_OTP reset: the new mobile number' }]);
    const phone = `${mobile.countryCode}${mobile.number}`;
    if (!E164.test(phone)) throw invalidInput([{ field: 'mobile.number', message: `${phone} is longer than E.164 allows (15 digits)`, constraint: { format: 'e.164' } }]);
    tenant.customers.update(customerId, (c) => {
      c.phoneNumber = phone;
      // The liveness check proved who holds it: the new number counts as verified.
      if (c.contactVerification?.phone) c.contactVerification.phone = 'VERIFIED';
      c.updatedAt = now;
    });
  } else {
    clearFactor(tenant, customerId, reset.factor);
  }
  tenant.twoFactorResets.update(resetId, (r) => {
    r.completedAt = now;
  });
  tenant.changed();
}
