/**
 * paysandbox for test suites:
 *
 *   const sandbox = await createSandbox();            // port 0, in memory
 *   const api = sandbox.client();                      // a tenant, credentials built in
 *   await api.post('/customers', { ... });
 *   await sandbox.advanceClock(360);                   // the default tenant's control plane
 *   await sandbox.waitForEvent('OUTGOING_PAYMENT.COMPLETED');
 *   await sandbox.close();
 */
import { startServer, type RunningSandbox, type SandboxOptions } from './server.js';
import { tenantClient, type TenantClient } from './harness.js';

export type { RunningSandbox, SandboxOptions, ServerTimeouts } from './server.js';
export { StartupError, buildSandbox, startServer } from './server.js';
export { API_VERSION } from './core/version.js';
export { RULES, outcomeFor } from './rules/index.js';
export { manualTime } from './core/clock.js';
export { sequentialIds } from './core/ids.js';
export { SandboxRequestError } from './harness.js';
export type { ApiReply, ArmedFault, CoverageReport, FaultSpec, FixtureDocument, FixtureResult, FixtureStep, JournalPage, RequestFilter, Snapshot, TenantClient, TriggerResult, WaitOptions, WebhookEvent } from './harness.js';
export { TRIGGER_TYPES } from './control/trigger-types.js';

export interface CreateSandboxOptions extends SandboxOptions {
  /** The tenant the sandbox's own helpers act on (default `sandbox-test`, or the first pinned credential). */
  clientId?: string;
  clientSecret?: string;
}

/**
 * A listening sandbox with test helpers: `client(id, secret)` for any
 * tenant, and every TenantClient helper for the default tenant on the
 * sandbox itself.
 */
export interface Sandbox extends RunningSandbox, TenantClient {
  /** A client for a tenant; the default tenant when no id is given. */
  client(clientId?: string, clientSecret?: string): TenantClient;
}

function defaultCredentials(options: CreateSandboxOptions): [string, string] {
  if (options.clientId !== undefined) return [options.clientId, options.clientSecret ?? `${options.clientId}-secret`];
  const pinned = options.credentials instanceof Map ? [...options.credentials][0] : options.credentials ? Object.entries(options.credentials)[0] : undefined;
  return pinned ?? ['sandbox-test', 'sandbox-test-secret'];
}

/** Starts an isolated sandbox: on 127.0.0.1, a free port and in memory unless told otherwise. */
export async function createSandbox(options: CreateSandboxOptions = {}): Promise<Sandbox> {
  const { clientId: _id, clientSecret: _secret, ...serverOptions } = options;
  const [clientId, clientSecret] = defaultCredentials(options);
  const running = await startServer({ port: 0, host: '127.0.0.1', ...serverOptions });
  if (options.fixtures !== undefined || options.scenario !== undefined) {
    // The default tenant is set up now, so a fixture (or a preset's) that fails says so here rather than in the first test.
    try {
      await running.registry.ready(running.registry.ensure(clientId));
    } catch (err) {
      await running.close();
      throw err;
    }
  }
  const main = tenantClient(running.app, running.registry, clientId, clientSecret);
  return {
    ...running,
    ...main,
    client: (id?: string, secret?: string) => (id === undefined ? main : tenantClient(running.app, running.registry, id, secret ?? `${id}-secret`)),
  };
}
