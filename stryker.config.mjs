// Mutation testing (`npm run mutation`, not part of CI): the code that decides outcomes, mutated one change at a
// time; a mutant no test notices is a missing assertion. Reports: reports/mutation.json and .html; git
// holds the JSON reports gzipped (tools/mutation-reports.mjs).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // related: false — each mutant runs the tests that covered it (perTest), so vitest need not walk every test file's import graph again.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/rules/**/*.ts',
    'src/core/**/*.ts',
    'src/store/**/*.ts',
    'src/webhooks/**/*.ts',
    'src/crypto/**/*.ts',
    'src/areas/**/*.ts',
    // Declarations, not decisions: route tables, request/response schemas, handlers that only hand over to a service.
    '!src/areas/**/*.routes.ts',
    '!src/areas/**/*.schemas.ts',
    '!src/areas/**/*.handlers.ts',
    '!src/areas/**/index.ts',
    '!src/**/*.d.ts',
  ],
  coverageAnalysis: 'perTest',
  // Mutants in module-level code (the rules tables, catalogues, schemas) can only be tested by reloading every module
  // and running every test: two thirds of the mutants, 96% of the time (days on two cores). The tables are pinned row
  // by row by their own tests (test/engine/rules.test.ts, test/engine/errors.test.ts) instead.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['json', 'html', 'clear-text', 'progress'],
  jsonReporter: { fileName: 'reports/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation.html' },
  concurrency: 2,
  // Added to what the covering tests took in the dry run: a mutant that loops costs this wait and a fresh test runner.
  timeoutMS: 3_000,
  thresholds: { high: 90, low: 80, break: null },
  // TypeScript 7 has no JavaScript API for Stryker to rewrite tsconfig.json with, and ours needs no rewriting in the
  // sandbox copy (no `extends` or project references outside the project): point Stryker at no file.
  tsconfigFile: 'stryker-has-no-tsconfig-to-rewrite.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
