/**
 * The scenario presets as the control plane lists and loads them. A code
 * preset is applied at once. A fixture preset (scenarios/<name>.yaml) is
 * read and checked once, then its steps run through the API as the
 * sandbox's own set-up: uncounted in the tenant's coverage, left out of its
 * request journal (the dispatcher given says so), and the tenant's other
 * requests wait until it has run.
 */
import { ApiError, apiError } from '../core/errors.js';
import { findScenario, scenarios, SCENARIO_NAMES, type Scenario } from '../../scenarios/index.js';
import type { TenantRegistry } from '../store/registry.js';
import type { Tenant } from '../store/tenant.js';
import { checkFixture } from './fixtures.check.js';
import { FixtureFileError, readFixtureFile } from './fixtures.file.js';
import { runFixture, type StepDispatch } from './fixtures.run.js';
import type { FixtureDocument } from './fixtures.schemas.js';

export type FixtureScenario = Extract<Scenario, { file: () => string }>;

/** A checked preset fixture: it has a description (the preset's, as listed). */
export type PresetFixture = FixtureDocument & { description: string };

/** A preset's file could not be read, parsed or checked: the package is broken (it never should be). */
export class ScenarioFileError extends Error {
  override name = 'ScenarioFileError';
}

/** Presets read no environment variable: they are the same everywhere. */
const NO_ENV: Readonly<Record<string, string | undefined>> = {};

/** Each fixture preset, read and checked once. */
const checkedPresets = new Map<string, PresetFixture>();

/** The preset's fixture, read and checked on first use. */
export function presetFixture(scenario: FixtureScenario): PresetFixture {
  const kept = checkedPresets.get(scenario.name);
  if (kept) return kept;
  const file = scenario.file();
  let fixture: FixtureDocument;
  try {
    fixture = checkFixture(readFixtureFile(file), NO_ENV);
  } catch (err) {
    if (err instanceof FixtureFileError) throw new ScenarioFileError(`scenario ${scenario.name}: ${err.message}`);
    if (err instanceof ApiError) throw new ScenarioFileError(`scenario ${scenario.name} (${file}): ${err.code}: ${err.message}`);
    throw err;
  }
  const { description } = fixture;
  if (description === undefined || description.trim() === '') throw new ScenarioFileError(`scenario ${scenario.name} (${file}) has no description`);
  const checked = { ...fixture, description };
  checkedPresets.set(scenario.name, checked);
  return checked;
}

/** A broken preset file, answered as what it is: the sandbox's own fault, named, never a bare 500. */
function brokenPreset<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ScenarioFileError) throw apiError('INTERNAL_ERROR', `The sandbox's scenario presets are broken: ${err.message}`);
    throw err;
  }
}

/**
 * Runs a fixture preset's steps for the tenant: nothing they do counts in
 * its coverage. `dispatch` sends them as the sandbox's own set-up (out of
 * the journal); the tenant's other requests are held by the caller.
 */
export async function runPresetSteps(tenant: Tenant, fixture: FixtureDocument, dispatch: StepDispatch): Promise<void> {
  await tenant.coverage.quietlyWhile(() => runFixture(fixture, dispatch, { env: NO_ENV, now: () => tenant.clock.nowIso() }));
}

export function listScenarios() {
  return brokenPreset(() => ({ data: scenarios().map((s) => ({ name: s.name, description: 'code' in s ? s.code().description : presetFixture(s).description })) }));
}

/**
 * POST /__admin/scenarios/{name}: the tenant starts over (as a reset does,
 * with the sandbox's own set-up), then from the preset. `dispatch` sends a
 * fixture preset's steps as the sandbox's own set-up.
 */
export async function loadScenario(registry: TenantRegistry, tenant: Tenant, name: string, dispatch: StepDispatch) {
  const scenario = findScenario(name);
  if (!scenario) {
    const names = [...SCENARIO_NAMES];
    throw apiError('INVALID_INPUT', `Unknown scenario ${JSON.stringify(name)}; choose one of ${names.join(', ')}`, {
      errors: [{ field: 'name', message: 'Not a scenario preset', constraint: { enum: names } }],
      validScenarios: names,
    });
  }
  if ('code' in scenario) {
    const preset = scenario.code();
    tenant.coverage.quietly(() => {
      registry.reset(tenant);
      preset.apply(tenant);
      tenant.settle();
    });
  } else {
    // Checked before the reset: a broken file changes nothing.
    const fixture = brokenPreset(() => presetFixture(scenario));
    registry.reset(tenant);
    try {
      await registry.extendSetUp(tenant, () => runPresetSteps(tenant, fixture, dispatch));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      throw apiError('INTERNAL_ERROR', `The scenario ${name} stopped at a step (scenarios/${name}.yaml): ${err.message}`, { scenario: name, step: { code: err.code, reason: err.message, ...(err.details ? { details: err.details } : {}) } });
    }
  }
  return { scenario: name, now: tenant.clock.nowIso() };
}
