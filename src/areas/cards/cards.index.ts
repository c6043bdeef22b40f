/**
 * Cards area: issuance and lifecycle, reveal, card transactions, and the
 * sandbox card network (authorization, clearing, merchant refund).
 *
 * LIMITATIONS: virtual cards only, one funding source per card (the spec's
 * shape), a per-transaction spending limit only, no 3-D Secure; an embedded wallet funds a card
 * only while the card has an ACTIVE delegated key (no signature is checked
 * on the pull itself); authorizations in another currency than the card's
 * are refused rather than converted; a return reversal reverses the whole
 * refund of a REFUNDED purchase (the reference names no amount).
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
  app.openapi(routes.simulateBalanceInquiryRoute, handlers.simulateBalanceInquiry);
  app.openapi(routes.simulateCreditAuthorizationRoute, handlers.simulateCreditAuthorization);
  app.openapi(routes.simulateFinancialAuthorizationRoute, handlers.simulateFinancialAuthorization);
  app.openapi(routes.simulateFinancialCreditAuthorizationRoute, handlers.simulateFinancialCreditAuthorization);
  app.openapi(routes.simulateAuthorizationAdviceRoute, handlers.simulateAuthorizationAdvice);
  app.openapi(routes.simulateCreditAuthorizationAdviceRoute, handlers.simulateCreditAuthorizationAdvice);
  app.openapi(routes.simulateReturnReversalRoute, handlers.simulateReturnReversal);
}
