/** P-256 key encodings: lowercase hex, compressed (33 bytes) or uncompressed (65 bytes). */
import { p256 } from '@noble/curves/nist.js';

export function hexToBytes(hex: string): Uint8Array | undefined {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return undefined;
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

export function bytesToHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/** The point a hex public key encodes, or undefined when it is not a valid P-256 point. */
export function p256Point(hex: string) {
  const bytes = hexToBytes(hex);
  if (!bytes || (bytes.length !== 33 && bytes.length !== 65)) return undefined;
  try {
    return p256.Point.fromBytes(bytes);
  } catch {
    return undefined;
  }
}

export function compressedHex(hex: string): string | undefined {
  const point = p256Point(hex);
  return point ? bytesToHex(point.toBytes(true)) : undefined;
}

export function uncompressedBytes(hex: string): Uint8Array | undefined {
  return p256Point(hex)?.toBytes(false);
}

export interface P256KeyPair {
  privateKey: Uint8Array;
  /** Compressed, hex. */
  publicKey: string;
}

export function newP256KeyPair(): P256KeyPair {
  const privateKey = p256.utils.randomSecretKey();
  return { privateKey, publicKey: bytesToHex(p256.getPublicKey(privateKey, true)) };
}

export function isCompressed(hex: string): boolean {
  return /^0[23][0-9a-fA-F]{64}$/.test(hex);
}
