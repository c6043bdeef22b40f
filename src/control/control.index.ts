/**
 * Control plane under /__admin, acting on the caller's tenant.
 *
 * LIMITATIONS: snapshots, scenarios, the request journal, webhook
 * deliveries, the live event stream and faults other than wallet
 * PROCESSING replies come with the control-plane issue.
 */
import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv, AppRouter } from '../core/env.js';
import type { TenantRegistry } from '../store/registry.js';
import * as routes from './control.routes.js';
import { advanceClock, clockState, health, listEvents, resetTenant, walletSandbox } from './control.service.js';
import { armFault, clearFaults, listFaults } from './faults.service.js';

export function registerControl(app: AppRouter, registry: TenantRegistry): void {
  const getHealth: RouteHandler<typeof routes.healthRoute, AppEnv> = (c) => c.json(health(c.var.tenant), 200);
  const reset: RouteHandler<typeof routes.resetRoute, AppEnv> = (c) => c.json(resetTenant(registry, c.var.tenant), 200);
  const clock: RouteHandler<typeof routes.clockRoute, AppEnv> = (c) => c.json(clockState(c.var.tenant), 200);
  const advance: RouteHandler<typeof routes.advanceClockRoute, AppEnv> = (c) => c.json(advanceClock(c.var.tenant, c.req.valid('json').seconds), 200);
  const events: RouteHandler<typeof routes.eventsRoute, AppEnv> = (c) => c.json(listEvents(c.var.tenant, c.req.valid('query')), 200);
  const arm: RouteHandler<typeof routes.armFaultRoute, AppEnv> = (c) => c.json(armFault(c.var.tenant, c.req.valid('json')), 201);
  const faults: RouteHandler<typeof routes.listFaultsRoute, AppEnv> = (c) => c.json(listFaults(c.var.tenant), 200);
  const clear: RouteHandler<typeof routes.clearFaultsRoute, AppEnv> = (c) => c.json(clearFaults(c.var.tenant), 200);
  const wallet: RouteHandler<typeof routes.walletSandboxRoute, AppEnv> = (c) => c.json(walletSandbox(c.var.tenant), 200);
  app.openapi(routes.healthRoute, getHealth);
  app.openapi(routes.armFaultRoute, arm);
  app.openapi(routes.listFaultsRoute, faults);
  app.openapi(routes.clearFaultsRoute, clear);
  app.openapi(routes.walletSandboxRoute, wallet);
  app.openapi(routes.eventsRoute, events);
  app.openapi(routes.resetRoute, reset);
  app.openapi(routes.clockRoute, clock);
  app.openapi(routes.advanceClockRoute, advance);
}
