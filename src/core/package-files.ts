/**
 * Files shipped at the package's root (vendor/, fixtures/, the dashboard's
 * assets, package.json), found from wherever this code runs: the sources
 * under vitest, the compiled dist/, or the one-file bundle the CLI starts
 * from. Each has the package root a different number of folders up, so it
 * is looked for instead of counted.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

function isPackageRoot(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name === 'paysandbox';
  } catch {
    return false;
  }
}

/** The nearest folder at or above `start` whose package.json names paysandbox; throws when there is none. */
export function packageRootAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (isPackageRoot(dir)) return dir;
    if (dirname(dir) === dir) throw new Error('paysandbox: the package root (its package.json) was not found above its code');
  }
}

/** The folder holding the package's package.json (looked for once). */
export function packageRoot(): string {
  return (root ??= packageRootAbove(dirname(fileURLToPath(import.meta.url))));
}

/** A path inside the package, e.g. packagePath('vendor', 'swagger-ui', 'swagger-ui.css'). */
export function packagePath(...segments: string[]): string {
  return join(packageRoot(), ...segments);
}

let version: string | undefined;

/** The package's version, from its package.json (read once). */
export function packageVersion(): string {
  if (version === undefined) {
    try {
      version = (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
    } catch {
      version = 'unknown';
    }
  }
  return version;
}
