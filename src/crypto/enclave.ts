/**
 * The sandbox's enclave signer: one fixed, published P-256 key that signs
 * the bundles the wallet client libraries check (OTP encryption targets,
 * wallet exports). It is a sandbox key, public on purpose: clients pass it as
 * the signer public key they trust.
 */
import { createHash } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex } from './keys.js';

const SIGNER_PRIVATE_KEY = createHash('sha256').update('paysandbox enclave signer v1').digest();

/**
 * Uncompressed hex; what clients pass as dangerouslyOverrideSignerPublicKey.
 * Written out rather than derived at load: the first P-256 multiplication
 * costs start-up tens of milliseconds. Every signature check in the tests
 * proves it is the public half of SIGNER_PRIVATE_KEY.
 */
export const SANDBOX_SIGNER_PUBLIC_KEY =
  '04c9aec8ce26c3afb67bcdb22f9f9e78fce75aca4942badd5aaabab4a2da613bd52a0b3fd19dd24fd0e2b3cbe52efbdc0312dfed98b31516f350eadba43a9bcda1';

/** `{version, data, dataSignature, enclaveQuorumPublic}`: `data` is hex of the UTF-8 JSON, signed over those bytes. */
export function signedBundle(data: object): string {
  const dataBytes = new TextEncoder().encode(JSON.stringify(data));
  const signature = p256.sign(dataBytes, SIGNER_PRIVATE_KEY, { prehash: true, format: 'der' });
  return JSON.stringify({ version: 'v1.0.0', data: bytesToHex(dataBytes), dataSignature: bytesToHex(signature), enclaveQuorumPublic: SANDBOX_SIGNER_PUBLIC_KEY });
}
