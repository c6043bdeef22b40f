import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../core/env.js';
import { apiError } from '../../core/errors.js';
import { sendJsonParts } from '../../core/http.js';
import { signedHandler } from '../wallet-auth/wallet-request.js';
import type * as routes from './agents-me.routes.js';
import * as service from './operations.service.js';

/** The agent whose access token opened the request (the composition root lets no other credential reach /agents/me). */
function agentOf(c: Context<AppEnv>): string {
  const actor = c.get('principal').actor;
  if (actor.kind !== 'AGENT') throw apiError('UNAUTHORIZED', "Send the agent's access token: Authorization: Bearer <accessToken>");
  return actor.id;
}

export const me: RouteHandler<typeof routes.getMeRoute, AppEnv> = (c) => c.json(service.me(c.get('tenant'), agentOf(c)), 200);

export const listTransactions: RouteHandler<typeof routes.listMyTransactionsRoute, AppEnv> = (c) =>
  c.json(service.listAgentTransactions(c.get('tenant'), agentOf(c), c.req.valid('query')), 200);

export const getTransaction: RouteHandler<typeof routes.getMyTransactionRoute, AppEnv> = (c) =>
  c.json(service.getAgentTransaction(c.get('tenant'), agentOf(c), c.req.valid('param').transactionId), 200);

export const createQuote: RouteHandler<typeof routes.createMyQuoteRoute, AppEnv> = (c) =>
  c.json(service.createAgentQuote(c.get('tenant'), agentOf(c), c.req.valid('json'), c.req.valid('header')['idempotency-key']), 201);

export const getQuote: RouteHandler<typeof routes.getMyQuoteRoute, AppEnv> = (c) => c.json(service.getAgentQuote(c.get('tenant'), agentOf(c), c.req.valid('param').quoteId), 200);

export const executeQuote = signedHandler<typeof routes.executeMyQuoteRoute>((c, request) =>
  service.executeAgentQuote(c.get('tenant'), agentOf(c), c.req.valid('param').quoteId, c.req.valid('header')['idempotency-key'], request),
);

export const listActions: RouteHandler<typeof routes.listMyActionsRoute, AppEnv> = (c) => c.json(service.listAgentActions(c.get('tenant'), agentOf(c), c.req.valid('query')), 200);

export const getAction: RouteHandler<typeof routes.getMyActionRoute, AppEnv> = (c) => c.json(service.getAgentAction(c.get('tenant'), agentOf(c), c.req.valid('param').actionId), 200);

export const transferIn: RouteHandler<typeof routes.myTransferInRoute, AppEnv> = (c) =>
  c.json(service.agentTransferIn(c.get('tenant'), agentOf(c), c.req.valid('json'), c.req.valid('header')['idempotency-key']), 201);

export const transferOut = signedHandler<typeof routes.myTransferOutRoute>((c, request) =>
  service.agentTransferOut(c.get('tenant'), agentOf(c), c.req.valid('json'), c.req.valid('header')['idempotency-key'], request),
);

export const listInternalAccounts: RouteHandler<typeof routes.listMyInternalAccountsRoute, AppEnv> = (c) =>
  c.json(service.listAgentInternalAccounts(c.get('tenant'), agentOf(c), c.req.valid('query')), 200);

export const listExternalAccounts: RouteHandler<typeof routes.listMyExternalAccountsRoute, AppEnv> = (c) =>
  sendJsonParts(c, service.listAgentExternalAccounts(c.get('tenant'), agentOf(c), c.req.valid('query')), 200);

export const createExternalAccount: RouteHandler<typeof routes.createMyExternalAccountRoute, AppEnv> = (c) =>
  c.json(service.createAgentExternalAccount(c.get('tenant'), agentOf(c), c.req.valid('json')), 201);

export const getExternalAccount: RouteHandler<typeof routes.getMyExternalAccountRoute, AppEnv> = (c) =>
  c.json(service.getAgentExternalAccount(c.get('tenant'), agentOf(c), c.req.valid('param').externalAccountId), 200);

export const deleteExternalAccount: RouteHandler<typeof routes.deleteMyExternalAccountRoute, AppEnv> = (c) => {
  service.deleteAgentExternalAccount(c.get('tenant'), agentOf(c), c.req.valid('param').externalAccountId);
  return c.body(null, 204);
};
