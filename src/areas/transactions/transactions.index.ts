/**
 * Transactions area.
 *
 * LIMITATIONS: confirm and cancel are not served; approve and reject decide
 * only the pending transactions another flow owns (agent actions); card
 * transactions join this list with the cards area.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './transactions.handlers.js';
import * as routes from './transactions.routes.js';

export function registerTransactions(app: AppRouter): void {
  app.openapi(routes.listTransactionsRoute, handlers.list);
  app.openapi(routes.getTransactionRoute, handlers.get);
  app.openapi(routes.approveTransactionRoute, handlers.approve);
  app.openapi(routes.rejectTransactionRoute, handlers.reject);
}
