/** The scenario list itself (the presets as the compiled CLI loads them: compiled.test.ts). */
import { describe, expect, it } from 'vitest';
import { SCENARIO_NAMES, scenarios } from '../../scenarios/index.js';

const NEW = ['kyc-matrix', 'payouts', 'wallet', 'cards', 'agents'];

describe('SCENARIOS', () => {
  it('lists the new presets right after starter, with unique names', () => {
    expect(scenarios().map((s) => s.name)).toEqual(['empty', 'starter', ...NEW]);
    // The names the CLI and the server check without loading a preset.
    expect(SCENARIO_NAMES).toEqual(['empty', 'starter', ...NEW]);
  });

  it.each(scenarios().map((s) => [s.name, s.description] as const))('%s has a one-line description', (_name, description) => {
    expect(description.trim()).toBe(description);
    expect(description.length).toBeGreaterThan(0);
    expect(description).not.toMatch(/[\r\n]/);
  });
});
