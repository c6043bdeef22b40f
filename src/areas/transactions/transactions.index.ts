/**
 * Transactions area.
 *
 * LIMITATIONS: confirm, cancel, approve and reject are not served; card
 * transactions join this list with the cards area.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './transactions.handlers.js';
import * as routes from './transactions.routes.js';

export function registerTransactions(app: AppRouter): void {
  app.openapi(routes.listTransactionsRoute, handlers.list);
  app.openapi(routes.getTransactionRoute, handlers.get);
}
