/**
 * SCA factors: SMS_OTP comes with the customer's verified phone; TOTP and
 * PASSKEY are enrolled (start, then confirm). One TOTP and one passkey per
 * customer.
 */
import { apiError, invalidInput, notFound } from '../../core/errors.js';
import { PASSKEY_CHALLENGE_LIFETIME_SECONDS, outcomeFor } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import type { Customer } from '../customers/customers.schemas.js';
import { smsPhoneOf } from '../customers/regulation.js';
import type { RegisteredPasskey } from '../wallet-auth/passkeys.js';
import { requireScaCustomer } from './access.js';
import type { ScaFactor, ScaFactorView } from './sca.schemas.js';
import type { ScaFactorRecord } from './sca.store.js';
import { matchTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, secretHex, totpUri } from './totp.js';
import { allowedOrigins, newWebauthnChallenge, registrationOptions, relyingPartyId, verifyEnrollment } from './webauthn.js';

const TOTP_NAME = 'Authenticator app';
const PASSKEY_NAME = 'Passkey';

function factorsOf(tenant: Tenant, customerId: string, factor: 'TOTP' | 'PASSKEY', status: ScaFactorRecord['status']): ScaFactorRecord[] {
  return tenant.scaFactors.byIndex('customer', customerId).filter((f) => f.factor === factor && f.status === status);
}

export function activeTotp(tenant: Tenant, customerId: string): ScaFactorRecord | undefined {
  return factorsOf(tenant, customerId, 'TOTP', 'ACTIVE')[0];
}

export function activePasskey(tenant: Tenant, customerId: string): ScaFactorRecord | undefined {
  return factorsOf(tenant, customerId, 'PASSKEY', 'ACTIVE')[0];
}

export function registeredPasskey(record: ScaFactorRecord): RegisteredPasskey {
  const p = record.passkey!;
  return { credentialId: p.credentialId, publicKey: p.publicKey, counter: p.counter, ...(p.transports ? { transports: p.transports } : {}), ...(p.rpId ? { rpId: p.rpId } : {}) };
}

/** The factors the customer can use now. */
export function usableFactors(tenant: Tenant, customer: Customer): ScaFactor[] {
  const factors: ScaFactor[] = [];
  if (smsPhoneOf(customer)) factors.push('SMS_OTP');
  if (activeTotp(tenant, customer.id)) factors.push('TOTP');
  if (activePasskey(tenant, customer.id)) factors.push('PASSKEY');
  return factors;
}

function view(record: ScaFactorRecord): ScaFactorView {
  return record.factor === 'PASSKEY' ? { factor: 'PASSKEY', credentialId: record.passkey!.credentialId, name: record.name } : { factor: 'TOTP', name: record.name };
}

/** GET /sca/factors. */
export function listFactors(tenant: Tenant, customerId: string): { factors: ScaFactorView[] } {
  const customer = requireScaCustomer(tenant, customerId);
  const phone = smsPhoneOf(customer);
  const enrolled = tenant.scaFactors.byIndex('customer', customerId).filter((f) => f.status === 'ACTIVE').map(view);
  return { factors: [...(phone ? [{ factor: 'SMS_OTP' as const, name: phone }] : []), ...enrolled] };
}

function removeFactors(tenant: Tenant, records: ScaFactorRecord[]): void {
  for (const record of records) tenant.scaFactors.remove(record.id);
}

/** Drops the customer's factor of this kind, pending enrollments included (a completed 2FA reset). */
export function clearFactor(tenant: Tenant, customerId: string, factor: 'TOTP' | 'PASSKEY'): void {
  removeFactors(tenant, [...factorsOf(tenant, customerId, factor, 'ACTIVE'), ...factorsOf(tenant, customerId, factor, 'PENDING')]);
  tenant.changed();
}

function insertPending(tenant: Tenant, customerId: string, factor: 'TOTP' | 'PASSKEY', fields: Partial<ScaFactorRecord>): ScaFactorRecord {
  // A new start replaces an unfinished one.
  removeFactors(tenant, factorsOf(tenant, customerId, factor, 'PENDING'));
  const now = tenant.clock.nowIso();
  const record: ScaFactorRecord = { id: tenant.ids('ScaFactor'), customerId, factor, status: 'PENDING', name: factor === 'TOTP' ? TOTP_NAME : PASSKEY_NAME, createdAt: now, updatedAt: now, ...fields };
  tenant.scaFactors.insert(record);
  tenant.changed();
  return record;
}

/** POST /sca/factors, from a page of `host` (a passkey is registered for it unless the platform names its RP ID). */
export function startEnrollment(tenant: Tenant, customerId: string, type: 'TOTP' | 'PASSKEY', host?: string) {
  const customer = requireScaCustomer(tenant, customerId);
  if (type === 'PASSKEY') {
    const existing = activePasskey(tenant, customerId);
    if (existing) throw apiError('PASSKEY_ALREADY_ENROLLED', `Customer ${customerId} already has a passkey; DELETE /sca/factors/${existing.passkey!.credentialId} first`, { credentialId: existing.passkey!.credentialId });
    const challenge = newWebauthnChallenge();
    insertPending(tenant, customerId, 'PASSKEY', { registrationChallenge: challenge });
    return { type: 'PASSKEY' as const, options: registrationOptions(tenant, customer, challenge, host), allowedOrigins: allowedOrigins(tenant, host), relyingPartyId: relyingPartyId(tenant, host) };
  }
  if (activeTotp(tenant, customerId)) throw apiError('CONFLICT', `Customer ${customerId} already has a TOTP factor; reset it with POST /sca/factors/reset first`, { factor: 'TOTP' });
  const secretBase32 = newTotpSecret();
  insertPending(tenant, customerId, 'TOTP', { totp: { secretBase32, recoveryCodeHashes: [] } });
  const issuer = tenant.config.embeddedWalletConfig?.appName ?? 'paysandbox';
  return { type: 'TOTP' as const, secret: secretHex(secretBase32), secretBase32Encoded: secretBase32, totpUri: totpUri(issuer, customer.email ?? customer.platformCustomerId, secretBase32) };
}

type ConfirmRequest = { type: 'TOTP'; secret: string; code: string } | { type: 'PASSKEY'; origin: string; credential: Record<string, unknown> };

/** POST /sca/factors/confirm, from a page of `host`. */
export async function confirmEnrollment(tenant: Tenant, customerId: string, request: ConfirmRequest, host?: string) {
  requireScaCustomer(tenant, customerId);
  if (request.type === 'TOTP') {
    const given = request.secret.trim();
    const pending = factorsOf(tenant, customerId, 'TOTP', 'PENDING').find((f) => secretHex(f.totp!.secretBase32) === given.toLowerCase() || f.totp!.secretBase32 === given.toUpperCase());
    if (!pending) throw invalidInput([{ field: 'secret', message: 'No TOTP enrollment of this customer was started with this secret' }]);
    if (activeTotp(tenant, customerId)) throw apiError('CONFLICT', `Customer ${customerId} already has a TOTP factor`, { factor: 'TOTP' });
    const magic = outcomeFor('scaCode', request.code, tenant.coverage).result === 'ACCEPTED';
    const counter = magic ? undefined : matchTotp(pending.totp!.secretBase32, request.code, tenant.clock.nowMs(), undefined);
    if (!magic && counter === undefined) throw invalidInput([{ field: 'code', message: 'Not the current code of this secret' }]);
    const recoveryCodes = newRecoveryCodes();
    tenant.scaFactors.update(pending.id, (f) => {
      f.status = 'ACTIVE';
      f.totp = { secretBase32: f.totp!.secretBase32, recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash), ...(counter !== undefined ? { lastCounter: counter } : {}) };
      f.updatedAt = tenant.clock.nowIso();
    });
    tenant.changed();
    return { type: 'TOTP' as const, recoveryCodes };
  }
  const pending = factorsOf(tenant, customerId, 'PASSKEY', 'PENDING').pop();
  if (!pending) throw invalidInput([{ field: 'type', message: 'Start a passkey enrollment with POST /sca/factors first' }]);
  if (tenant.clock.nowMs() - Date.parse(pending.createdAt) >= PASSKEY_CHALLENGE_LIFETIME_SECONDS * 1000) {
    throw invalidInput([{ field: 'credential', message: `The enrollment started at ${pending.createdAt} has expired; start a new one` }]);
  }
  const registered = await verifyEnrollment(tenant, pending.registrationChallenge!, request.origin, request.credential, host);
  if (activePasskey(tenant, customerId)) throw apiError('PASSKEY_ALREADY_ENROLLED', `Customer ${customerId} already has a passkey`);
  const taken = [...tenant.scaFactors.values()].some((f) => f.status === 'ACTIVE' && f.passkey?.credentialId === registered.credentialId);
  if (taken) throw invalidInput([{ field: 'credential.id', message: 'This credential is already enrolled' }]);
  const activated = tenant.scaFactors.update(pending.id, (f) => {
    f.status = 'ACTIVE';
    f.passkey = { credentialId: registered.credentialId, publicKey: registered.publicKey, counter: registered.counter, ...(registered.transports ? { transports: registered.transports } : {}), ...(registered.rpId ? { rpId: registered.rpId } : {}) };
    delete f.registrationChallenge;
    f.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  return { type: 'PASSKEY' as const, factor: view(activated) };
}

/** DELETE /sca/factors/{credentialId}: passkeys only (they alone have a credential id). */
export function deleteFactor(tenant: Tenant, customerId: string, credentialId: string): void {
  requireScaCustomer(tenant, customerId);
  const passkey = activePasskey(tenant, customerId);
  if (!passkey || passkey.passkey!.credentialId !== credentialId) throw notFound('ScaFactor', credentialId);
  tenant.scaFactors.remove(passkey.id);
  tenant.changed();
}
