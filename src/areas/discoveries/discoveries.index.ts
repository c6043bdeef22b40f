/**
 * Discoveries area.
 *
 * LIMITATIONS: the institutions are a fixed fictional table
 * (./discoveries.data.ts), the same for every tenant; there is no search by
 * name and no pagination.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './discoveries.handlers.js';
import * as routes from './discoveries.routes.js';

export function registerDiscoveries(app: AppRouter): void {
  app.openapi(routes.listDiscoveriesRoute, handlers.list);
}
