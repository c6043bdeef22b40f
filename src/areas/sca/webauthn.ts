/**
 * Passkeys as an SCA factor: WebAuthn options in their JSON form (the
 * challenge and ids base64url), the two shapes a credential or assertion
 * may arrive in (the browser's toJSON() form, or the service's field names),
 * and verification by @simplewebauthn/server through the wallet area's
 * verifier. The relying party is the platform's (embeddedWalletConfig).
 */
import { createHash, randomBytes } from 'node:crypto';
import { invalidInput, type FieldError } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import { relyingPartyOf, verifyAssertion, verifyRegistration, type Attestation, type RegisteredPasskey } from '../wallet-auth/passkeys.js';
import type { Assertion } from '../wallet-auth/wallet-auth.schemas.js';
import { PASSKEY_CHALLENGE_LIFETIME_SECONDS } from '../../rules/index.js';

export function newWebauthnChallenge(): string {
  return randomBytes(32).toString('base64url');
}

/** A challenge that commits to what is being authorized (dynamic linking), fresh each time. */
export function linkedWebauthnChallenge(linked: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify({ ...linked, nonce: randomBytes(16).toString('base64url') })).digest('base64url');
}

/** The origins a ceremony may run on, as the responses list them; `host`: the page's host, or the RP ID of the passkey in use. */
export function allowedOrigins(tenant: Tenant, host?: string): string[] {
  const rp = relyingPartyOf(tenant, host);
  return rp.origins ?? [`https://${rp.rpId}`, `http://${rp.rpId}`];
}

export function relyingPartyId(tenant: Tenant, host?: string): string {
  return relyingPartyOf(tenant, host).rpId;
}

/** PublicKeyCredentialCreationOptions (JSON form) for a customer's passkey, made on a page of `host`. */
export function registrationOptions(tenant: Tenant, customer: { id: string; email?: string | undefined; platformCustomerId: string }, challenge: string, host?: string): Record<string, unknown> {
  const rp = relyingPartyOf(tenant, host);
  const name = customer.email ?? customer.platformCustomerId;
  return {
    challenge,
    rp: { id: rp.rpId, name: tenant.config.embeddedWalletConfig?.appName ?? 'paysandbox' },
    user: { id: Buffer.from(customer.id, 'utf8').toString('base64url'), name, displayName: name },
    pubKeyCredParams: [
      { type: 'public-key', alg: -7 },
      { type: 'public-key', alg: -257 },
    ],
    timeout: PASSKEY_CHALLENGE_LIFETIME_SECONDS * 1000,
    attestation: 'none',
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    excludeCredentials: [],
  };
}

/** PublicKeyCredentialRequestOptions (JSON form) naming the customer's passkey. */
export function assertionOptions(tenant: Tenant, passkey: RegisteredPasskey, challenge: string): Record<string, unknown> {
  return {
    challenge,
    rpId: relyingPartyOf(tenant, passkey.rpId).rpId,
    allowCredentials: [{ id: passkey.credentialId, type: 'public-key', ...(passkey.transports ? { transports: passkey.transports } : {}) }],
    userVerification: 'preferred',
    timeout: PASSKEY_CHALLENGE_LIFETIME_SECONDS * 1000,
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);
const objectAt = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The credential of a passkey enrollment, from either shape; 400 naming each missing field. */
export function attestationOf(credential: Record<string, unknown>, field: string): Attestation {
  const response = objectAt(credential.response);
  const credentialId = text(credential.credentialId) ?? text(credential.rawId) ?? text(credential.id);
  const clientDataJson = text(credential.clientDataJson) ?? text(response.clientDataJSON);
  const attestationObject = text(credential.attestationObject) ?? text(response.attestationObject);
  const transports = Array.isArray(credential.transports) ? credential.transports : Array.isArray(response.transports) ? response.transports : undefined;
  const missing: FieldError[] = [];
  if (!credentialId) missing.push({ field: `${field}.id`, message: 'Required: the credential id (base64url)' });
  if (!clientDataJson) missing.push({ field: `${field}.response.clientDataJSON`, message: 'Required (base64url)' });
  if (!attestationObject) missing.push({ field: `${field}.response.attestationObject`, message: 'Required (base64url)' });
  if (missing.length > 0) throw invalidInput(missing);
  return { credentialId: credentialId!, clientDataJson: clientDataJson!, attestationObject: attestationObject!, ...(transports ? { transports: transports.filter((t): t is string => typeof t === 'string') } : {}) };
}

/** A passkey assertion, from either shape; 400 naming each missing field. */
export function assertionOf(raw: Record<string, unknown>, field: string): Assertion {
  const response = objectAt(raw.response);
  const credentialId = text(raw.credentialId) ?? text(raw.rawId) ?? text(raw.id);
  const clientDataJson = text(raw.clientDataJson) ?? text(response.clientDataJSON);
  const authenticatorData = text(raw.authenticatorData) ?? text(response.authenticatorData);
  const signature = text(raw.signature) ?? text(response.signature);
  const userHandle = text(raw.userHandle) ?? text(response.userHandle);
  const missing: FieldError[] = [];
  if (!credentialId) missing.push({ field: `${field}.id`, message: 'Required: the credential id (base64url)' });
  if (!clientDataJson) missing.push({ field: `${field}.response.clientDataJSON`, message: 'Required (base64url)' });
  if (!authenticatorData) missing.push({ field: `${field}.response.authenticatorData`, message: 'Required (base64url)' });
  if (!signature) missing.push({ field: `${field}.response.signature`, message: 'Required (base64url)' });
  if (missing.length > 0) throw invalidInput(missing);
  return { credentialId: credentialId!, clientDataJson: clientDataJson!, authenticatorData: authenticatorData!, signature: signature!, ...(userHandle ? { userHandle } : {}) };
}

const failure = (field: string) => (reason: string) => invalidInput([{ field, message: reason }], `Passkey verification failed: ${reason}`);

/** Verifies an enrollment credential made on `origin` (a page of `host`) for `challenge`; 400 naming the check that failed. */
export function verifyEnrollment(tenant: Tenant, challenge: string, origin: string, credential: Record<string, unknown>, host?: string): Promise<RegisteredPasskey> {
  const rp = relyingPartyOf(tenant, host);
  if (!rp.allows(origin)) throw invalidInput([{ field: 'origin', message: `Not an allowed origin: ${allowedOrigins(tenant, host).join(', ')}` }]);
  return verifyRegistration({ rp, expectedChallenge: challenge, origin, fail: failure('credential') }, attestationOf(credential, 'credential'));
}

/** Verifies an assertion by `passkey` over `challenge`; the new counter, or an Error (not thrown) naming the failed check. */
export async function checkAssertion(tenant: Tenant, passkey: RegisteredPasskey, challenge: string, origin: string, raw: Record<string, unknown>): Promise<number | Error> {
  const rp = relyingPartyOf(tenant, passkey.rpId);
  if (!rp.allows(origin)) return new Error(`origin ${origin} is not allowed: ${allowedOrigins(tenant, passkey.rpId).join(', ')}`);
  const assertion = assertionOf(raw, 'passkeyAssertion');
  try {
    return await verifyAssertion({ rp, expectedChallenge: challenge, origin, fail: (reason) => new Error(reason) }, passkey, assertion);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
