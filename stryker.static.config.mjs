// The second pass of `npm run mutation` (tools/mutation.mjs): static mutants of the files that hold outcome tables,
// the module-level code the first pass leaves out (ignoreStatic). Each static mutant reloads every module, so it runs
// against the tests that pin those tables (vitest.mutation-static.config.ts), not the whole suite. Its report,
// reports/mutation-static.json, is not committed; the pass prints the scores with and without static mutants.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-static.config.ts', related: false },
  ignoreStatic: false,
  // One run per table file (tools/mutation.mjs names its report and incremental file): each runs only its own pins.
  incrementalFile: process.env.PAYSANDBOX_STATIC_INCREMENTAL ?? 'reports/stryker-static-incremental.json',
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: process.env.PAYSANDBOX_STATIC_REPORT ?? 'reports/mutation-static.json' },
};
