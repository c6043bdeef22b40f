import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { requestOrigin } from '../../core/public-origin.js';
import type * as routes from './cards.routes.js';
import { authorize, clear, listCardTransactions, refund } from './card-network.service.js';
import { getCard, issueCard, listCards, revealCard, updateCard } from './cards.service.js';
import { authorizationAdvice, balanceInquiry, creditAuthorization, financialAuthorization, returnReversal } from './card-messages.service.js';
import type { AuthorizationResult } from './card-network.service.js';
import type { CardTransaction, SandboxCardDecline } from './cards.schemas.js';

/** Simulators answer 202 either way: the resulting row, or the decline. */
const accepted = (result: AuthorizationResult): CardTransaction | SandboxCardDecline => ('approved' in result ? result.approved : result.declined);

export const issue: RouteHandler<typeof routes.issueCardRoute, AppEnv> = (c) => c.json(issueCard(c.get('tenant'), c.req.valid('json')), 201);

export const list: RouteHandler<typeof routes.listCardsRoute, AppEnv> = (c) => c.json(listCards(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getCardRoute, AppEnv> = (c) => c.json(getCard(c.get('tenant'), c.req.valid('param').id), 200);

export const update: RouteHandler<typeof routes.updateCardRoute, AppEnv> = (c) => c.json(updateCard(c.get('tenant'), c.req.valid('param').id, c.req.valid('json')), 200);

export const reveal: RouteHandler<typeof routes.revealCardRoute, AppEnv> = (c) => c.json(revealCard(c.get('tenant'), c.req.valid('param').id, requestOrigin(c)), 200);

export const transactions: RouteHandler<typeof routes.listCardTransactionsRoute, AppEnv> = (c) =>
  c.json(listCardTransactions(c.get('tenant'), c.req.valid('param').id, c.req.valid('query')), 200);

export const simulateAuthorization: RouteHandler<typeof routes.simulateAuthorizationRoute, AppEnv> = (c) => {
  const result = authorize(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'));
  return 'approved' in result ? c.json(result.approved, 200) : c.json(result.declined, 202);
};

export const simulateClearing: RouteHandler<typeof routes.simulateClearingRoute, AppEnv> = (c) => c.json(clear(c.get('tenant'), c.req.valid('param').id, c.req.valid('json')), 200);

export const simulateReturn: RouteHandler<typeof routes.simulateReturnRoute, AppEnv> = (c) => c.json(refund(c.get('tenant'), c.req.valid('param').id, c.req.valid('json')), 202);

export const simulateBalanceInquiry: RouteHandler<typeof routes.simulateBalanceInquiryRoute, AppEnv> = (c) =>
  c.json(accepted(balanceInquiry(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))), 202);

export const simulateCreditAuthorization: RouteHandler<typeof routes.simulateCreditAuthorizationRoute, AppEnv> = (c) =>
  c.json(accepted(creditAuthorization(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'), 'CREDIT_AUTHORIZATION')), 202);

export const simulateCreditAuthorizationAdvice: RouteHandler<typeof routes.simulateCreditAuthorizationAdviceRoute, AppEnv> = (c) =>
  c.json(accepted(creditAuthorization(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'), 'CREDIT_AUTHORIZATION_ADVICE')), 202);

export const simulateFinancialAuthorization: RouteHandler<typeof routes.simulateFinancialAuthorizationRoute, AppEnv> = (c) =>
  c.json(accepted(financialAuthorization(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'), 'DEBIT')), 202);

export const simulateFinancialCreditAuthorization: RouteHandler<typeof routes.simulateFinancialCreditAuthorizationRoute, AppEnv> = (c) =>
  c.json(accepted(financialAuthorization(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'), 'CREDIT')), 202);

export const simulateAuthorizationAdvice: RouteHandler<typeof routes.simulateAuthorizationAdviceRoute, AppEnv> = (c) =>
  c.json(authorizationAdvice(c.get('tenant'), c.req.valid('param').id, c.req.valid('json')), 202);

export const simulateReturnReversal: RouteHandler<typeof routes.simulateReturnReversalRoute, AppEnv> = (c) =>
  c.json(returnReversal(c.get('tenant'), c.req.valid('param').id, c.req.valid('json')), 202);
