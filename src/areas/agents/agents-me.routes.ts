/** Agent Operations: called by the agent itself with its access token (AgentAuth, Bearer). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import { Quote, QuoteRequest } from '../quotes/quotes.schemas.js';
import { TransferInRequest, TransferOutRequest } from '../transfers/transfers.schemas.js';
import { AnyTransaction, TransactionList } from '../transactions/transactions.schemas.js';
import { InternalAccountList } from '../internal-accounts/internal-accounts.schemas.js';
import { CustomerExternalAccountCreate, ExternalAccount, ExternalAccountList } from '../external-accounts/external-accounts.schemas.js';
import { SignedRequestHeaders, SignedRetryChallenge } from '../wallet-auth/signed-request.schemas.js';
import { Agent, AgentAction, AgentActionList, AgentActionsQuery, AgentExternalAccountListQuery, AgentInternalAccountListQuery, AgentTransactionListQuery } from './agents.schemas.js';

const tags = [TAGS.agentOperations];
const security = [{ AgentAuth: [] }];
const param = (name: string, example: string) => z.string().min(1).max(200).openapi({ param: { name, in: 'path' }, example });
const TransactionIdParam = z.object({ transactionId: param('transactionId', 'Transaction:019542f5-b3e7-1d02-0000-000000000009') });
const QuoteIdParam = z.object({ quoteId: param('quoteId', 'Quote:019542f5-b3e7-1d02-0000-00000000000a') });
const ActionIdParam = z.object({ actionId: param('actionId', 'AgentAction:019542f5-b3e7-1d02-0000-000000000099') });
const ExternalAccountIdParam = z.object({ externalAccountId: param('externalAccountId', 'ExternalAccount:e85dcbd6-dced-4ec4-b756-3c3a9ea3d965') });
const IdempotencyHeader = z.object({
  // Header names are matched case-insensitively; the lowercase key is what validation sees.
  'idempotency-key': z.string().min(1).max(255).optional().openapi({ description: 'The same key with the same request answers the first result again; with another request, 409' }),
});
const POLICY_403 = 'A missing permission, a paused agent or an account outside allowedAccountIds is 403 FORBIDDEN; a spending limit the action would pass is 403 VELOCITY_LIMIT_EXCEEDED (details.limit names it).';

export const getMeRoute = createRoute({
  method: 'get',
  path: '/agents/me',
  operationId: 'getAgentMe',
  tags,
  security,
  summary: 'The calling agent',
  description: 'Its policy and usage; answered while paused too.',
  responses: { 200: jsonResponse(Agent, 'The agent') },
});

export const listMyTransactionsRoute = createRoute({
  method: 'get',
  path: '/agents/me/transactions',
  operationId: 'agentListTransactions',
  tags,
  security,
  summary: "The customer's transactions",
  description: 'Needs VIEW_TRANSACTIONS. The filters of GET /transactions, always limited to the agent’s customer.',
  request: { query: AgentTransactionListQuery },
  responses: { 200: jsonResponse(TransactionList, 'A page of transactions') },
});

export const getMyTransactionRoute = createRoute({
  method: 'get',
  path: '/agents/me/transactions/{transactionId}',
  operationId: 'agentGetTransaction',
  tags,
  security,
  summary: "One of the customer's transactions",
  description: 'Needs VIEW_TRANSACTIONS. Another customer’s transaction is 404 TRANSACTION_NOT_FOUND.',
  request: { params: TransactionIdParam },
  responses: { 200: jsonResponse(AnyTransaction, 'The transaction') },
});

export const createMyQuoteRoute = createRoute({
  method: 'post',
  path: '/agents/me/quotes',
  operationId: 'agentCreateQuote',
  tags,
  security,
  summary: 'Create a quote',
  description: `Needs CREATE_QUOTES (and EXECUTE_QUOTES with immediatelyExecute, which then submits the execution as an action). Accounts must be the customer's: another one is the same field error as an unknown id. ${POLICY_403}`,
  request: { headers: IdempotencyHeader, body: jsonBody(QuoteRequest) },
  responses: { 201: jsonResponse(Quote, 'The quote, the agent’s') },
});

export const getMyQuoteRoute = createRoute({
  method: 'get',
  path: '/agents/me/quotes/{quoteId}',
  operationId: 'agentGetQuote',
  tags,
  security,
  summary: 'One of the agent’s quotes',
  description: 'A quote this agent did not create is 404 QUOTE_NOT_FOUND.',
  request: { params: QuoteIdParam },
  responses: { 200: jsonResponse(Quote, 'The quote') },
});

export const executeMyQuoteRoute = createRoute({
  method: 'post',
  path: '/agents/me/quotes/{quoteId}/execute',
  operationId: 'agentExecuteQuote',
  tags,
  security,
  summary: 'Execute one of the agent’s quotes',
  description: `Needs EXECUTE_QUOTES. Within policy in AUTO mode the action is APPROVED with its transaction started; otherwise PENDING_APPROVAL with its transaction PENDING (money reserved) and AGENT_ACTION.PENDING_APPROVAL announced. ${POLICY_403} From an embedded wallet: the stamp of the quote's payloadToSign with no Request-Id (at once), or the signed retry (202 first).`,
  request: { params: QuoteIdParam, headers: IdempotencyHeader.extend(SignedRequestHeaders.shape) },
  responses: {
    200: jsonResponse(AgentAction, 'The action'),
    202: jsonResponse(SignedRetryChallenge, 'The source is an embedded wallet: stamp payloadToSign and repeat with Service-Wallet-Signature and Request-Id'),
  },
});

export const listMyActionsRoute = createRoute({
  method: 'get',
  path: '/agents/me/actions',
  operationId: 'agentListActions',
  tags,
  security,
  summary: 'The agent’s actions',
  description: 'Newest first; poll for the platform’s decisions.',
  request: { query: AgentActionsQuery },
  responses: { 200: jsonResponse(AgentActionList, 'A page of actions') },
});

export const getMyActionRoute = createRoute({
  method: 'get',
  path: '/agents/me/actions/{actionId}',
  operationId: 'agentGetAction',
  tags,
  security,
  summary: 'One of the agent’s actions',
  request: { params: ActionIdParam },
  responses: { 200: jsonResponse(AgentAction, 'The action') },
});

export const myTransferInRoute = createRoute({
  method: 'post',
  path: '/agents/me/transfer-in',
  operationId: 'agentCreateTransferIn',
  tags,
  security,
  summary: 'Pull from the customer’s external account',
  description: `Needs CREATE_TRANSFERS. Both accounts must be the customer's (another is 404 REFERENCE_NOT_FOUND). The external account's suffix decides the outcome, as for POST /transfer-in. ${POLICY_403}`,
  request: { headers: IdempotencyHeader, body: jsonBody(TransferInRequest) },
  responses: { 201: jsonResponse(AgentAction, 'The action') },
});

export const myTransferOutRoute = createRoute({
  method: 'post',
  path: '/agents/me/transfer-out',
  operationId: 'agentCreateTransferOut',
  tags,
  security,
  summary: 'Pay the customer’s external account',
  description: `Needs CREATE_TRANSFERS. Both accounts must be the customer's (another is 404 REFERENCE_NOT_FOUND). The external account's suffix decides the outcome, as for POST /transfer-out. ${POLICY_403} From an embedded wallet: the signed retry (202 first).`,
  request: { headers: IdempotencyHeader.extend(SignedRequestHeaders.shape), body: jsonBody(TransferOutRequest) },
  responses: {
    201: jsonResponse(AgentAction, 'The action'),
    202: jsonResponse(SignedRetryChallenge, 'The source is an embedded wallet: stamp payloadToSign and repeat with Service-Wallet-Signature and Request-Id'),
  },
});

export const listMyInternalAccountsRoute = createRoute({
  method: 'get',
  path: '/agents/me/internal-accounts',
  operationId: 'agentListInternalAccounts',
  tags,
  security,
  summary: "The customer's internal accounts",
  description: 'Needs VIEW_TRANSACTIONS. Only those allowedAccountIds lets the agent use, when set.',
  request: { query: AgentInternalAccountListQuery },
  responses: { 200: jsonResponse(InternalAccountList, 'A page of internal accounts') },
});

export const listMyExternalAccountsRoute = createRoute({
  method: 'get',
  path: '/agents/me/external-accounts',
  operationId: 'agentListExternalAccounts',
  tags,
  security,
  summary: "The customer's external accounts",
  description: 'Needs MANAGE_EXTERNAL_ACCOUNTS.',
  request: { query: AgentExternalAccountListQuery },
  responses: { 200: jsonResponse(ExternalAccountList, 'A page of external accounts') },
});

export const createMyExternalAccountRoute = createRoute({
  method: 'post',
  path: '/agents/me/external-accounts',
  operationId: 'agentCreateExternalAccount',
  tags,
  security,
  summary: 'Add an external account for the customer',
  description: 'Needs MANAGE_EXTERNAL_ACCOUNTS. customerId may be omitted; another customer’s id is the same field error as an unknown one. The suffix rules of POST /customers/external-accounts apply.',
  request: { body: jsonBody(CustomerExternalAccountCreate) },
  responses: { 201: jsonResponse(ExternalAccount, 'The external account') },
});

export const getMyExternalAccountRoute = createRoute({
  method: 'get',
  path: '/agents/me/external-accounts/{externalAccountId}',
  operationId: 'agentGetExternalAccount',
  tags,
  security,
  summary: "One of the customer's external accounts",
  description: 'Needs MANAGE_EXTERNAL_ACCOUNTS. Another customer’s account is 404.',
  request: { params: ExternalAccountIdParam },
  responses: { 200: jsonResponse(ExternalAccount, 'The external account') },
});

export const deleteMyExternalAccountRoute = createRoute({
  method: 'delete',
  path: '/agents/me/external-accounts/{externalAccountId}',
  operationId: 'agentDeleteExternalAccount',
  tags,
  security,
  summary: "Delete one of the customer's external accounts",
  description: 'Needs MANAGE_EXTERNAL_ACCOUNTS. Another customer’s account is 404.',
  request: { params: ExternalAccountIdParam },
  responses: { 204: { description: 'Deleted' } },
});
