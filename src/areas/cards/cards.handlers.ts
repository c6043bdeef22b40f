import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './cards.routes.js';
import { authorize, clear, listCardTransactions, refund } from './card-network.service.js';
import { getCard, issueCard, listCards, revealCard, updateCard } from './cards.service.js';

export const issue: RouteHandler<typeof routes.issueCardRoute, AppEnv> = (c) => c.json(issueCard(c.var.tenant, c.req.valid('json')), 201);

export const list: RouteHandler<typeof routes.listCardsRoute, AppEnv> = (c) => c.json(listCards(c.var.tenant, c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getCardRoute, AppEnv> = (c) => c.json(getCard(c.var.tenant, c.req.valid('param').id), 200);

export const update: RouteHandler<typeof routes.updateCardRoute, AppEnv> = (c) => c.json(updateCard(c.var.tenant, c.req.valid('param').id, c.req.valid('json')), 200);

export const reveal: RouteHandler<typeof routes.revealCardRoute, AppEnv> = (c) => c.json(revealCard(c.var.tenant, c.req.valid('param').id, new URL(c.req.url).origin), 200);

export const transactions: RouteHandler<typeof routes.listCardTransactionsRoute, AppEnv> = (c) =>
  c.json(listCardTransactions(c.var.tenant, c.req.valid('param').id, c.req.valid('query')), 200);

export const simulateAuthorization: RouteHandler<typeof routes.simulateAuthorizationRoute, AppEnv> = (c) => {
  const result = authorize(c.var.tenant, c.req.valid('param').id, c.req.valid('json'));
  return 'approved' in result ? c.json(result.approved, 200) : c.json(result.declined, 202);
};

export const simulateClearing: RouteHandler<typeof routes.simulateClearingRoute, AppEnv> = (c) => c.json(clear(c.var.tenant, c.req.valid('param').id, c.req.valid('json')), 200);

export const simulateReturn: RouteHandler<typeof routes.simulateReturnRoute, AppEnv> = (c) => c.json(refund(c.var.tenant, c.req.valid('param').id, c.req.valid('json')), 202);
