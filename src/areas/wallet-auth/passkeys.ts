/**
 * WebAuthn for PASSKEY credentials, verified by @simplewebauthn/server:
 * registration attestations (none attestation included) and assertions
 * (credential id, challenge, origin and RP ID, user presence, signature,
 * counter). The relying party comes from embeddedWalletConfig.
 */
import { apiError, invalidInput } from '../../core/errors.js';
import { isDomainName } from '../../core/public-origin.js';
import type { Tenant } from '../../store/tenant.js';
import type { Assertion } from './wallet-auth.schemas.js';

export interface Attestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports?: string[] | undefined;
}

export interface RegisteredPasskey {
  credentialId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  /** The RP ID it was registered for (absent: registered before the RP followed the page's host). */
  rpId?: string;
}

export interface RelyingParty {
  rpId: string;
  /** The configured origins; undefined means any http(s) origin on the RP ID host. */
  origins: string[] | undefined;
  allows(origin: string): boolean;
}

/** The RP ID when neither the platform nor the page's host names one (an IP address cannot be an RP ID). */
const DEFAULT_RP_ID = 'localhost';

/** @simplewebauthn/server costs a quarter of a second to load: only sandboxes that see passkeys pay it. */
let webauthn: Promise<typeof import('@simplewebauthn/server')> | undefined;
const loadWebauthn = () => (webauthn ??= import('@simplewebauthn/server'));

/**
 * The platform's relying party. Without a configured `relyingPartyId` it is
 * `host`, the host the page came from (the request's public host, through a
 * trusted proxy too, or the RP ID a passkey was registered for), when that
 * is a domain name: a page on https://sandbox.test registers passkeys for
 * sandbox.test. Otherwise localhost.
 */
export function relyingPartyOf(tenant: Tenant, host?: string): RelyingParty {
  const config = tenant.config.embeddedWalletConfig;
  const rpId = config?.relyingPartyId ?? (host !== undefined && isDomainName(host) ? host.toLowerCase() : DEFAULT_RP_ID);
  const origins = config?.allowedOrigins?.map((o) => new URL(o).origin);
  return {
    rpId,
    origins,
    allows(origin) {
      if (origins) return origins.includes(origin);
      try {
        const url = new URL(origin);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname === rpId;
      } catch {
        return false;
      }
    },
  };
}

/** The origin a clientDataJSON names, checked against the relying party before the library compares it. */
function originOf(clientDataJson: string): string | undefined {
  try {
    const origin = (JSON.parse(Buffer.from(clientDataJson, 'base64url').toString('utf8')) as { origin?: unknown }).origin;
    return typeof origin === 'string' ? origin : undefined;
  } catch {
    return undefined;
  }
}

function expectOrigin(rp: RelyingParty, clientDataJson: string, fail: (reason: string) => Error): string {
  const origin = originOf(clientDataJson);
  if (origin === undefined) throw fail('clientDataJson is not base64url JSON with an origin');
  if (!rp.allows(origin)) throw fail(`origin ${origin} is not allowed for RP ID ${rp.rpId}`);
  return origin;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a WebAuthn ceremony is checked against. */
export interface PasskeyCheck {
  rp: RelyingParty;
  /** The challenge the client data must carry, base64url (or a test of it). */
  expectedChallenge: string | ((challenge: string) => boolean);
  /** The origin the caller says the ceremony ran on: the client data must name exactly this one. */
  origin?: string;
  fail: (reason: string) => Error;
}

function checkedOrigin(check: PasskeyCheck, clientDataJson: string): string {
  const origin = expectOrigin(check.rp, clientDataJson, check.fail);
  if (check.origin !== undefined && origin !== check.origin) throw check.fail(`the credential was made on ${origin}, not on ${check.origin}`);
  return origin;
}

/** Verifies a registration attestation with @simplewebauthn/server. */
export async function verifyRegistration(check: PasskeyCheck, attestation: Attestation): Promise<RegisteredPasskey> {
  const { fail, rp } = check;
  const origin = checkedOrigin(check, attestation.clientDataJson);
  const { verifyRegistrationResponse } = await loadWebauthn();
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: {
        id: attestation.credentialId,
        rawId: attestation.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: attestation.clientDataJson, attestationObject: attestation.attestationObject, ...(attestation.transports ? { transports: attestation.transports as never } : {}) },
      },
      expectedChallenge: check.expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
  } catch (error) {
    throw fail(messageOf(error));
  }
  if (!result.verified || !result.registrationInfo) throw fail('the attestation does not verify');
  const { credential } = result.registrationInfo;
  if (credential.id !== attestation.credentialId) throw fail('credentialId is not the id inside the attestation');
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    ...(attestation.transports ? { transports: attestation.transports } : {}),
    rpId: rp.rpId,
  };
}

/** Verifies an assertion by `passkey` with @simplewebauthn/server; returns the new signature counter. */
export async function verifyAssertion(check: PasskeyCheck, passkey: RegisteredPasskey, assertion: Assertion): Promise<number> {
  const { fail, rp } = check;
  if (assertion.credentialId !== passkey.credentialId) throw fail('credentialId is not the credential being verified');
  const origin = checkedOrigin(check, assertion.clientDataJson);
  const { verifyAuthenticationResponse } = await loadWebauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: {
        id: assertion.credentialId,
        rawId: assertion.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: assertion.clientDataJson,
          authenticatorData: assertion.authenticatorData,
          signature: assertion.signature,
          ...(typeof assertion.userHandle === 'string' ? { userHandle: assertion.userHandle } : {}),
        },
      },
      expectedChallenge: check.expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rp.rpId,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter },
      requireUserVerification: false,
    });
    if (!result.verified) throw new Error('the signature does not verify');
    return result.authenticationInfo.newCounter;
  } catch (error) {
    throw fail(messageOf(error));
  }
}

/** Verifies a registration made on a page of `host`; a bad attestation is 400 INVALID_INPUT naming what failed. */
export function verifyPasskeyRegistration(tenant: Tenant, challenge: string, attestation: Attestation, host?: string): Promise<RegisteredPasskey> {
  const fail = (reason: string) => invalidInput([{ field: 'attestation', message: reason }], `Passkey registration failed: ${reason}`);
  const challengeAsBase64url = Buffer.from(challenge, 'utf8').toString('base64url');
  // The platform's challenge is either the base64url value the browser echoes or text whose UTF-8 bytes were used.
  return verifyRegistration({ rp: relyingPartyOf(tenant, host), expectedChallenge: (c) => c === challenge || c === challengeAsBase64url, fail }, attestation);
}

/** Verifies an assertion over the challenge's UTF-8 bytes; returns the new signature counter. A failure is 401 naming the check. */
export function verifyPasskeyAssertion(tenant: Tenant, passkey: RegisteredPasskey, challenge: string, assertion: Assertion): Promise<number> {
  const fail = (reason: string) => apiError('UNAUTHORIZED', `Passkey assertion failed: ${reason}`, { field: 'assertion' });
  return verifyAssertion({ rp: relyingPartyOf(tenant, passkey.rpId), expectedChallenge: Buffer.from(challenge, 'utf8').toString('base64url'), fail }, passkey, assertion);
}
