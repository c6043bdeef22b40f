import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const ROOT = dirname(fileURLToPath(import.meta.url));
/** What tsconfig.build.json compiles into dist/. */
const COMPILED = /^(src|bin|scenarios)\/.*(?<!\.d)\.ts$/;

/**
 * A run (`vitest run`, as npm test does) imports the sources the tests name from their build in dist/, which the
 * global set-up brings up to date first, as Node loads it: no transform of the app's five hundred modules in each
 * worker (five seconds of CPU each). Every import of a source goes there, so each module is loaded once. Watch mode
 * (whose set-up builds once) and Stryker (which mutates the sources) keep the sources.
 */
function compiledSources(): Plugin {
  return {
    name: 'paysandbox:compiled-sources',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (importer === undefined || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      const path = relative(ROOT, resolved.id);
      return COMPILED.test(path) ? join(ROOT, 'dist', path.replace(/\.ts$/, '.js')) : null;
    },
  };
}

const useCompiled = (process.argv.includes('run') || process.argv.includes('--run')) && process.env.STRYKER_MUTATOR_WORKER === undefined && process.env.PAYSANDBOX_TEST_SOURCES === undefined;

export default defineConfig({
  plugins: useCompiled ? [compiledSources()] : [],
  // What every file imports (test/setup.ts loads the helpers) is transformed as the run starts, while the build runs
  // and the workers start, not one module at a time as each worker's first file asks for it.
  server: { preTransformRequests: true, warmup: { ssrFiles: ['./test/helpers.ts'] } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/source-maps.ts', 'test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two workers that keep their module cache between files: importing the app once per worker, not once per file,
    // saves most of a run. Every test builds its own sandbox, so nothing else is shared.
    maxWorkers: 2,
    minWorkers: 1,
    isolate: false,
    // Every commit is checked for records changed behind the store's back and for records that do not fit their schema.
    env: { PAYSANDBOX_STORE_AUDIT: '1' },
    // The build's modules load natively (see compiledSources).
    server: { deps: { external: [/\/dist\/(src|bin|scenarios)\//] } },
  },
});
