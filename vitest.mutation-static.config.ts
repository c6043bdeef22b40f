/**
 * The tests the static pass of `npm run mutation` runs against each static
 * mutant of a table file (stryker.static.config.mjs): the pins of that file,
 * named by tools/mutation.mjs in PAYSANDBOX_STATIC_TESTS, else every pin.
 * A static mutant lives in module-level code, so each test file imports the
 * modules afresh (isolate) and the workers are not kept between mutants, as
 * the first pass keeps them.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

const named = process.env.PAYSANDBOX_STATIC_TESTS?.split(',').filter(Boolean);

const config = mergeConfig(
  base,
  defineConfig({
    test: {
      isolate: true,
      reporters: ['default'],
    },
  }),
);
// Replaced, not merged: merging appends arrays.
config.test!.include = named && named.length > 0 ? named : ['test/pins/**/*.test.ts'];
config.test!.globalSetup = [];

export default config;
