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

/** Uncompressed hex; what clients pass as dangerouslyOverrideSignerPublicKey. */
export const SANDBOX_SIGNER_PUBLIC_KEY = bytesToHex(p256.getPublicKey(SIGNER_PRIVATE_KEY, false));

/** `{version, data, dataSignature, enclaveQuorumPublic}`: `data` is hex of the UTF-8 JSON, signed over those bytes. */
export function signedBundle(data: object): string {
  const dataBytes = new TextEncoder().encode(JSON.stringify(data));
  const signature = p256.sign(dataBytes, SIGNER_PRIVATE_KEY, { prehash: true, format: 'der' });
  return JSON.stringify({ version: 'v1.0.0', data: bytesToHex(dataBytes), dataSignature: bytesToHex(signature), enclaveQuorumPublic: SANDBOX_SIGNER_PUBLIC_KEY });
}
