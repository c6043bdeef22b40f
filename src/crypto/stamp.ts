/**
 * The wallet signature stamp (Service-Wallet-Signature): base64url JSON of
 * {publicKey (compressed hex), scheme, signature (DER hex)}, an ECDSA P-256
 * SHA-256 signature over the exact payloadToSign bytes.
 */
import { p256 } from '@noble/curves/nist.js';
import { compressedHex, hexToBytes } from './keys.js';

export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

export interface Stamp {
  publicKey: string;
  scheme: string;
  signature: string;
}

/** The stamp in a header value, or undefined when it cannot be parsed. */
export function parseStamp(header: string): Stamp | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(header)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { publicKey, scheme, signature } = value as Record<string, unknown>;
  if (typeof publicKey !== 'string' || typeof scheme !== 'string' || typeof signature !== 'string') return undefined;
  if (scheme !== STAMP_SCHEME || compressedHex(publicKey) === undefined) return undefined;
  const der = hexToBytes(signature);
  if (!der || der.length < 8 || der.length > 72 || der[0] !== 0x30) return undefined;
  return { publicKey: compressedHex(publicKey)!, scheme, signature: signature.toLowerCase() };
}

/** Whether the stamp's signature verifies over `payload` with the stamp's own public key. */
export function verifyStamp(stamp: Stamp, payload: string): boolean {
  try {
    // Signers such as Node's crypto do not normalise S, so high-S signatures are valid here.
    return p256.verify(hexToBytes(stamp.signature)!, new TextEncoder().encode(payload), hexToBytes(stamp.publicKey)!, { prehash: true, format: 'der', lowS: false });
  } catch {
    return false;
  }
}
