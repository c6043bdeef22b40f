/**
 * Client secrets are kept as salted scrypt hashes (node:crypto), compared in
 * constant time. Verification is slow on purpose; the auth middleware caches
 * what it verified, so a known caller pays for it once.
 */
import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';

export interface StoredSecret {
  algorithm: 'scrypt';
  /** log2 of scrypt's cost N. */
  cost: number;
  salt: string;
  hash: string;
}

/** An unsalted SHA-256 left by version 1 data files: accepted once, then replaced by scrypt. */
export interface LegacySecret {
  algorithm: 'sha256';
  hash: string;
}

export type SecretRecord = StoredSecret | LegacySecret;

/**
 * scrypt's N = 2^11 (about 6 ms here) for secrets written to disk: a new
 * tenant's first request pays for it, and must cost at most 20 ms more than a
 * known tenant's (2^14 took 50 ms). See docs/decisions/0011-first-answer-and-lowdb.md.
 * Files hashed at a higher cost keep it; they are verified at their own cost.
 */
export const DISK_SECRET_COST = 11;
/**
 * Secrets of memory-only tenants never leave the process (snapshots carry no
 * secret, and a data-directory tenant rehashes a cheaper one at its next
 * sign-in), so their hash need not be slow: N = 2^4 costs under 0.1 ms where
 * 2^10 cost each test's first request about 3 ms.
 */
export const MEMORY_SECRET_COST = 4;

const KEY_BYTES = 32;

function derive(secret: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_BYTES, { N: 2 ** cost, r: 8, p: 1, maxmem: 256 * 2 ** cost * 8 + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashSecret(secret: string, cost: number): Promise<StoredSecret> {
  const salt = randomBytes(16);
  const hash = await derive(secret, salt, cost);
  return { algorithm: 'scrypt', cost, salt: salt.toString('base64'), hash: hash.toString('base64') };
}

export async function verifySecret(secret: string, stored: SecretRecord): Promise<boolean> {
  if (stored.algorithm === 'sha256') {
    const given = createHash('sha256').update(secret).digest();
    const expected = Buffer.from(stored.hash, 'hex');
    return expected.length === given.length && timingSafeEqual(given, expected);
  }
  const expected = Buffer.from(stored.hash, 'base64');
  const given = await derive(secret, Buffer.from(stored.salt, 'base64'), stored.cost);
  return expected.length === given.length && timingSafeEqual(given, expected);
}

/** Constant-time equality of two secrets (for pinned credentials, which live only in memory). */
export function sameSecret(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}
