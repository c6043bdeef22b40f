/**
 * Cards area: issuance and lifecycle, reveal, card transactions, and the
 * sandbox card network (authorization, clearing, merchant refund).
 *
 * LIMITATIONS: virtual cards only, one funding source per card (the spec's
 * shape), no spending limits or 3-D Secure; embedded wallets cannot fund
 * cards (no delegated keys); the other card simulators of the public
 * description (balance inquiry, advice, credit and financial authorizations,
 * return reversal) are not served; authorizations in another currency than
 * the card's are refused rather than converted.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './cards.handlers.js';
import * as routes from './cards.routes.js';

export function registerCards(app: AppRouter): void {
  app.openapi(routes.issueCardRoute, handlers.issue);
  app.openapi(routes.listCardsRoute, handlers.list);
  app.openapi(routes.getCardRoute, handlers.get);
  app.openapi(routes.updateCardRoute, handlers.update);
  app.openapi(routes.revealCardRoute, handlers.reveal);
  app.openapi(routes.listCardTransactionsRoute, handlers.transactions);
  app.openapi(routes.simulateAuthorizationRoute, handlers.simulateAuthorization);
  app.openapi(routes.simulateClearingRoute, handlers.simulateClearing);
  app.openapi(routes.simulateReturnRoute, handlers.simulateReturn);
}
