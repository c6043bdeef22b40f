/**
 * Runs in every test file of a mutation run (vitest.mutation.config.ts), after Stryker's own set-up file.
 *
 * Stryker's vitest runner records which test reached which mutant in one object per worker
 * (`globalThis.__stryker__.mutantCoverage`) and, when a file ends, hands that object over in the file's `meta`.
 * Our workers keep their module cache between files (`isolate: false`), so that object is never reset: each file
 * would hand over the coverage of every test run so far, and the runner's process would hold one copy per file
 * (quadratic: 5 GB and an out-of-memory crash a third of the way through the dry run over the full scope). Here
 * each file hands over only its own tests' coverage, and the next file starts with an empty record; Stryker merges
 * the files' records into the same totals.
 */
import { beforeAll, beforeEach, inject } from 'vitest';
import { forgetSharedTries } from '../src/core/memo-router.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** Set by Stryker's runner: 'dry-run' while it measures coverage, 'mutant' while it tests one mutant. */
    mode: 'dry-run' | 'mutant';
    /** Set by Stryker's runner in a mutant's run: the id of the mutant switched on. */
    activeMutant: string;
  }
}

interface Coverage {
  static: Record<string, number>;
  perTest: Record<string, Record<string, number>>;
}

beforeAll((file) => {
  if (inject('mode') !== 'dry-run') return;
  Object.defineProperty(file.meta, 'mutantCoverage', {
    configurable: true,
    enumerable: true,
    set(this: Record<string, unknown>, coverage: Coverage | undefined) {
      if (coverage === undefined) return;
      Object.defineProperty(this, 'mutantCoverage', {
        value: { static: coverage.static, perTest: coverage.perTest },
        writable: true,
        enumerable: true,
        configurable: true,
      });
      // The instrumented modules hold `coverage` itself and read its two fields on every hit: replace the fields.
      coverage.static = {};
      coverage.perTest = {};
    },
  });
});

// Routers' tries are built under the mutant being tested: a trie shared from an earlier run may have been built under
// another one (the worker, and so the module holding the shared tries, lives from mutant to mutant). In the dry run
// every test builds its own, so that each is credited with the building code; in a mutant's run the first test builds
// them and the rest reuse them (rebuilt per test, they were 4% of every mutant's time).
let triesBuiltUnder: string | undefined;
beforeEach(() => {
  const mutant = inject('mode') === 'mutant' ? String(inject('activeMutant')) : undefined;
  if (mutant !== undefined && mutant === triesBuiltUnder) return;
  forgetSharedTries();
  triesBuiltUnder = mutant;
});
