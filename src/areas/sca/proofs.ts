/**
 * Checking what a customer submits against a challenge: an SMS or TOTP code
 * (rule table scaCode), a TOTP recovery code, or a passkey assertion. A
 * wrong proof counts as a failed attempt on the lockout ladder.
 */
import { invalidInput } from '../../core/errors.js';
import { outcomeFor } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { activePasskey, activeTotp, registeredPasskey } from './factors.service.js';
import type { ScaFactor, ScaProof } from './sca.schemas.js';
import type { ScaChallengeRecord } from './sca.store.js';
import { failedProof } from './security.service.js';
import { matchTotp, recoveryCodeHash } from './totp.js';
import { checkAssertion } from './webauthn.js';

export interface ProofOptions {
  /** TOTP recovery codes may stand in for a code (logins and trust changes; never money movement). */
  recoveryCodes: boolean;
}

/** 400 for an expired challenge (not counted as a failed attempt: nothing was guessed). */
export function expiredChallenge(challenge: ScaChallengeRecord) {
  return invalidInput([{ field: 'code', message: `The challenge expired at ${challenge.expiresAt}` }], `The SCA challenge ${challenge.id} has expired`);
}

/** Verifies the proof; returns the factor it was made with. Throws 400 (or 423 once the failures lock the customer). */
export async function verifyProof(tenant: Tenant, challenge: ScaChallengeRecord, proof: ScaProof, options: ProofOptions): Promise<ScaFactor> {
  const customerId = challenge.customerId;
  const available = challenge.availableFactors;
  if (proof.passkeyAssertion) {
    const passkey = activePasskey(tenant, customerId);
    if (!available.includes('PASSKEY') || !challenge.webauthnChallenge || !passkey) {
      throw invalidInput([{ field: 'passkeyAssertion', message: `This challenge takes ${available.filter((f) => f !== 'PASSKEY').join(' or ')} codes, not a passkey` }]);
    }
    const result = await checkAssertion(tenant, registeredPasskey(passkey), challenge.webauthnChallenge, proof.origin!, proof.passkeyAssertion);
    if (result instanceof Error) throw failedProof(tenant, customerId, invalidInput([{ field: 'passkeyAssertion', message: result.message }], `Passkey verification failed: ${result.message}`));
    tenant.scaFactors.update(passkey.id, (f) => {
      f.passkey!.counter = result;
      f.updatedAt = tenant.clock.nowIso();
    });
    tenant.changed();
    return 'PASSKEY';
  }
  const code = proof.code!;
  const codeFactors = available.filter((f): f is 'SMS_OTP' | 'TOTP' => f === 'SMS_OTP' || f === 'TOTP');
  if (codeFactors.length === 0) throw invalidInput([{ field: 'passkeyAssertion', message: 'This challenge takes a passkey assertion (with origin)' }]);
  if (outcomeFor('scaCode', code, tenant.coverage).result === 'ACCEPTED') return codeFactors[0]!;
  const totp = codeFactors.includes('TOTP') ? activeTotp(tenant, customerId) : undefined;
  if (totp) {
    const step = matchTotp(totp.totp!.secretBase32, code, tenant.clock.nowMs(), totp.totp!.lastCounter);
    if (step !== undefined) {
      tenant.scaFactors.update(totp.id, (f) => {
        f.totp!.lastCounter = step;
        f.updatedAt = tenant.clock.nowIso();
      });
      tenant.changed();
      return 'TOTP';
    }
    const hash = recoveryCodeHash(code);
    if (options.recoveryCodes && totp.totp!.recoveryCodeHashes.includes(hash)) {
      tenant.scaFactors.update(totp.id, (f) => {
        f.totp!.recoveryCodeHashes = f.totp!.recoveryCodeHashes.filter((h) => h !== hash);
        f.updatedAt = tenant.clock.nowIso();
      });
      tenant.changed();
      return 'TOTP';
    }
  }
  throw failedProof(tenant, customerId, invalidInput([{ field: 'code', message: 'Wrong code' }], 'Wrong SCA code'));
}
