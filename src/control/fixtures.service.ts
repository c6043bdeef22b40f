/**
 * POST /__admin/fixtures and GET /__admin/fixtures/export: a fixture run
 * for the caller's tenant, and the caller's session recorded as one.
 */
import type { Tenant } from '../store/tenant.js';
import { checkFixture } from './fixtures.check.js';
import { exportFixture } from './fixtures.export.js';
import { referenceParts, referencesIn } from './fixtures.references.js';
import { runFixture, type StepDispatch } from './fixtures.run.js';
import type { FixtureDocument, FixtureResult } from './fixtures.schemas.js';
import type { RequestJournal } from './journal.js';

/** How many checked fixtures are kept by their text: a test suite loads the same few before each test. */
export const CHECKED_FIXTURES_KEPT = 16;

/** Fixtures checked before, by the JSON text they came as (oldest first). */
const checkedByText = new Map<string, FixtureDocument>();

/** Whether a fixture reads the environment: its check then depends on more than its text. */
function readsEnvironment(fixture: FixtureDocument): boolean {
  return fixture.fixtures.some((step) => referencesIn(step).some((reference) => referenceParts(reference)[0] === 'env'));
}

/**
 * The fixture `raw` checked; `text`, the JSON it was parsed from, finds a
 * check already made. Only a fixture that reads no environment variable is
 * kept: its check depends on its text alone (the routes are fixed).
 */
function checkedFixture(raw: unknown, text: string | undefined, env: Readonly<Record<string, string | undefined>>): FixtureDocument {
  const kept = text === undefined ? undefined : checkedByText.get(text);
  if (kept) return kept;
  const fixture = checkFixture(raw, env);
  if (text !== undefined && !readsEnvironment(fixture)) {
    if (checkedByText.size >= CHECKED_FIXTURES_KEPT) checkedByText.delete(checkedByText.keys().next().value!);
    checkedByText.set(text, fixture);
  }
  return fixture;
}

/**
 * Checks the whole fixture, then runs its steps through `dispatch`;
 * `${env.NAME}` reads this process's environment. `text` is the JSON the
 * fixture was parsed from, when it came as JSON.
 */
export function loadFixtures(tenant: Tenant, raw: unknown, dispatch: StepDispatch, env: Readonly<Record<string, string | undefined>> = process.env, text?: string): Promise<FixtureResult> {
  const fixture = checkedFixture(raw, text, env);
  return runFixture(fixture, dispatch, { env, now: () => tenant.clock.nowIso() });
}

export function exportTenantFixture(journal: RequestJournal, tenant: Tenant): FixtureDocument {
  return exportFixture(journal.history(tenant));
}
