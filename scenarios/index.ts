/**
 * Scenario presets: ready-made tenant states, built through the same
 * services the API uses, so they always satisfy the API's own rules. A
 * scenario runs once for every fresh (or reset) tenant.
 */
import type { Tenant } from '../src/store/tenant.js';
import { starter } from './starter.js';
import { kycMatrix } from './kyc-matrix.js';
import { payouts } from './payouts.js';
import { wallet } from './wallet.js';
import { cards } from './cards.js';
import { agents } from './agents.js';

export interface Scenario {
  name: string;
  description: string;
  apply(tenant: Tenant): void;
}

export const SCENARIOS: readonly Scenario[] = [
  { name: 'empty', description: 'Nothing but the platform accounts every tenant starts with', apply: () => {} },
  starter,
  kycMatrix,
  payouts,
  wallet,
  cards,
  agents,
];

export function findScenario(name: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.name === name);
}
