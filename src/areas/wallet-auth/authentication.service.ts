/**
 * Signing in to a wallet: the credential challenge and its verification,
 * per type (EMAIL_OTP and SMS_OTP through HPKE bundles and the signed retry,
 * OAUTH through OIDC claims, PASSKEY through WebAuthn), each ending in a
 * session.
 */
import { apiError, invalidInput } from '../../core/errors.js';
import { isoAt, parseInstant } from '../../core/clock.js';
import { openOtpBundle, otpTargetBundle } from '../../crypto/bundles.js';
import { sha256Hex } from '../../crypto/digest.js';
import { newHpkeKeyPair } from '../../crypto/hpke.js';
import { compressedHex } from '../../crypto/keys.js';
import { OTP_LIFETIME_SECONDS, OTP_REISSUE_WINDOW_SECONDS, outcomeFor, PASSKEY_CHALLENGE_LIFETIME_SECONDS } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { presentAuthMethod, requireCredential } from './credentials.service.js';
import { checkOidcLogin } from './oidc.js';
import { verifyPasskeyAssertion } from './passkeys.js';
import { settleOnce, type OperationResult } from './processing.js';
import { openSession } from './sessions.service.js';
import { runSigned, type WalletActionRequest } from './signed-requests.js';
import type { Assertion, AuthMethodRecord, CredentialVerifyRequest, PasskeyAuthChallenge } from './wallet-auth.schemas.js';

const unauthorized = (reason: string, details?: Record<string, unknown>) => apiError('UNAUTHORIZED', reason, details);

const expired = (tenant: Tenant, expiresAt: string) => (parseInstant(expiresAt) ?? 0) <= tenant.clock.nowMs();

/** A fresh OTP: a new HPKE target for the client to seal the code to; the sandbox "delivers" 000000. */
async function issueOtp(tenant: Tenant, method: AuthMethodRecord): Promise<OperationResult> {
  const now = tenant.clock.nowMs();
  const previous = tenant.otpChallenges.get(method.id);
  if (previous) {
    const openAt = (parseInstant(previous.createdAt) ?? 0) + OTP_REISSUE_WINDOW_SECONDS * 1000;
    if (openAt > now) {
      const wait = Math.ceil((openAt - now) / 1000);
      throw apiError('RATE_LIMITED', `A new OTP can be sent in ${wait} seconds`, { retryAfterSeconds: wait }, { 'Retry-After': String(wait) });
    }
    tenant.otpChallenges.remove(method.id);
  }
  const target = await newHpkeKeyPair();
  const lifetime = tenant.config.embeddedWalletConfig?.expirationSeconds ?? OTP_LIFETIME_SECONDS;
  tenant.otpChallenges.insert({ id: method.id, targetPrivateKey: target.privateKey, targetPublicKey: target.publicKey, createdAt: isoAt(now), expiresAt: isoAt(now + lifetime * 1000) });
  tenant.changed();
  return { status: 200, body: { ...presentAuthMethod(method), otpEncryptionTargetBundle: otpTargetBundle(target) } };
}

/** A passkey challenge: its value is the SHA-256 of the session it would create, which binds the client key (rule 4). */
function issuePasskeyChallenge(tenant: Tenant, method: AuthMethodRecord, clientPublicKey: string | undefined): OperationResult {
  if (clientPublicKey === undefined) throw invalidInput([{ field: 'clientPublicKey', message: 'A PASSKEY challenge needs the client public key the session will be bound to' }]);
  const now = tenant.clock.nowMs();
  tenant.passkeyChallenges.removeOldestWhile((c) => (parseInstant(c.expiresAt) ?? 0) < now);
  const requestId = tenant.ids('Request');
  const expiresAt = isoAt(now + PASSKEY_CHALLENGE_LIFETIME_SECONDS * 1000);
  const challenge = sha256Hex(JSON.stringify({ accountId: method.accountId, credentialId: method.credentialId, clientPublicKey, requestId, expiresAt }));
  tenant.passkeyChallenges.insert({ id: requestId, authMethodId: method.id, challenge, clientPublicKey, expiresAt });
  tenant.changed();
  const body: PasskeyAuthChallenge = { challenge, requestId, expiresAt };
  return { status: 200, body };
}

/** POST /auth/credentials/{id}/challenge. */
export function challengeCredential(tenant: Tenant, id: string, clientPublicKey: string | undefined, request: WalletActionRequest): Promise<OperationResult> {
  const method = requireCredential(tenant, id);
  return settleOnce(tenant, { key: `challenge:${id}:${sha256Hex(request.body)}`, operation: 'CHALLENGE_CREDENTIAL', bodySha256: sha256Hex(request.body) }, () => {
    switch (method.type) {
      case 'EMAIL_OTP':
      case 'SMS_OTP':
        return issueOtp(tenant, method);
      case 'PASSKEY':
        return issuePasskeyChallenge(tenant, method, clientPublicKey);
      case 'OAUTH':
        throw invalidInput([{ field: 'id', message: 'OAUTH credentials need no challenge: call /verify with a fresh OIDC token' }]);
    }
  });
}

/** OTP, first leg: the bundle must open with the latest target and hold 000000; its public key must sign the retry. */
async function checkOtpBundle(tenant: Tenant, method: AuthMethodRecord, encryptedOtpBundle: string): Promise<{ publicKey: string }> {
  const challenge = tenant.otpChallenges.get(method.id);
  if (!challenge || challenge.consumedAt !== undefined) throw unauthorized('No OTP is outstanding for this credential; call /challenge first');
  if (expired(tenant, challenge.expiresAt)) throw unauthorized(`The OTP expired at ${challenge.expiresAt}; call /challenge for a new one`);
  const attempt = await openOtpBundle({ privateKey: challenge.targetPrivateKey, publicKey: challenge.targetPublicKey }, encryptedOtpBundle);
  if (!attempt) {
    throw invalidInput([{ field: 'encryptedOtpBundle', message: 'Not {"encappedPublic","ciphertext"} sealed to the otpEncryptionTargetBundle of the latest challenge' }]);
  }
  if (outcomeFor('otpCode', attempt.otpCode, tenant.coverage).result !== 'ACCEPTED') throw unauthorized('Invalid OTP code');
  tenant.otpChallenges.update(method.id, (c) => void (c.consumedAt = tenant.clock.nowIso()));
  tenant.changed();
  return { publicKey: compressedHex(attempt.publicKey)! };
}

async function verifyPasskey(tenant: Tenant, method: AuthMethodRecord, assertion: Assertion, requestId: string): Promise<OperationResult> {
  const challenge = tenant.passkeyChallenges.get(requestId);
  if (!challenge || challenge.authMethodId !== method.id) throw unauthorized(`Request-Id ${requestId} is not a challenge of this credential`);
  if (challenge.usedAt !== undefined) throw unauthorized(`The challenge of Request-Id ${requestId} was already used; call /challenge again`);
  if (expired(tenant, challenge.expiresAt)) throw unauthorized(`The challenge expired at ${challenge.expiresAt}; call /challenge again`);
  tenant.passkeyChallenges.update(requestId, (c) => void (c.usedAt = tenant.clock.nowIso()));
  tenant.changed();
  const passkey = method.passkey!;
  if (outcomeFor('passkeyAssertion', assertion.signature, tenant.coverage).result === 'ACCEPTED') {
    if (assertion.credentialId !== method.credentialId) throw unauthorized('Passkey assertion failed: credentialId is not the credential being verified');
  } else {
    const counter = await verifyPasskeyAssertion(tenant, { credentialId: method.credentialId!, ...passkey }, challenge.challenge, assertion);
    tenant.authMethods.update(method.id, (m) => void (m.passkey!.counter = counter));
  }
  return { status: 200, body: await openSession(tenant, method, { clientPublicKey: challenge.clientPublicKey }) };
}

/** POST /auth/credentials/{id}/verify. */
export function verifyCredential(tenant: Tenant, id: string, input: CredentialVerifyRequest, request: WalletActionRequest): Promise<OperationResult> {
  const method = requireCredential(tenant, id);
  if (input.type !== method.type) throw invalidInput([{ field: 'type', message: `${id} is a ${method.type} credential`, constraint: { enum: [method.type] } }]);
  const bodySha256 = sha256Hex(request.body);
  switch (input.type) {
    case 'EMAIL_OTP':
    case 'SMS_OTP':
      return runSigned(tenant, request, () => ({
        operation: 'VERIFY_CREDENTIAL',
        accountId: method.accountId,
        type: method.type,
        prepare: () => checkOtpBundle(tenant, method, input.encryptedOtpBundle),
        signerKey: (context) => context.publicKey,
        perform: async (context) => ({ status: 200, body: await openSession(tenant, requireCredential(tenant, id), { adopt: context.publicKey }) }),
      }));
    case 'OAUTH':
      return settleOnce(tenant, { key: `verify:${id}:${bodySha256}`, operation: 'VERIFY_CREDENTIAL', bodySha256 }, async () => {
        await checkOidcLogin(input.oidcToken, tenant.clock.realNowMs(), method.identity!, input.clientPublicKey, tenant.coverage);
        return { status: 200, body: await openSession(tenant, method, { clientPublicKey: input.clientPublicKey }) };
      });
    case 'PASSKEY': {
      const requestId = request.requestId;
      if (requestId === undefined) throw apiError('REQUEST_ID_MISSING', 'Passkey verification needs the Request-Id header from the challenge response');
      return settleOnce(tenant, { key: requestId, operation: 'VERIFY_CREDENTIAL', bodySha256 }, () => verifyPasskey(tenant, method, input.assertion, requestId));
    }
  }
}
