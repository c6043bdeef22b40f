/**
 * The encrypted bundles of the wallet flows, in the encodings the client
 * libraries read and write (wire-formats.md).
 */
import { createHash } from 'node:crypto';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { hpkeOpen, hpkeSeal, type HpkeKeyPair } from './hpke.js';
import { bytesToHex, hexToBytes, p256Point } from './keys.js';
import { signedBundle } from './enclave.js';

const base58check = createBase58check(sha256);

/** The OTP encryption target of a challenge: the target key, signed by the sandbox signer. */
export function otpTargetBundle(target: HpkeKeyPair): string {
  return signedBundle({ targetPublic: target.publicKey });
}

export interface OtpAttempt {
  otpCode: string;
  /** The public key the client put in the bundle: the session key to be. */
  publicKey: string;
}

/** Opens `{"encappedPublic","ciphertext"}` sealed to the challenge's target; undefined when it is not such a bundle. */
export async function openOtpBundle(target: HpkeKeyPair, bundle: string): Promise<OtpAttempt | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bundle);
  } catch {
    return undefined;
  }
  const { encappedPublic, ciphertext } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof encappedPublic !== 'string' || typeof ciphertext !== 'string') return undefined;
  const enc = hexToBytes(encappedPublic);
  const sealed = hexToBytes(ciphertext);
  if (!enc || !sealed || !p256Point(encappedPublic)) return undefined;
  let plaintext: Uint8Array;
  try {
    plaintext = await hpkeOpen(target, enc, sealed);
  } catch {
    return undefined;
  }
  try {
    const { otp_code, public_key } = JSON.parse(new TextDecoder().decode(plaintext)) as Record<string, unknown>;
    if (typeof otp_code !== 'string' || typeof public_key !== 'string' || !p256Point(public_key)) return undefined;
    return { otpCode: otp_code, publicKey: public_key.toLowerCase() };
  } catch {
    return undefined;
  }
}

/** A session private key sealed to the client's key: base58check(compressed encapsulated key || ciphertext). */
export async function sealSessionKey(clientPublicKey: string, sessionPrivateKey: Uint8Array): Promise<string> {
  const { encappedPublic, ciphertext } = await hpkeSeal(clientPublicKey, sessionPrivateKey);
  const compressed = p256Point(bytesToHex(encappedPublic))!.toBytes(true);
  const out = new Uint8Array(compressed.length + ciphertext.length);
  out.set(compressed, 0);
  out.set(ciphertext, compressed.length);
  return base58check.encode(out);
}

/** The wallet's recovery phrase: BIP-39, 12 words, the same for every export of one wallet. */
export function walletMnemonic(walletId: string): string {
  const entropy = createHash('sha256').update(`paysandbox wallet seed:${walletId}`).digest().subarray(0, 16);
  return entropyToMnemonic(entropy, wordlist);
}

/** The export bundle: the mnemonic sealed to the client's key inside a signed bundle naming the organization. */
export async function exportBundle(clientPublicKey: string, mnemonic: string, organizationId: string): Promise<string> {
  const { encappedPublic, ciphertext } = await hpkeSeal(clientPublicKey, new TextEncoder().encode(mnemonic));
  return signedBundle({ encappedPublic: bytesToHex(encappedPublic), ciphertext: bytesToHex(ciphertext), organizationId });
}
