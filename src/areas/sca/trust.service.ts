/**
 * Trusted beneficiaries: a customer's external account it trusts (after an
 * SCA challenge) is exempt from the payee step of money-movement
 * authorization, and cannot be deleted while trusted.
 */
import { apiError, invalidInput } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import { requireExternalAccount } from '../external-accounts/external-accounts.service.js';
import { requireScaCustomer } from './access.js';
import { issueChallenge, isExpired, pendingChallenge, presentChallenge, settleChallenge } from './challenges.js';
import { activePasskey, usableFactors } from './factors.service.js';
import { expiredChallenge, verifyProof } from './proofs.js';
import type { ScaFactor, ScaProof } from './sca.schemas.js';
import { requireNotLocked } from './security.service.js';
import { newWebauthnChallenge } from './webauthn.js';

export type TrustChange = 'TRUST' | 'UNTRUST';

export function isTrusted(tenant: Tenant, externalAccountId: string): boolean {
  return tenant.trustedBeneficiaries.get(externalAccountId) !== undefined;
}

/** The account and its SCA customer: 404 for an unknown (or platform) account, 409 outside SCA. */
function accountAndCustomer(tenant: Tenant, externalAccountId: string) {
  const account = requireExternalAccount(tenant, externalAccountId, 'customer');
  return { account, customer: requireScaCustomer(tenant, account.customerId!) };
}

/** POST /customers/external-accounts/{id}/trust|untrust. */
export function startTrustChange(tenant: Tenant, externalAccountId: string, change: TrustChange) {
  const { customer } = accountAndCustomer(tenant, externalAccountId);
  const trusted = isTrusted(tenant, externalAccountId);
  if (change === 'TRUST' && trusted) throw apiError('CONFLICT', `External account ${externalAccountId} is already trusted`, { trusted });
  if (change === 'UNTRUST' && !trusted) throw apiError('CONFLICT', `External account ${externalAccountId} is not trusted`, { trusted });
  const available = usableFactors(tenant, customer);
  if (available.length === 0) throw apiError('CONFLICT', `Customer ${customer.id} has no SCA factor: verify the phone or enroll TOTP or a passkey`, { customerId: customer.id });
  // The strongest factor the customer has is the one asked for; the others stay available.
  const factor: ScaFactor = activePasskey(tenant, customer.id) ? 'PASSKEY' : available[0]!;
  const challenge = issueChallenge(tenant, {
    customerId: customer.id,
    kind: change,
    subjectId: externalAccountId,
    factor,
    availableFactors: available,
    ...(available.includes('PASSKEY') ? { webauthnChallenge: newWebauthnChallenge() } : {}),
  });
  return { scaChallenge: presentChallenge(tenant, challenge) };
}

/** POST .../trust/confirm and .../untrust/confirm. */
export async function confirmTrustChange(tenant: Tenant, externalAccountId: string, change: TrustChange, request: ScaProof & { challengeId?: string | null | undefined }) {
  const { customer } = accountAndCustomer(tenant, externalAccountId);
  requireNotLocked(tenant, customer.id);
  const challenge = pendingChallenge(tenant, customer.id, change, externalAccountId);
  if (!challenge) {
    throw apiError('CONFLICT', `No ${change.toLowerCase()} of ${externalAccountId} was started: POST /customers/external-accounts/${externalAccountId}/${change.toLowerCase()} first`);
  }
  if (request.challengeId && request.challengeId !== challenge.id) throw invalidInput([{ field: 'challengeId', message: `Not the pending challenge of this ${change.toLowerCase()}` }]);
  if (isExpired(tenant, challenge)) {
    settleChallenge(tenant, challenge.id, 'CANCELLED');
    throw expiredChallenge(challenge);
  }
  await verifyProof(tenant, challenge, request, { recoveryCodes: true });
  settleChallenge(tenant, challenge.id, 'SATISFIED');
  if (change === 'TRUST') {
    if (!isTrusted(tenant, externalAccountId)) tenant.trustedBeneficiaries.insert({ id: externalAccountId, customerId: customer.id, trustedAt: tenant.clock.nowIso() });
  } else {
    tenant.trustedBeneficiaries.remove(externalAccountId);
  }
  tenant.changed();
  return { trusted: change === 'TRUST' };
}

/** What the external-accounts area asks before deleting an account: a trusted one stays (409 BENEFICIARY_TRUSTED). */
export function guardTrustedDeletion(tenant: Tenant, externalAccountId: string): void {
  if (isTrusted(tenant, externalAccountId)) {
    throw apiError('BENEFICIARY_TRUSTED', `External account ${externalAccountId} is a trusted beneficiary; untrust it (POST .../untrust and .../untrust/confirm) before deleting it`, { externalAccountId });
  }
}
