/**
 * RFC 6238 time-based one-time passwords (HMAC-SHA-1 from node:crypto, 6
 * digits, 30-second steps), the secrets authenticator apps enrol with, and
 * their otpauth:// provisioning URIs.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { base32 } from '@scure/base';

const DIGITS = 6;
const PERIOD_SECONDS = 30;
/** Steps either side of now a code may come from (clock drift between phone and server). */
const DRIFT_STEPS = 1;

/** A new shared secret, Base32 (160 bits, the RFC 4226 recommendation). */
export function newTotpSecret(): string {
  return base32.encode(randomBytes(20));
}

export function secretHex(secretBase32: string): string {
  return Buffer.from(base32.decode(secretBase32)).toString('hex');
}

/** RFC 4226 HOTP value of `counter` (dynamic truncation of the HMAC-SHA-1). */
function hotp(secret: Uint8Array, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * The time step `code` belongs to, when it is the code of a step within the
 * drift window of `nowMs` and later than `lastCounter` (a code works once).
 */
export function matchTotp(secretBase32: string, code: string, nowMs: number, lastCounter: number | undefined): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const secret = base32.decode(secretBase32);
  const now = Math.floor(nowMs / 1000 / PERIOD_SECONDS);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (lastCounter !== undefined && step <= lastCounter) continue;
    if (hotp(secret, step) === code) return step;
  }
  return undefined;
}

/** The provisioning URI an authenticator app scans (Key Uri Format). */
export function totpUri(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret: secretBase32, issuer, algorithm: 'SHA1', digits: String(DIGITS), period: String(PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** Recovery codes: shown once, kept only as hashes. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const text = base32.encode(randomBytes(10)).slice(0, 12);
    return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`;
  });
}

export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
}
