/**
 * Slow, deterministic test inputs (a parsed description, generated types)
 * kept under node_modules/.cache by the hash of everything they are made
 * from: the same inputs give the same text, and changed ones are a new key.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/paysandbox-tests/', import.meta.url));

/** The text `make` gives for `inputs`, from the cache when an earlier run made it. */
export async function cachedText(kind: string, inputs: readonly string[], make: () => string | Promise<string>): Promise<string> {
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(input).update('\0');
  const file = `${CACHE_DIR}${kind}-${hash.digest('hex').slice(0, 32)}`;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const made = await make();
    // Written whole under a name of its own, then renamed: two workers may make it at once.
    mkdirSync(CACHE_DIR, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, made);
    renameSync(temp, file);
    return made;
  }
}
