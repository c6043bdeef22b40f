/** SCA login: start with a factor, complete with its proof, and a session opens (it lapses on the tenant clock). */
import { invalidInput } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import { smsPhoneOf } from '../customers/regulation.js';
import { requireScaCustomer } from './access.js';
import { issueChallenge, isExpired, pendingChallenge, settleChallenge } from './challenges.js';
import { activePasskey, activeTotp, registeredPasskey } from './factors.service.js';
import { expiredChallenge, verifyProof } from './proofs.js';
import type { ScaFactor, ScaProof } from './sca.schemas.js';
import { openSession, requireNotLocked } from './security.service.js';
import { allowedOrigins, assertionOptions, newWebauthnChallenge, relyingPartyId } from './webauthn.js';

const notUsable = (message: string) => invalidInput([{ field: 'factor', message }]);

/** POST /sca/login/start. */
export function startLogin(tenant: Tenant, customerId: string, factor: ScaFactor) {
  const customer = requireScaCustomer(tenant, customerId);
  if (factor === 'SMS_OTP') {
    if (!smsPhoneOf(customer)) throw notUsable('SMS_OTP needs a verified phone: verify it with POST /customers/{customerId}/verify-phone');
    const challenge = issueChallenge(tenant, { customerId, kind: 'LOGIN', factor, availableFactors: ['SMS_OTP'] });
    return { factor, challengeId: challenge.id, expiresAt: challenge.expiresAt };
  }
  if (factor === 'TOTP') {
    if (!activeTotp(tenant, customerId)) throw notUsable('No TOTP factor is enrolled: POST /sca/factors with type TOTP');
    issueChallenge(tenant, { customerId, kind: 'LOGIN', factor, availableFactors: ['TOTP'] });
    return { factor };
  }
  const passkey = activePasskey(tenant, customerId);
  if (!passkey) throw notUsable('No passkey is enrolled: POST /sca/factors with type PASSKEY');
  const webauthnChallenge = newWebauthnChallenge();
  issueChallenge(tenant, { customerId, kind: 'LOGIN', factor, availableFactors: ['PASSKEY'], webauthnChallenge });
  return { factor, passkeyOptions: assertionOptions(tenant, registeredPasskey(passkey), webauthnChallenge), allowedOrigins: allowedOrigins(tenant, passkey.passkey!.rpId), relyingPartyId: relyingPartyId(tenant, passkey.passkey!.rpId) };
}

interface CompleteRequest extends ScaProof {
  factor: ScaFactor;
  endUserIpAddress: string;
  challengeId?: string | null | undefined;
}

/** POST /sca/login/complete: 423 while locked; a wrong proof counts towards the lockout. */
export async function completeLogin(tenant: Tenant, customerId: string, request: CompleteRequest) {
  requireScaCustomer(tenant, customerId);
  requireNotLocked(tenant, customerId);
  const challenge = pendingChallenge(tenant, customerId, 'LOGIN');
  if (!challenge || challenge.factor !== request.factor) throw notUsable(`No ${request.factor} login was started: POST /sca/login/start first`);
  if (request.factor === 'SMS_OTP' && request.challengeId !== challenge.id) {
    throw invalidInput([{ field: 'challengeId', message: request.challengeId ? 'Not the challenge of the last login start' : 'Required for SMS_OTP: the challengeId of the login start' }]);
  }
  if (isExpired(tenant, challenge)) {
    settleChallenge(tenant, challenge.id, 'CANCELLED');
    throw expiredChallenge(challenge);
  }
  await verifyProof(tenant, challenge, request, { recoveryCodes: true });
  settleChallenge(tenant, challenge.id, 'SATISFIED');
  const session = openSession(tenant, customerId, request.factor, request.endUserIpAddress);
  return { status: 'SUCCESS' as const, sessionExpiresAt: session.expiresAt };
}
