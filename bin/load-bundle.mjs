// Runs one of the package's one-file CommonJS bundles (tools/bundle.mjs) with V8's code cache beside it,
// for the command (bin/paysandbox) and the library entry (dist/bundle/index.mjs) alike.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script, constants as vmConstants } from 'node:vm';

/**
 * The bundle's module.exports. Evaluated once per realm that runs it: under Jest's ESM mode, where every
 * test file re-evaluates this module in its own context, the bundle runs in the worker's main context
 * and is kept there, so a worker pays for it once, not once per test file.
 */
export function loadBundle(bundle) {
  const main = new Script('globalThis').runInThisContext();
  const key = Symbol.for(`paysandbox.bundle:${bundle}`);
  if (main[key]) return main[key];
  const cacheFile = `${bundle}.cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // esbuild writes ASCII only (non-ASCII characters escaped): latin1 reads it without UTF-8 decoding.
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'latin1')}\n})`;
  // A dependency's fallback import('crypto') (never taken on Node 20+) would otherwise have no loader.
  const script = new Script(wrapper, { filename: bundle, cachedData, importModuleDynamically: vmConstants?.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  if (cachedData === undefined || script.cachedDataRejected) {
    // Made by the build, or here on the first run of another Node version: the code compiled by the time the process ends.
    process.once('exit', () => {
      // Several processes may do this at once: each writes its own file, and the rename is atomic.
      const temp = `${cacheFile}.${process.pid}.tmp`;
      try {
        writeFileSync(temp, script.createCachedData());
        renameSync(temp, cacheFile);
      } catch {
        // a read-only install: the next start compiles again
        rmSync(temp, { force: true });
      }
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  main[key] = module.exports;
  return module.exports;
}
