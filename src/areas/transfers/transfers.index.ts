/**
 * Same-currency transfers, deprecated in favour of quotes and served through
 * the same settlement engine.
 *
 * LIMITATIONS: no rail selection beyond echoing paymentRail.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './transfers.handlers.js';
import * as routes from './transfers.routes.js';

export function registerTransfers(app: AppRouter): void {
  app.openapi(routes.transferInRoute, handlers.pullIn);
  app.openapi(routes.transferOutRoute, handlers.payOut);
}
