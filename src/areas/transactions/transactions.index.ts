/**
 * Transactions area.
 *
 * LIMITATIONS: approve and reject act on incoming UMA payments awaiting the
 * platform (and, through ownedDecisionHook, on what other areas own);
 * cancel knows only the sandbox's own bank transfers (ACH or wire by the
 * rail asked for, else the external account's first rail) and always
 * succeeds before settlement; the 422 "more data" reply to an approval
 * webhook is treated as a webhook error.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './transactions.handlers.js';
import * as routes from './transactions.routes.js';

export function registerTransactions(app: AppRouter): void {
  app.openapi(routes.listTransactionsRoute, handlers.list);
  app.openapi(routes.getTransactionRoute, handlers.get);
  app.openapi(routes.confirmReceiptDeliveryRoute, handlers.confirm);
  app.openapi(routes.approvePaymentRoute, handlers.approve);
  app.openapi(routes.rejectPaymentRoute, handlers.reject);
  app.openapi(routes.cancelTransactionRoute, handlers.cancel);
}
