/**
 * Checking a webhook the way the service's guides do: the signature header
 * (X-<Name>-Signature) is `{"v":"1","s":"<base64>"}`, and `s` is the DER
 * ECDSA P-256 signature over the SHA-256 of the raw body, checked with the
 * sandbox's public key (SPKI PEM: GET /__admin/webhooks/public-key).
 */
import { createVerify } from 'node:crypto';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The base64 signature of a header in the documented JSON form; undefined for anything else (a bare base64 value included). */
function signatureOf(header: string): string | undefined {
  let parsed: { v?: unknown; s?: unknown } | null;
  try {
    parsed = JSON.parse(header) as { v?: unknown; s?: unknown } | null;
  } catch {
    return undefined;
  }
  // Any other JSON value (a string, a number, an array) has no `v` of "1".
  const { v, s } = parsed ?? {};
  return v === '1' && typeof s === 'string' && BASE64.test(s) ? s : undefined;
}

/**
 * Whether `header` signs `rawBody` (the exact bytes received, before any
 * JSON parsing) with the key of `publicKeyPem`. False for a changed body, a
 * signature by another key, and a header not in the documented JSON form.
 * Throws only when `publicKeyPem` is not a public key.
 */
export function verifyWebhookSignature(rawBody: string | Uint8Array, header: string | null | undefined, publicKeyPem: string): boolean {
  const signature = header ? signatureOf(header) : undefined;
  if (signature === undefined) return false;
  return createVerify('SHA256').update(rawBody).verify(publicKeyPem, signature, 'base64');
}
