/**
 * Scenario presets: ready-made tenant states, built through the same
 * services the API uses, so they always satisfy the API's own rules. A
 * scenario runs once for every fresh (or reset) tenant. Their code (and
 * the areas it uses) loads when a scenario is first listed or applied.
 */
import type { Tenant } from '../src/store/tenant.js';
import { lazyModule } from '../src/core/lazy-module.js';
import * as starterModule from './starter.js';
import * as kycMatrixModule from './kyc-matrix.js';
import * as payoutsModule from './payouts.js';
import * as walletModule from './wallet.js';
import * as cardsModule from './cards.js';
import * as agentsModule from './agents.js';

export interface Scenario {
  name: string;
  description: string;
  apply(tenant: Tenant): void;
}

/** The presets' names, in the order they are listed (a test keeps them equal to the presets'). */
export const SCENARIO_NAMES: readonly string[] = ['empty', 'starter', 'kyc-matrix', 'payouts', 'wallet', 'cards', 'agents'];

const starter = lazyModule(() => starterModule);
const kycMatrix = lazyModule(() => kycMatrixModule);
const payouts = lazyModule(() => payoutsModule);
const wallet = lazyModule(() => walletModule);
const cards = lazyModule(() => cardsModule);
const agents = lazyModule(() => agentsModule);

const empty: Scenario = { name: 'empty', description: 'Nothing but the platform accounts every tenant starts with', apply: () => {} };

/** Every preset (loads them). */
export function scenarios(): readonly Scenario[] {
  return [empty, starter().starter, kycMatrix().kycMatrix, payouts().payouts, wallet().wallet, cards().cards, agents().agents];
}

export function findScenario(name: string): Scenario | undefined {
  return SCENARIO_NAMES.includes(name) ? scenarios().find((s) => s.name === name) : undefined;
}
