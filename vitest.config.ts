import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Every commit is checked for records changed behind the store's back and for records that do not fit their schema.
    env: { PAYSANDBOX_STORE_AUDIT: '1' },
  },
});
