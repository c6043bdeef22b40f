/**
 * POST /__admin/fixtures and GET /__admin/fixtures/export: a fixture run
 * for the caller's tenant, and the caller's session recorded as one.
 */
import type { Tenant } from '../store/tenant.js';
import { checkFixture } from './fixtures.check.js';
import { exportFixture } from './fixtures.export.js';
import { runFixture, type StepDispatch } from './fixtures.run.js';
import type { FixtureDocument, FixtureResult } from './fixtures.schemas.js';
import type { RequestJournal } from './journal.js';

/** Checks the whole fixture, then runs its steps through `dispatch`; `${env.NAME}` reads this process's environment. */
export function loadFixtures(tenant: Tenant, raw: unknown, dispatch: StepDispatch, env: Readonly<Record<string, string | undefined>> = process.env): Promise<FixtureResult> {
  const fixture = checkFixture(raw, env);
  return runFixture(fixture, dispatch, { env, now: () => tenant.clock.nowIso() });
}

export function exportTenantFixture(journal: RequestJournal, tenant: Tenant): FixtureDocument {
  return exportFixture(journal.history(tenant));
}
