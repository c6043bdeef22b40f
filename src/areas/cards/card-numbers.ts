/**
 * The sandbox card numbers: never stored, never in an API response, shown
 * only on the single-use reveal page. They are derived with HMAC-SHA256
 * under the sandbox's card key, kept in the data directory (mode 0600; a
 * fresh key per process in memory mode), so knowing a card id is not
 * knowing its number or CVV. Luhn-valid, on test BINs of the card's brand,
 * and always ending in the card's stored last4, so a card restored from a
 * snapshot into another sandbox keeps a number that matches it.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Tenant } from '../../store/tenant.js';

const BINS = { VISA: '400011', MASTERCARD: '510510' } as const;
export type Brand = keyof typeof BINS;

const KEY_FILE = 'card-number-key';
const KEY_BYTES = 32;

/** A key for the sandboxes of this process that were given none (in memory, built without a data directory). */
const PROCESS_KEY = randomBytes(KEY_BYTES);
const tenantKeys = new WeakMap<Tenant, Buffer>();

/** The card key of `dataDir`, made there on first use (owner-only); a fresh one without a directory. */
export function openCardKey(dataDir?: string): Buffer {
  if (!dataDir) return randomBytes(KEY_BYTES);
  const file = join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length === KEY_BYTES) {
      chmodSync(file, 0o600);
      return key;
    }
  }
  const key = randomBytes(KEY_BYTES);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** The composition root hands every tenant its sandbox's key as the tenant comes into existence. */
export function useCardKey(tenant: Tenant, key: Buffer): void {
  tenantKeys.set(tenant, key);
}

function secretDigits(tenant: Tenant, cardId: string, purpose: string, count: number): string {
  const bytes = createHmac('sha256', tenantKeys.get(tenant) ?? PROCESS_KEY).update(`${purpose}:${cardId}`).digest();
  let out = '';
  for (let i = 0; out.length < count; i++) out += String(bytes[i % bytes.length]! % 10);
  return out;
}

/** Public facts about a card (its brand, its processor references) need no key. */
function publicDigest(cardId: string, purpose: string): Buffer {
  return createHash('sha256').update(`paysandbox card ${purpose}:${cardId}`).digest();
}

/** The Luhn sum of `digits` (rightmost digit at position 0). */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum;
}

export function brandOf(cardId: string): Brand {
  return publicDigest(cardId, 'brand')[0]! % 2 === 0 ? 'VISA' : 'MASTERCARD';
}

/** The last four digits a new card gets. */
export function newLast4(tenant: Tenant, cardId: string): string {
  return secretDigits(tenant, cardId, 'last4', 4);
}

/**
 * The 16-digit number: BIN, five secret digits, one balancing digit, last4.
 * The balancing digit sits at an undoubled Luhn position, so it alone makes
 * the sum a multiple of ten.
 */
export function panOf(tenant: Tenant, card: { id: string; brand: Brand; last4: string }): string {
  const head = BINS[card.brand] + secretDigits(tenant, card.id, 'pan', 5);
  const sum = luhnSum(`${head}0${card.last4}`);
  return `${head}${(10 - (sum % 10)) % 10}${card.last4}`;
}

export function cvvOf(tenant: Tenant, cardId: string): string {
  return secretDigits(tenant, cardId, 'cvv', 3);
}

/** The service's references for the card at the processor and the issuer. */
export function referencesOf(cardId: string): { processorRef: string; issuerRef: string } {
  const hex = publicDigest(cardId, 'refs').toString('hex');
  return { processorRef: `proc_${hex.slice(0, 20)}`, issuerRef: `iss_${hex.slice(20, 40)}` };
}
