/**
 * The presets as the compiled CLI loads them. Left out of mutation runs (vitest.mutation.config.ts): the compiled
 * build is not the code Stryker mutates, and importing it inside a test credits that test with every module's
 * load-time code.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/core/version.js';

describe('SCENARIOS', () => {
  // The CLI and the package's entry run the one-file bundle in dist/ (built by the global setup), where scenarios/ sits one level deeper: fixtures/ and scenarios/*.yaml must still be found.
  it.each(['starter', 'kyc-matrix', 'payouts', 'wallet', 'cards', 'agents'])('%s applies from the compiled build', async (name) => {
    const root = join(import.meta.dirname, '../..');
    const dist = (file: string) => import(pathToFileURL(join(root, 'dist', file)).href);
    const { buildSandbox } = await dist('bundle/index.mjs');
    const { app, registry, webhooks } = buildSandbox({ log: 'silent', scenario: name });
    try {
      const res = await app.request(`${API_BASE_PATH}/customers`, { headers: { authorization: `Basic ${Buffer.from('dist-client:secret').toString('base64')}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).data.length).toBeGreaterThan(0);
    } finally {
      webhooks.close();
      await registry.close();
    }
  });
});
