/**
 * A software passkey: a P-256 authenticator that makes the same bytes a
 * browser and platform authenticator would (clientDataJSON,
 * authenticatorData, a `none` attestation object, ES256 assertions), so a
 * test suite can register and sign in with passkeys without a browser.
 */
import { randomBytes } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
// The CBOR encoder @simplewebauthn/server uses itself: its helpers entry would cost a user's script 0.4 s to import.
import { encodeCBOR } from '@levischuck/tiny-cbor';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const utf8 = (text: string) => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function uint32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

export interface PasskeyAttestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports: string[];
}

export interface PasskeyAssertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle: string | null;
}

export interface SoftwarePasskeyOptions {
  /** The WebAuthn RP ID; the sandbox default is localhost. */
  rpId?: string;
  /** The page origin the browser would report. */
  origin?: string;
}

export class SoftwarePasskey {
  readonly rpId: string;
  readonly origin: string;
  /** base64url. */
  readonly credentialId: string;
  private readonly privateKey: Uint8Array;
  private counter = 0;

  constructor(options: SoftwarePasskeyOptions = {}) {
    this.rpId = options.rpId ?? 'localhost';
    this.origin = options.origin ?? 'http://localhost:3000';
    this.credentialId = b64url(randomBytes(32));
    this.privateKey = p256.utils.randomSecretKey();
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challengeB64url: string): Uint8Array {
    return utf8(JSON.stringify({ type, challenge: challengeB64url, origin: this.origin, crossOrigin: false }));
  }

  private authenticatorData(flags: number, attested?: Uint8Array): Uint8Array {
    return concat(sha256(utf8(this.rpId)), Uint8Array.of(flags), uint32(this.counter), attested ?? new Uint8Array());
  }

  /** The credential public key as COSE (EC2, ES256, P-256). */
  private coseKey(): Uint8Array {
    const uncompressed = p256.getPublicKey(this.privateKey, false);
    return encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, uncompressed.subarray(1, 33)],
        [-3, uncompressed.subarray(33, 65)],
      ]),
    );
  }

  /**
   * Registration for a challenge string. `challenge` is used as text (its
   * UTF-8 bytes), unless `challengeIsBase64url` says it already encodes the bytes.
   */
  register(challenge: string, options: { challengeIsBase64url?: boolean } = {}): PasskeyAttestation {
    const challengeB64url = options.challengeIsBase64url ? challenge : b64url(utf8(challenge));
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const attested = concat(new Uint8Array(16), Uint8Array.of(credentialId.length >> 8, credentialId.length & 0xff), credentialId, this.coseKey());
    const authData = this.authenticatorData(FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_CREDENTIAL, attested);
    const attestationObject = encodeCBOR(new Map<string, string | Map<string, number> | Uint8Array>([['fmt', 'none'], ['attStmt', new Map<string, number>()], ['authData', authData]]));
    return { credentialId: this.credentialId, clientDataJson: b64url(this.clientData('webauthn.create', challengeB64url)), attestationObject: b64url(attestationObject), transports: ['internal'] };
  }

  /**
   * An assertion over the sandbox's hex challenge (its UTF-8 bytes are the
   * WebAuthn challenge), or, with `challengeIsBase64url`, over the bytes a
   * base64url challenge encodes (WebAuthn options in JSON form, as the SCA
   * endpoints return them). Each call bumps the signature counter, as
   * authenticators do; `userPresent: false` clears the UP flag and
   * `counter` reports a chosen value (a cloned authenticator).
   */
  assert(challenge: string, options: { userPresent?: boolean; origin?: string; counter?: number; challengeIsBase64url?: boolean } = {}): PasskeyAssertion {
    this.counter = options.counter ?? this.counter + 1;
    const flags = (options.userPresent ?? true) ? FLAG_USER_PRESENT | FLAG_USER_VERIFIED : 0;
    const authData = this.authenticatorData(flags);
    const challengeB64url = options.challengeIsBase64url ? challenge : b64url(utf8(challenge));
    const clientData = utf8(JSON.stringify({ type: 'webauthn.get', challenge: challengeB64url, origin: options.origin ?? this.origin, crossOrigin: false }));
    const signature = p256.sign(concat(authData, sha256(clientData)), this.privateKey, { prehash: true, format: 'der' });
    return { credentialId: this.credentialId, clientDataJson: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: null };
  }
}
