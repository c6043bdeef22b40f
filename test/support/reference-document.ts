/**
 * The public reference description (test/reference/openapi.yaml), parsed.
 * Its megabyte of YAML takes one to two seconds to parse and seven test files
 * read it; the parse is kept as JSON under node_modules/.cache, keyed by the
 * YAML's hash, so each later read costs milliseconds. Every call answers a
 * fresh object: a file that changes it changes no other file's copy.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const REFERENCE_YAML = new URL('../reference/openapi.yaml', import.meta.url);
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/paysandbox-tests/', import.meta.url));

export function referenceDocument<T = Record<string, unknown>>(): T {
  const text = readFileSync(REFERENCE_YAML, 'utf8');
  const cached = `${CACHE_DIR}reference-${createHash('sha256').update(text).digest('hex').slice(0, 32)}.json`;
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as T;
  } catch {
    const parsed = parse(text) as T;
    // Written whole under a name of its own, then renamed: two workers may parse at once.
    mkdirSync(CACHE_DIR, { recursive: true });
    const temp = `${cached}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(parsed));
    renameSync(temp, cached);
    return parsed;
  }
}
