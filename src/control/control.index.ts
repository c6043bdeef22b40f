/**
 * Control plane under /__admin, acting on the caller's tenant.
 *
 * Clock, reset, snapshots, scenarios, the request journal, webhook
 * deliveries and their signing key, the live event stream, faults.
 */
import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv, AppRouter } from '../core/env.js';
import type { TenantRegistry } from '../store/registry.js';
import type { StoreSchema } from '../store/spec.js';
import * as routes from './control.routes.js';
import { advanceClock, clockState, health, listDeliveries, listEvents, resetTenant, restoreSnapshot, rulesReference, setClock, walletSandbox } from './control.service.js';
import { exportSnapshot } from '../store/snapshot.js';
import { eventStream } from './event-stream.js';
import type { RequestJournal } from './journal.js';
import type { ServedAddress } from '../core/served-addresses.js';
import { armFault, clearFaults, listFaults } from './faults.service.js';
import { listTriggers, triggerEvent } from './triggers.js';
import { setInternalAccountStatus } from '../areas/internal-accounts/internal-accounts.service.js';
import { reviewExternalAccount } from '../areas/external-accounts/external-accounts.service.js';
import { clearCoverage, coverageReport, type OperationEntry } from './coverage.service.js';
import { accountLedger, transactionTimeline } from './history.service.js';
import { exportTenantFixture, loadFixtures } from './fixtures.service.js';
import { listScenarios, loadScenario } from './scenarios.service.js';
import type { StepDispatcher } from './fixtures.run.js';
import type { Tenant } from '../store/tenant.js';

declare module '../core/env.js' {
  interface AppVariables {
    /** The sandbox's tenants (the control plane resets, restores and seeds the caller's). */
    registry: TenantRegistry;
    /** The sandbox's request journal. */
    journal: RequestJournal;
    /** Where devices can reach the sandbox (the banner's addresses). */
    servedAddresses: () => readonly ServedAddress[];
    /** Sends a fixture's steps through the app, for a tenant; `setUp`: as the sandbox's own set-up (a preset's), left out of the journal. */
    stepDispatch: StepDispatcher;
  }
}

/**
 * The control plane's operations hold nothing of a sandbox: the registry
 * and the journal come with each request's context, so one registration
 * serves every app whose store has this schema.
 */
export function registerControl(app: AppRouter, schema: StoreSchema, apiOperations: () => readonly OperationEntry[]): void {
  const getHealth: RouteHandler<typeof routes.healthRoute, AppEnv> = (c) => c.json(health(c.get('tenant'), c.get('servedAddresses')()), 200);
  /** What the tenant did before a reset (or a restore, or a scenario) is no longer what an export records. */
  const startingOver = <T>(c: { get(key: 'journal'): RequestJournal; get(key: 'tenant'): Tenant }, done: T): T => {
    c.get('journal').markReset(c.get('tenant'));
    return done;
  };
  const reset: RouteHandler<typeof routes.resetRoute, AppEnv> = (c) => c.json(startingOver(c, resetTenant(c.get('registry'), c.get('tenant'))), 200);
  const clock: RouteHandler<typeof routes.clockRoute, AppEnv> = (c) => c.json(clockState(c.get('tenant')), 200);
  const advance: RouteHandler<typeof routes.advanceClockRoute, AppEnv> = (c) => {
    const { seconds } = c.req.valid('json');
    c.get('journal').markAdvance(c.get('tenant'), seconds);
    return c.json(advanceClock(c.get('tenant'), seconds), 200);
  };
  // A stream when the client asks for one; the route documents both answers.
  const events = ((c) =>
    (c.req.header('accept') ?? '').includes('text/event-stream') ? eventStream(c) : c.json(listEvents(c.get('tenant'), c.req.valid('query')), 200)) as RouteHandler<
    typeof routes.eventsRoute,
    AppEnv
  >;
  const set: RouteHandler<typeof routes.setClockRoute, AppEnv> = (c) => {
    const moved = setClock(c.get('tenant'), c.req.valid('json').to);
    c.get('journal').markAdvance(c.get('tenant'), (Date.parse(moved.now) - Date.parse(moved.previous)) / 1000);
    return c.json(moved, 200);
  };
  const exportRoute = routes.exportSnapshotRoute(schema);
  const snapshot: RouteHandler<typeof exportRoute, AppEnv> = (c) => c.json(exportSnapshot(c.get('tenant'), schema) as never, 200);
  const restore: RouteHandler<typeof routes.restoreSnapshotRoute, AppEnv> = (c) => c.json(startingOver(c, restoreSnapshot(c.get('registry'), c.get('tenant'), c.req.valid('json'))), 200);
  const requests: RouteHandler<typeof routes.journalRoute, AppEnv> = (c) => c.json(c.get('journal').list(c.get('tenant'), c.req.valid('query')), 200);
  const countRequests: RouteHandler<typeof routes.journalCountRoute, AppEnv> = (c) => c.json({ count: c.get('journal').count(c.get('tenant'), c.req.valid('query')) }, 200);
  const unmatched: RouteHandler<typeof routes.journalUnmatchedRoute, AppEnv> = (c) => c.json(c.get('journal').list(c.get('tenant'), { ...c.req.valid('query'), unmatchedOnly: true }), 200);
  const clearRequests: RouteHandler<typeof routes.clearJournalRoute, AppEnv> = (c) => c.json({ removed: c.get('journal').clear(c.get('tenant')) }, 200);
  const trigger: RouteHandler<typeof routes.triggerRoute, AppEnv> = async (c) => c.json(await triggerEvent(c.get('tenant'), c.get('webhooks'), c.req.valid('json').type), 200);
  const triggerTypes: RouteHandler<typeof routes.triggerTypesRoute, AppEnv> = (c) => c.json(listTriggers(), 200);
  const deliveries: RouteHandler<typeof routes.deliveriesRoute, AppEnv> = (c) => c.json(listDeliveries(c.get('tenant'), c.req.valid('query')), 200);
  const replay: RouteHandler<typeof routes.replayDeliveryRoute, AppEnv> = async (c) => c.json(await c.get('webhooks').replay(c.get('tenant'), c.req.valid('param').id), 200);
  const publicKey: RouteHandler<typeof routes.webhookKeyRoute, AppEnv> = (c) =>
    c.json({ pem: c.get('webhooks').signer.publicKeyPem, hex: c.get('webhooks').signer.publicKeyHex, header: c.get('webhooks').signatureHeader, algorithm: 'ECDSA P-256 over SHA-256 of the body bytes, DER, base64, sent as {"v":"1","s":"<base64>"}' }, 200);
  const scenarios: RouteHandler<typeof routes.scenariosRoute, AppEnv> = (c) => c.json(listScenarios(), 200);
  const load: RouteHandler<typeof routes.loadScenarioRoute, AppEnv> = async (c) =>
    c.json(startingOver(c, await loadScenario(c.get('registry'), c.get('tenant'), c.req.valid('param').name, c.get('stepDispatch')(c.get('tenant'), { setUp: true }))), 200);
  // The body's text (already read) finds a check made before: a suite loads the same fixture before each test.
  const fixtures: RouteHandler<typeof routes.loadFixturesRoute, AppEnv> = async (c) =>
    c.json(await loadFixtures(c.get('tenant'), c.req.valid('json'), c.get('stepDispatch')(c.get('tenant')), process.env, await c.req.text()), 200);
  const exportFixture: RouteHandler<typeof routes.exportFixtureRoute, AppEnv> = (c) => c.json(exportTenantFixture(c.get('journal'), c.get('tenant')) as never, 200);
  const arm: RouteHandler<typeof routes.armFaultRoute, AppEnv> = (c) => c.json(armFault(c.get('tenant'), c.req.valid('json')), 201);
  const faults: RouteHandler<typeof routes.listFaultsRoute, AppEnv> = (c) => c.json(listFaults(c.get('tenant')), 200);
  const clear: RouteHandler<typeof routes.clearFaultsRoute, AppEnv> = (c) => c.json(clearFaults(c.get('tenant')), 200);
  const wallet: RouteHandler<typeof routes.walletSandboxRoute, AppEnv> = (c) => c.json(walletSandbox(c.get('tenant')), 200);
  const internalStatus: RouteHandler<typeof routes.internalAccountStatusRoute, AppEnv> = (c) =>
    c.json(setInternalAccountStatus(c.get('tenant'), c.req.valid('param').id, c.req.valid('json').status), 200);
  const externalReview: RouteHandler<typeof routes.externalAccountReviewRoute, AppEnv> = (c) =>
    c.json(reviewExternalAccount(c.get('tenant'), c.req.valid('param').id, c.req.valid('json').status), 200);
  app.openapi(routes.healthRoute, getHealth);
  app.openapi(routes.internalAccountStatusRoute, internalStatus);
  app.openapi(routes.externalAccountReviewRoute, externalReview);
  app.openapi(routes.armFaultRoute, arm);
  app.openapi(routes.listFaultsRoute, faults);
  app.openapi(routes.clearFaultsRoute, clear);
  app.openapi(routes.walletSandboxRoute, wallet);
  app.openapi(routes.eventsRoute, events);
  app.openapi(routes.resetRoute, reset);
  app.openapi(routes.clockRoute, clock);
  app.openapi(routes.advanceClockRoute, advance);
  app.openapi(routes.setClockRoute, set);
  app.openapi(exportRoute, snapshot);
  app.openapi(routes.restoreSnapshotRoute, restore);
  app.openapi(routes.journalRoute, requests);
  app.openapi(routes.journalCountRoute, countRequests);
  app.openapi(routes.journalUnmatchedRoute, unmatched);
  app.openapi(routes.clearJournalRoute, clearRequests);
  app.openapi(routes.triggerRoute, trigger);
  app.openapi(routes.triggerTypesRoute, triggerTypes);
  app.openapi(routes.webhookKeyRoute, publicKey);
  app.openapi(routes.deliveriesRoute, deliveries);
  app.openapi(routes.replayDeliveryRoute, replay);
  app.openapi(routes.scenariosRoute, scenarios);
  app.openapi(routes.loadScenarioRoute, load);
  app.openapi(routes.loadFixturesRoute, fixtures);
  app.openapi(routes.exportFixtureRoute, exportFixture);
  app.openapi(routes.rulesRoute, (c) => c.json(rulesReference(), 200));
  app.openapi(routes.coverageRoute, (c) => c.json(coverageReport(apiOperations(), [c.get('tenant')], c.get('tenant').clock.nowIso()), 200));
  app.openapi(routes.clearCoverageRoute, (c) => c.json(clearCoverage(c.get('tenant')), 200));
  app.openapi(routes.transactionTimelineRoute, (c) => c.json(transactionTimeline(c.get('tenant'), c.req.valid('param').id), 200));
  app.openapi(routes.accountLedgerRoute, (c) => c.json(accountLedger(c.get('tenant'), c.req.valid('param').id), 200));
}
