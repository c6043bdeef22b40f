/**
 * The public reference description (test/reference/openapi.yaml), parsed.
 * Its megabyte of YAML takes one to two seconds to parse and seven test files
 * read it; the parse is kept as JSON in the test cache, keyed by the YAML, so
 * each later read costs milliseconds. Every call answers a fresh object: a
 * file that changes it changes no other file's copy.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { cachedText } from './test-cache.js';

export const REFERENCE_YAML = new URL('../reference/openapi.yaml', import.meta.url);

export async function referenceDocument<T = Record<string, unknown>>(): Promise<T> {
  const text = readFileSync(REFERENCE_YAML, 'utf8');
  return JSON.parse(await cachedText('reference', [text], () => JSON.stringify(parse(text)))) as T;
}
