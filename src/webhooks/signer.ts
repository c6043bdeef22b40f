/**
 * The sandbox's webhook signing key: P-256, made once per data directory and
 * kept there (in memory mode, once per process). The signature header
 * (X-<Name>-Signature) carries, as the service's guides document it,
 * `{"v":"1","s":"<base64 DER ECDSA signature over the SHA-256 of the exact body bytes>"}`.
 */
import { createECDH, createPublicKey, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The version of the signature header's JSON form. */
export const SIGNATURE_VERSION = '1';
const KEY_FILE = 'webhook-signing-key.pem';
/** An uncompressed P-256 point: the last bytes of its SubjectPublicKeyInfo. */
const POINT_BYTES = 65;
const SCALAR_BYTES = 32;

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/**
 * A new P-256 private key, made by ECDH rather than generateKeyPairSync: on
 * Node 20, exporting a key while a collection finalizes the job that
 * generated it deadlocks the process (ExportJWK holds the key's lock while
 * it allocates; the job's destructor waits for the same lock).
 */
function newPrivateKey(): KeyObject {
  const ecdh = createECDH('prime256v1');
  const point = ecdh.generateKeys();
  // A JWK's d is the full 32 bytes; the scalar may have leading zero bytes.
  const scalar = ecdh.getPrivateKey();
  // Stryker disable next-line ArithmeticOperator: OpenSSL reads d as a number; leading zero bytes, however many, make the same key
  const d = Buffer.concat([Buffer.alloc(SCALAR_BYTES - scalar.length), scalar]);
  return createPrivateKey({ key: { kty: 'EC', crv: 'P-256', d: base64url(d), x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33)) }, format: 'jwk' });
}

export class WebhookSigner {
  readonly publicKeyPem: string;
  /** Uncompressed P-256 point, hex. */
  readonly publicKeyHex: string;

  private constructor(private readonly privateKey: KeyObject) {
    const publicKey = createPublicKey(privateKey);
    this.publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const spki = publicKey.export({ type: 'spki', format: 'der' });
    this.publicKeyHex = spki.subarray(spki.length - POINT_BYTES).toString('hex');
  }

  /** The key of `dataDir`, created there on first use; a fresh one without a directory. */
  static open(dataDir?: string): WebhookSigner {
    const file = dataDir ? join(dataDir, KEY_FILE) : undefined;
    // Stryker disable next-line StringLiteral: createPrivateKey reads the PEM's bytes as it reads its text
    if (file && existsSync(file)) return new WebhookSigner(createPrivateKey(readFileSync(file, 'utf8')));
    const privateKey = newPrivateKey();
    if (file) writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600 });
    return new WebhookSigner(privateKey);
  }

  /** The signature header's value for `body`: `{"v":"1","s":"<base64 DER>"}`. */
  sign(body: string): string {
    const signature = sign('sha256', Buffer.from(body, 'utf8'), { key: this.privateKey, dsaEncoding: 'der' }).toString('base64');
    return JSON.stringify({ v: SIGNATURE_VERSION, s: signature });
  }
}
