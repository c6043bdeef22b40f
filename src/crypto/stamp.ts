/**
 * The wallet signature stamp (Service-Wallet-Signature): base64url JSON of
 * {publicKey (compressed hex), scheme, signature (DER hex)}, an ECDSA P-256
 * SHA-256 signature over the exact payloadToSign bytes.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { bytesToHex, hexToBytes, p256Point } from './keys.js';

export const STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';

export interface Stamp {
  /** Compressed hex. */
  publicKey: string;
  scheme: string;
  signature: string;
}

interface VerificationKey {
  compressed: string;
  key: KeyObject;
}

/** Session keys sign request after request: decompress and import each one once. */
const verificationKeys = new Map<string, VerificationKey>();
const MAX_CACHED_KEYS = 10_000;

function verificationKey(publicKey: string): VerificationKey | undefined {
  const cached = verificationKeys.get(publicKey);
  // Stryker disable next-line ConditionalExpression: a cache; without it the same key is imported again, to the same effect.
  if (cached) return cached;
  const point = p256Point(publicKey);
  if (!point) return undefined;
  const xy = point.toBytes(false);
  const entry = {
    compressed: bytesToHex(point.toBytes(true)),
    key: createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: Buffer.from(xy.subarray(1, 33)).toString('base64url'), y: Buffer.from(xy.subarray(33)).toString('base64url') }, format: 'jwk' }),
  };
  // Stryker disable next-line ConditionalExpression,EqualityOperator: bounds the cache's memory; when it is emptied changes no answer.
  if (verificationKeys.size >= MAX_CACHED_KEYS) verificationKeys.clear();
  verificationKeys.set(publicKey, entry);
  return entry;
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
  const key = scheme === STAMP_SCHEME ? verificationKey(publicKey) : undefined;
  if (!key) return undefined;
  const der = hexToBytes(signature);
  if (!der || der.length < 8 || der.length > 72 || der[0] !== 0x30) return undefined;
  return { publicKey: key.compressed, scheme, signature };
}

/**
 * Whether the stamp's signature verifies over `payload` with the stamp's own
 * public key. Node's native ECDSA does it some 30 times faster than pure JS,
 * with the same rule that matters here: high-S signatures are valid (signers
 * such as Node's own do not normalise S).
 */
export function verifyStamp(stamp: Stamp, payload: string): boolean {
  const key = verificationKey(stamp.publicKey);
  if (!key) return false;
  try {
    return verify('sha256', Buffer.from(payload, 'utf8'), { key: key.key, dsaEncoding: 'der' }, Buffer.from(stamp.signature, 'hex'));
  } catch {
    return false;
  }
}
