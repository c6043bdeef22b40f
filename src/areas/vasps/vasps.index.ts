/**
 * VASPs: the directory of virtual asset service providers, from a data table.
 *
 * LIMITATIONS: the same fictional VASPs for every tenant; external wallet
 * accounts do not check vaspName against it.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './vasps.handlers.js';
import * as routes from './vasps.routes.js';

export function registerVasps(app: AppRouter): void {
  app.openapi(routes.listVaspsRoute, handlers.list);
}
