import { defineConfig } from 'vitest/config';

export default defineConfig({
  // What every file imports (test/setup.ts loads the helpers, and with them the app) is transformed as the run starts,
  // while the build runs and the workers start, not one module at a time as each worker's first file asks for it.
  server: { preTransformRequests: true, warmup: { ssrFiles: ['./test/helpers.ts'] } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
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
  },
});
