/**
 * The test selection Stryker runs against each mutant (`npm run mutation`):
 * every in-process test. Tests that spawn the command, npm or a browser are
 * left out, and so are the tests of the compiled build: they cover no code
 * Stryker can see (it mutates this process's modules) and would only slow
 * each mutant down. A test that imports modules afresh would also be
 * credited with their load-time code, which no mutant run can re-execute.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        'test/cli/**',
        'test/package.test.ts',
        'test/readme.test.ts',
        'test/startup.test.ts',
        'test/stop.test.ts',
        'test/dashboard/**',
        'test/control/stream.test.ts',
        'test/engine/durability.test.ts',
        'test/engine/layering.test.ts',
        'test/scenarios/compiled.test.ts',
        'test/openapi/documents.test.ts',
        'test/openapi/lint.test.ts',
        'test/openapi/client-types.test.ts',
        'node_modules/**',
      ],
      // No compile step: nothing here runs the compiled command.
      globalSetup: [],
      // Appended to test/setup.ts: each file hands Stryker only its own tests' coverage (see the file).
      setupFiles: ['test/mutation-setup.ts'],
    },
  }),
);
