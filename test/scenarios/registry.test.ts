/** The scenario list itself, and the new presets as the compiled CLI loads them. */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../scenarios/index.js';
import { API_BASE_PATH } from '../../src/core/version.js';

const NEW = ['kyc-matrix', 'payouts', 'wallet', 'cards', 'agents'];

describe('SCENARIOS', () => {
  it('lists the new presets right after starter, with unique names', () => {
    expect(SCENARIOS.map((s) => s.name)).toEqual(['empty', 'starter', ...NEW]);
  });

  it.each(SCENARIOS.map((s) => [s.name, s.description] as const))('%s has a one-line description', (_name, description) => {
    expect(description.trim()).toBe(description);
    expect(description.length).toBeGreaterThan(0);
    expect(description).not.toMatch(/[\r\n]/);
  });

  // The CLI runs dist/ (built by the global setup), where scenarios/ sits one level deeper: fixtures must still be found.
  it.each(NEW)('%s applies from the compiled build', async (name) => {
    const root = join(import.meta.dirname, '../..');
    const dist = (file: string) => import(pathToFileURL(join(root, 'dist', file)).href);
    const { buildSandbox } = await dist('src/server.js');
    const { findScenario } = await dist('scenarios/index.js');
    const { app } = buildSandbox({ log: 'silent', seed: (tenant: unknown) => findScenario(name).apply(tenant) });
    const res = await app.request(`${API_BASE_PATH}/customers`, { headers: { authorization: `Basic ${Buffer.from('dist-client:secret').toString('base64')}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).data.length).toBeGreaterThan(0);
  });
});
