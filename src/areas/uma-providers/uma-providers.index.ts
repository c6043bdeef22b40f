/**
 * Available UMA providers: a directory served from a data table.
 *
 * LIMITATIONS: the same fictional providers for every tenant; the allow
 * list is fixed data (no operation changes it).
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './uma-providers.handlers.js';
import * as routes from './uma-providers.routes.js';

export function registerUmaProviders(app: AppRouter): void {
  app.openapi(routes.listUmaProvidersRoute, handlers.list);
}
