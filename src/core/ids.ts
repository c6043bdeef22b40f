/** Resource identifiers of the form `<ResourceName>:<uuid>`. */
import { randomUUID } from 'node:crypto';

export type IdGenerator = (resource: string) => string;

/**
 * The text as one flat string. randomUUID() joins its text from 20 pieces, and
 * a string made by joining stays a tree of them (an id ~450 bytes, not ~70,
 * and slower to hash and compare) until something flattens it; an id is kept
 * as long as its record.
 */
const flat = (text: string): string => Buffer.from(text).toString();

export const randomIds: IdGenerator = (resource) => flat(`${resource}:${randomUUID()}`);

/** Deterministic ids for tests that snapshot whole responses. */
export function sequentialIds(): IdGenerator {
  let n = 0;
  return (resource) => flat(`${resource}:00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`);
}
