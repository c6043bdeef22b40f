/**
 * HPKE (RFC 9180) base mode with DHKEM(P-256, HKDF-SHA256), HKDF-SHA256 and
 * AES-256-GCM, info "turnkey_hpke" and AAD = encapsulated key || receiver
 * public key (both uncompressed): the suite the wallet client libraries use.
 */
import type { CipherSuite } from 'hpke-js';
import { bytesToHex, uncompressedBytes } from './keys.js';

/** hpke-js loads on first use, so a sandbox that never seals a bundle never pays for it. */
let suitePromise: Promise<CipherSuite> | undefined;
function cipherSuite(): Promise<CipherSuite> {
  suitePromise ??= import('hpke-js').then(({ AeadId, CipherSuite, KdfId, KemId }) => new CipherSuite({ kem: KemId.DhkemP256HkdfSha256, kdf: KdfId.HkdfSha256, aead: AeadId.Aes256Gcm }));
  return suitePromise;
}
const INFO = new TextEncoder().encode('turnkey_hpke');

function aad(enc: Uint8Array, receiver: Uint8Array): Uint8Array {
  const out = new Uint8Array(enc.length + receiver.length);
  out.set(enc, 0);
  out.set(receiver, enc.length);
  return out;
}

export interface HpkeKeyPair {
  privateKey: string;
  /** Uncompressed, hex. */
  publicKey: string;
}

export async function newHpkeKeyPair(): Promise<HpkeKeyPair> {
  const suite = await cipherSuite();
  const pair = await suite.kem.generateKeyPair();
  return {
    privateKey: bytesToHex(new Uint8Array(await suite.kem.serializePrivateKey(pair.privateKey))),
    publicKey: bytesToHex(new Uint8Array(await suite.kem.serializePublicKey(pair.publicKey))),
  };
}

/** Opens a message sealed to `receiver`; throws when it does not open. */
export async function hpkeOpen(receiver: HpkeKeyPair, encappedPublic: Uint8Array, ciphertext: Uint8Array): Promise<Uint8Array> {
  const enc = uncompressedBytes(bytesToHex(encappedPublic));
  // Stryker disable next-line ConditionalExpression: without it hpke-js throws on the missing key instead; the caller treats both throws alike.
  if (!enc) throw new Error('the encapsulated key is not a P-256 point');
  const suite = await cipherSuite();
  const recipientKey = await suite.kem.deserializePrivateKey(Buffer.from(receiver.privateKey, 'hex'));
  const context = await suite.createRecipientContext({ recipientKey, enc, info: INFO });
  return new Uint8Array(await context.open(ciphertext, aad(enc, Buffer.from(receiver.publicKey, 'hex'))));
}

/** Seals `plaintext` to a P-256 public key (hex, either encoding). */
export async function hpkeSeal(receiverPublicKey: string, plaintext: Uint8Array): Promise<{ encappedPublic: Uint8Array; ciphertext: Uint8Array }> {
  const receiver = uncompressedBytes(receiverPublicKey);
  // Stryker disable next-line ConditionalExpression: without it hpke-js throws on the missing key instead; the caller treats both throws alike.
  if (!receiver) throw new Error('the receiver key is not a P-256 point');
  const suite = await cipherSuite();
  const recipientPublicKey = await suite.kem.deserializePublicKey(receiver);
  const context = await suite.createSenderContext({ recipientPublicKey, info: INFO });
  const enc = new Uint8Array(context.enc);
  return { encappedPublic: enc, ciphertext: new Uint8Array(await context.seal(plaintext, aad(enc, receiver))) };
}
