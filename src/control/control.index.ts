/**
 * Control plane under /__admin, acting on the caller's tenant.
 *
 * LIMITATIONS: snapshots, scenarios, the request journal, webhook
 * deliveries, the live event stream and fault injection come with the
 * control-plane issue.
 */
import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv, AppRouter } from '../core/env.js';
import type { TenantRegistry } from '../store/registry.js';
import * as routes from './control.routes.js';
import { advanceClock, clockState, health, listEvents, resetTenant } from './control.service.js';

export function registerControl(app: AppRouter, registry: TenantRegistry): void {
  const getHealth: RouteHandler<typeof routes.healthRoute, AppEnv> = (c) => c.json(health(c.var.tenant), 200);
  const reset: RouteHandler<typeof routes.resetRoute, AppEnv> = (c) => c.json(resetTenant(registry, c.var.tenant), 200);
  const clock: RouteHandler<typeof routes.clockRoute, AppEnv> = (c) => c.json(clockState(c.var.tenant), 200);
  const advance: RouteHandler<typeof routes.advanceClockRoute, AppEnv> = (c) => c.json(advanceClock(c.var.tenant, c.req.valid('json').seconds), 200);
  const events: RouteHandler<typeof routes.eventsRoute, AppEnv> = (c) => c.json(listEvents(c.var.tenant, c.req.valid('query')), 200);
  app.openapi(routes.healthRoute, getHealth);
  app.openapi(routes.eventsRoute, events);
  app.openapi(routes.resetRoute, reset);
  app.openapi(routes.clockRoute, clock);
  app.openapi(routes.advanceClockRoute, advance);
}
