/**
 * The sandbox card numbers: derived from the card id, so they are never
 * stored and never leave the sandbox except on the reveal page. Luhn-valid,
 * on test BINs of the card's brand.
 */
import { createHash } from 'node:crypto';

const BINS = { VISA: '400011', MASTERCARD: '510510' } as const;
export type Brand = keyof typeof BINS;

function digest(cardId: string, purpose: string): Buffer {
  return createHash('sha256').update(`paysandbox card ${purpose}:${cardId}`).digest();
}

function digits(bytes: Buffer, count: number): string {
  let out = '';
  for (let i = 0; out.length < count; i++) out += String(bytes[i % bytes.length]! % 10);
  return out;
}

/** The check digit that makes `partial` + digit pass the Luhn test. */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function brandOf(cardId: string): Brand {
  return digest(cardId, 'brand')[0]! % 2 === 0 ? 'VISA' : 'MASTERCARD';
}

/** The 16-digit card number. */
export function panOf(cardId: string): string {
  const partial = BINS[brandOf(cardId)] + digits(digest(cardId, 'pan'), 9);
  return partial + luhnCheckDigit(partial);
}

export function cvvOf(cardId: string): string {
  return digits(digest(cardId, 'cvv'), 3);
}

/** The service's references for the card at the processor and the issuer. */
export function referencesOf(cardId: string): { processorRef: string; issuerRef: string } {
  const hex = digest(cardId, 'refs').toString('hex');
  return { processorRef: `proc_${hex.slice(0, 20)}`, issuerRef: `iss_${hex.slice(20, 40)}` };
}
