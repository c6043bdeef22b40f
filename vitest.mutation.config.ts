/**
 * The test selection Stryker runs against each mutant (`npm run mutation`):
 * every in-process test. Tests that spawn the command, npm or a browser are
 * left out, so are the server's connection timeouts (each test waits for one on
 * the real clock; no mutant touches them) and the tests of the compiled build: they cover no code
 * Stryker can see (it mutates this process's modules) and would only slow
 * each mutant down. A test that imports modules afresh would also be
 * credited with their load-time code, which no mutant run can re-execute.
 *
 * Also left out: the random-input explorations (the ledger property, the
 * robustness runs) and the sweeps over every operation or every collection
 * (the conformance runs against the public description, the snapshot round
 * trip of every collection). Each reaches nearly every mutant of the areas
 * and costs 1 to 6 s, paid again for every mutant that survives (and more
 * when fast-check shrinks a failure); the deterministic tests of each area
 * are the ones that must notice a mutant. In the report of the files run so
 * far no mutant was reached only by one of these files.
 */
import { relative } from 'node:path';
import { Tinypool } from 'tinypool';
import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vitest.config.js';

// Stryker runs each mutant as one vitest run in a long-lived vitest instance. After every run, vitest's threads pool
// (which Stryker imposes) replaces its worker thread, so each mutant would import the whole app again: 1.3 s per
// mutant before its first test. Inside a Stryker test runner the worker is kept instead: its module cache (and the
// instrumented modules, which switch mutants at run time) survives from one mutant to the next, as it already
// survives from one file to the next (`isolate: false`). Vitest imports this same tinypool (no nested copy).
if (process.env.STRYKER_MUTATOR_WORKER !== undefined) {
  Tinypool.prototype.recycleWorkers = async () => {};
}

/**
 * The order of a mutant's test files: the file that failed last first (the mutant just before was most likely in the
 * same code, and that file killed it), then the quickest first. Vitest's own order is the slowest first, right for
 * spreading a whole run over workers but wrong here: a mutant is killed by its first failing test (bail), and the
 * quick files are the targeted ones. Survivors run every covering test whatever the order.
 */
class QuickestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const known = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
      const result = cache.getFileTestResults(key);
      return { failed: result?.failed ?? false, duration: result?.duration ?? Infinity };
    };
    return files
      .map((spec) => ({ spec, ...known(spec) }))
      .sort((a, b) => Number(b.failed) - Number(a.failed) || a.duration - b.duration)
      .map(({ spec }) => spec);
  }
}

const config = mergeConfig(
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
        'test/engine/connections.test.ts',
        'test/scenarios/compiled.test.ts',
        'test/engine/eager-modules.test.ts',
        'test/openapi/documents.test.ts',
        'test/openapi/lint.test.ts',
        'test/openapi/client-types.test.ts',
        'test/flows/ledger.property.test.ts',
        'test/conformance/reference.test.ts',
        'test/conformance/flows-self.test.ts',
        'test/engine/every-collection.test.ts',
        'test/wallet/robustness.test.ts',
        'node_modules/**',
      ],
      // Appended to test/setup.ts: each file hands Stryker only its own tests' coverage (see the file).
      setupFiles: ['test/mutation-setup.ts'],
      sequence: { sequencer: QuickestFirst },
      reporters: process.env.MUTATION_RUN_LOG ? ['default', './test/support/run-log-reporter.ts'] : ['default'],
    },
  }),
);
// No compile step: nothing here runs the compiled command. Set after merging, since merging appends arrays (an empty
// globalSetup merged in would keep the base's compile step, paid again by every test runner Stryker starts).
config.test!.globalSetup = [];
// Stryker mutates the sources: the tests import them, not their build (vitest.config.ts compiledSources).
config.plugins = (config.plugins ?? []).filter((plugin) => !(plugin && typeof plugin === 'object' && 'name' in plugin && plugin.name === 'paysandbox:compiled-sources'));

export default config;
