/**
 * Exchange rates area.
 *
 * LIMITATIONS: rates are indicative and deterministic (see ./rates.ts), not
 * market data; platform fees are not modelled, only the sandbox service fee;
 * minSendingAmount and maxSendingAmount come from the platform configuration,
 * not from per-corridor limits.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './exchange-rates.handlers.js';
import * as routes from './exchange-rates.routes.js';

export function registerExchangeRates(app: AppRouter): void {
  app.openapi(routes.listExchangeRatesRoute, handlers.list);
}
