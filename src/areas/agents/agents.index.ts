/**
 * Agents area: management with the platform's credentials (agents, policy,
 * device codes, approvals) and the agent's own operations under /agents/me
 * with its access token.
 *
 * LIMITATIONS: one access token per agent, for good (a connected agent gets
 * no new device code: delete it and create another); tokens do not expire.
 * Actions awaiting approval count against the spending limits only once
 * approved, and an approval is not checked against the limits again (the
 * platform decides). Their transaction exists from submission on, PENDING
 * with the money reserved (the spec's approval path needs its id). A
 * per-account perTransactionLimit is in the account's currency.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './agents.handlers.js';
import * as routes from './agents.routes.js';
import * as me from './agents-me.handlers.js';
import * as meRoutes from './agents-me.routes.js';

export function registerAgents(app: AppRouter): void {
  // Static paths before parameterised ones: /agents/me and /agents/approvals are not agent ids.
  app.openapi(routes.createAgentRoute, handlers.create);
  app.openapi(routes.listAgentsRoute, handlers.list);
  app.openapi(routes.listApprovalsRoute, handlers.approvals);
  app.openapi(routes.deviceCodeStatusRoute, handlers.deviceCodeStatus);
  app.openapi(routes.redeemDeviceCodeRoute, handlers.redeem);
  app.openapi(meRoutes.getMeRoute, me.me);
  app.openapi(meRoutes.listMyTransactionsRoute, me.listTransactions);
  app.openapi(meRoutes.getMyTransactionRoute, me.getTransaction);
  app.openapi(meRoutes.createMyQuoteRoute, me.createQuote);
  app.openapi(meRoutes.getMyQuoteRoute, me.getQuote);
  app.openapi(meRoutes.executeMyQuoteRoute, me.executeQuote);
  app.openapi(meRoutes.listMyActionsRoute, me.listActions);
  app.openapi(meRoutes.getMyActionRoute, me.getAction);
  app.openapi(meRoutes.myTransferInRoute, me.transferIn);
  app.openapi(meRoutes.myTransferOutRoute, me.transferOut);
  app.openapi(meRoutes.listMyInternalAccountsRoute, me.listInternalAccounts);
  app.openapi(meRoutes.listMyExternalAccountsRoute, me.listExternalAccounts);
  app.openapi(meRoutes.createMyExternalAccountRoute, me.createExternalAccount);
  app.openapi(meRoutes.getMyExternalAccountRoute, me.getExternalAccount);
  app.openapi(meRoutes.deleteMyExternalAccountRoute, me.deleteExternalAccount);
  app.openapi(routes.getAgentRoute, handlers.get);
  app.openapi(routes.updateAgentRoute, handlers.update);
  app.openapi(routes.deleteAgentRoute, handlers.remove);
  app.openapi(routes.updatePolicyRoute, handlers.updatePolicy);
  app.openapi(routes.regenerateDeviceCodeRoute, handlers.regenerateDeviceCode);
  app.openapi(routes.approveActionRoute, handlers.approve);
  app.openapi(routes.rejectActionRoute, handlers.reject);
}
