/** Resource identifiers of the form `<ResourceName>:<uuid>`. */
import { randomUUID } from 'node:crypto';

export type IdGenerator = (resource: string) => string;

export const randomIds: IdGenerator = (resource) => `${resource}:${randomUUID()}`;

/** Deterministic ids for tests that snapshot whole responses. */
export function sequentialIds(): IdGenerator {
  let n = 0;
  return (resource) => `${resource}:00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
}
