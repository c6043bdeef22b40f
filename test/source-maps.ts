/** Runs first in every test file: the app's modules load from dist/ (vitest.config.ts), so a stack through them names the TypeScript lines. */
process.setSourceMapsEnabled(true);
