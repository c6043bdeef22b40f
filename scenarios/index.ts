/**
 * Scenario presets: ready-made tenant states. Most are fixtures
 * (scenarios/<name>.yaml: API steps, readable as documentation of what the
 * preset holds), which the control plane runs through the sandbox's own API,
 * so they always satisfy the API's rules; two stay code, and their files say
 * why. A scenario runs once for every fresh (or reset) tenant. The code
 * presets (and the areas they use) load when one is first listed or applied.
 */
import type { Tenant } from '../src/store/tenant.js';
import { lazyModule } from '../src/core/lazy-module.js';
import { packagePath } from '../src/core/package-files.js';
import * as kycMatrixModule from './kyc-matrix.js';
import * as agentsModule from './agents.js';

/** A preset written as code: it calls the services directly. */
export interface CodeScenario {
  name: string;
  description: string;
  apply(tenant: Tenant): void;
}

/** A preset, by what it is made of: code, or a fixture file (whose `description` describes it). */
export type Scenario = { name: string; code: () => CodeScenario } | { name: string; file: () => string };

const kycMatrix = lazyModule(() => kycMatrixModule);
const agents = lazyModule(() => agentsModule);

const empty: CodeScenario = { name: 'empty', description: 'Nothing but the platform accounts every tenant starts with', apply: () => {} };

/** A fixture preset's file: shipped at the package's root (scenarios/*.yaml), found from wherever this code runs (sources, dist/, the bundle). */
const fixtureFile = (name: string): Scenario => ({ name, file: () => packagePath('scenarios', `${name}.yaml`) });

const SCENARIOS: readonly Scenario[] = [
  { name: 'empty', code: () => empty },
  fixtureFile('starter'),
  { name: 'kyc-matrix', code: () => kycMatrix().kycMatrix },
  fixtureFile('payouts'),
  fixtureFile('wallet'),
  fixtureFile('cards'),
  { name: 'agents', code: () => agents().agents },
];

/** The presets' names, in the order they are listed. */
export const SCENARIO_NAMES: readonly string[] = SCENARIOS.map((s) => s.name);

/** Every preset, in the listed order (loads none of them). */
export function scenarios(): readonly Scenario[] {
  return SCENARIOS;
}

export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}
