/** Session keys and the wallet signature stamp, as a wallet client makes them. */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { STAMP_SCHEME } from '../crypto/stamp.js';
import { bytesToHex, hexToBytes } from '../crypto/keys.js';

export interface ClientKeyPair {
  /** 32-byte private scalar, hex. */
  privateKey: string;
  /** Compressed (33-byte) public key, hex: what stamps carry and what the client-held-key flow sends. */
  publicKey: string;
  /** Uncompressed (65-byte) public key, hex: what the sealed-key flows (and export) send. */
  publicKeyUncompressed: string;
}

export function keyPairFromPrivateKey(privateKey: string): ClientKeyPair {
  const secret = hexToBytes(privateKey);
  if (!secret || secret.length !== 32) throw new Error('privateKey must be 32 bytes of hex');
  return { privateKey: privateKey.toLowerCase(), publicKey: bytesToHex(p256.getPublicKey(secret, true)), publicKeyUncompressed: bytesToHex(p256.getPublicKey(secret, false)) };
}

/** A fresh P-256 key pair for a session (or an OTP login, or an export). */
export function generateSessionKey(): ClientKeyPair {
  return keyPairFromPrivateKey(bytesToHex(p256.utils.randomSecretKey()));
}

interface SigningKey {
  publicKey: string;
  key: KeyObject;
}

/** A session key signs request after request: derive and import it once. */
const signingKeys = new Map<string, SigningKey>();

function signingKey(privateKey: string): SigningKey {
  let entry = signingKeys.get(privateKey);
  if (!entry) {
    const pair = keyPairFromPrivateKey(privateKey);
    const xy = hexToBytes(pair.publicKeyUncompressed)!;
    const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
    const key = createPrivateKey({ key: { kty: 'EC', crv: 'P-256', d: b64(hexToBytes(pair.privateKey)!), x: b64(xy.subarray(1, 33)), y: b64(xy.subarray(33)) }, format: 'jwk' });
    if (signingKeys.size >= 1_000) signingKeys.clear();
    entry = { publicKey: pair.publicKey, key };
    signingKeys.set(privateKey, entry);
  }
  return entry;
}

/** The wallet signature header's value (<Name>-Wallet-Signature: see signedRetryHeaders) for `payloadToSign`, stamped byte for byte with the session key (ECDSA P-256, SHA-256, DER). */
export function stampPayload(payloadToSign: string, key: Pick<ClientKeyPair, 'privateKey'>): string {
  const { publicKey, key: signer } = signingKey(key.privateKey);
  const signature = sign('sha256', Buffer.from(payloadToSign, 'utf8'), { key: signer, dsaEncoding: 'der' });
  const stamp = { publicKey, scheme: STAMP_SCHEME, signature: signature.toString('hex') };
  return Buffer.from(JSON.stringify(stamp), 'utf8').toString('base64url');
}
