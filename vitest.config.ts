import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Every module a test imports is transformed as the run starts, in parallel with the workers starting, instead of
  // one at a time as the first file of each worker imports it (a first file then waited about 5 s for the app).
  server: { preTransformRequests: true, warmup: { ssrFiles: ['./src/**/*.ts', './scenarios/*.ts', './test/helpers.ts', './test/support/*.ts'] } },
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
