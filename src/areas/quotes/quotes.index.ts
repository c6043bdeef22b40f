/**
 * Quotes area.
 *
 * LIMITATIONS: no Strong Customer Authentication (PENDING_AUTHORIZATION),
 * no platform fee configuration (platformFeesIncluded is 0), no senderCustomerInfo
 * requirements. Executing from an embedded wallet is a signed retry (wallet-auth).
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './quotes.handlers.js';
import * as routes from './quotes.routes.js';

export function registerQuotes(app: AppRouter): void {
  app.openapi(routes.createQuoteRoute, handlers.create);
  app.openapi(routes.listQuotesRoute, handlers.list);
  app.openapi(routes.getQuoteRoute, handlers.get);
  app.openapi(routes.executeQuoteRoute, handlers.execute);
}
