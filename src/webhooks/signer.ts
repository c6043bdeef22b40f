/**
 * The sandbox's webhook signing key: P-256, made once per data directory and
 * kept there (in memory mode, once per process). X-Service-Signature is the
 * base64 DER ECDSA signature over the SHA-256 of the exact body bytes.
 */
import { createPublicKey, generateKeyPairSync, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SIGNATURE_HEADER = 'X-Service-Signature';
const KEY_FILE = 'webhook-signing-key.pem';

export class WebhookSigner {
  readonly publicKeyPem: string;
  /** Uncompressed P-256 point, hex. */
  readonly publicKeyHex: string;

  private constructor(private readonly privateKey: KeyObject) {
    const publicKey = createPublicKey(privateKey);
    this.publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicKeyHex = `04${Buffer.from(jwk.x!, 'base64url').toString('hex')}${Buffer.from(jwk.y!, 'base64url').toString('hex')}`;
  }

  /** The key of `dataDir`, created there on first use; a fresh one without a directory. */
  static open(dataDir?: string): WebhookSigner {
    const file = dataDir ? join(dataDir, KEY_FILE) : undefined;
    if (file && existsSync(file)) return new WebhookSigner(createPrivateKey(readFileSync(file, 'utf8')));
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    if (file) writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600 });
    return new WebhookSigner(privateKey);
  }

  sign(body: string): string {
    return sign('sha256', Buffer.from(body, 'utf8'), { key: this.privateKey, dsaEncoding: 'der' }).toString('base64');
  }
}
