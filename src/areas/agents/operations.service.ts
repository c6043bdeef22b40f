/**
 * What an agent does with its access token (/agents/me/*): everything on
 * behalf of its customer only. Another customer's resource answers exactly
 * as one that does not exist; each operation needs the permission the
 * public description names; money movement goes through the policy as an
 * action (./actions.service.ts) and carries the agent's id.
 */
import { apiError, invalidInput, notFound } from '../../core/errors.js';
import { decodeCursor, toListResult, type JsonParts, type ListResult } from '../../core/pagination.js';
import type { Tenant } from '../../store/tenant.js';
import { checkFunds, checkPayoutLimits, requireUsableExternal } from '../payments/parties.js';
import { holdPayment } from '../payments/settlement.service.js';
import { requireTermsAccepted } from '../customers/end-user-terms.js';
import { checkQuoteExecution, createQuote, holdQuotePayment, presentQuote, refuseImmediateFromWallet, requireExecutable, walletPayloadOf } from '../quotes/quotes.service.js';
import type { Quote, QuoteRecord, QuoteRequest } from '../quotes/quotes.schemas.js';
import { sameCurrency, transferPaymentOf } from '../transfers/transfers.service.js';
import type { TransferInRequest, TransferOutRequest } from '../transfers/transfers.schemas.js';
import { getTransaction, listTransactions } from '../transactions/transactions.service.js';
import type { AnyTransaction } from '../transactions/transactions.schemas.js';
import { presentInternalAccount } from '../internal-accounts/internal-accounts.service.js';
import type { InternalAccount, InternalAccountRecord, InternalAccountType } from '../internal-accounts/internal-accounts.schemas.js';
import { createExternalAccount, deleteExternalAccount, getExternalAccount, listExternalAccounts, requireExternalAccount, type ExternalAccountInput } from '../external-accounts/external-accounts.service.js';
import type { ExternalAccount } from '../external-accounts/external-accounts.schemas.js';
import type { OperationResult } from '../wallet-auth/processing.js';
import type { WalletActionRequest } from '../wallet-auth/signed-requests.js';
import { runPresignedOrSigned } from '../wallet-auth/presigned.js';
import { actingAgent, presentAgent } from './agent-records.js';
import { listOwnActions, presentAction, requireOwnAction, submitAction, type ActionDraft } from './actions.service.js';
import type { Agent, AgentAction, AgentActionsQuery, AgentRecord, AgentTransactionListQuery } from './agents.schemas.js';

export function me(tenant: Tenant, agentId: string): Agent {
  return presentAgent(tenant, actingAgent(tenant, agentId, { whilePaused: true }));
}

// ---------------------------------------------------------------- Idempotency-Key

/**
 * The resource an earlier request with this key made. The key with another
 * request is refused: 409 CONFLICT where the operation has a 409 (execute),
 * else the field error of a bad header (the public description gives quote
 * creation and transfers no 409).
 */
function remembered(tenant: Tenant, agent: AgentRecord, operation: 'quote' | 'execute' | 'transfer-in' | 'transfer-out', key: string | undefined, fingerprint: string): string | undefined {
  if (key === undefined) return undefined;
  const seen = tenant.agentRequests.get(`${agent.id}|${operation}|${key}`);
  if (!seen) return undefined;
  if (seen.fingerprint !== fingerprint) {
    const why = `Idempotency-Key ${key} was already used for another request`;
    if (operation === 'execute') throw apiError('CONFLICT', why, { resourceId: seen.resourceId });
    throw invalidInput([{ field: 'Idempotency-Key', message: `${why}; use a new key for a new request` }], why);
  }
  return seen.resourceId;
}

function remember(tenant: Tenant, agent: AgentRecord, operation: string, key: string | undefined, fingerprint: string, resourceId: string): void {
  if (key === undefined) return;
  tenant.agentRequests.insert({ id: `${agent.id}|${operation}|${key}`, agentId: agent.id, fingerprint, resourceId, createdAt: tenant.clock.nowIso() });
  tenant.changed();
}

// ---------------------------------------------------------------- the customer's accounts

/** An account of the agent's customer; any other (or none) is the same 404 as an unknown id. */
function ownAccount(tenant: Tenant, agent: AgentRecord, accountId: string, field: string): { kind: 'INTERNAL'; account: InternalAccountRecord } | { kind: 'EXTERNAL'; account: ExternalAccount } {
  const internal = tenant.internalAccounts.get(accountId);
  if (internal && internal.customerId === agent.customerId) {
    if (internal.status !== 'ACTIVE') throw invalidInput([{ field, message: `InternalAccount ${accountId} is ${internal.status}; only an ACTIVE account can move money` }]);
    return { kind: 'INTERNAL', account: internal };
  }
  const external = tenant.externalAccounts.get(accountId);
  if (external && external.customerId === agent.customerId) return { kind: 'EXTERNAL', account: requireUsableExternal(external, field) };
  throw apiError('REFERENCE_NOT_FOUND', `No internal or external account ${accountId}`, { field, id: accountId });
}

/** The internal accounts a quote touches, for the policy: the one money leaves first. */
function internalAccountsOf(tenant: Tenant, quote: QuoteRecord): InternalAccountRecord[] {
  const ids = [quote.source.sourceType === 'ACCOUNT' ? quote.source.accountId : undefined, quote.destination.destinationType === 'ACCOUNT' ? quote.destination.accountId : undefined];
  return ids.map((id) => (id !== undefined ? tenant.internalAccounts.get(id) : undefined)).filter((a): a is InternalAccountRecord => a !== undefined);
}

// ---------------------------------------------------------------- transactions

export function listAgentTransactions(tenant: Tenant, agentId: string, query: AgentTransactionListQuery): ListResult<AnyTransaction> {
  const agent = actingAgent(tenant, agentId, { permission: 'VIEW_TRANSACTIONS' });
  return listTransactions(tenant, { ...query, customerId: agent.customerId });
}

export function getAgentTransaction(tenant: Tenant, agentId: string, transactionId: string): AnyTransaction {
  const agent = actingAgent(tenant, agentId, { permission: 'VIEW_TRANSACTIONS' });
  const transaction = tenant.transactions.get(transactionId);
  if (!transaction || transaction.customerId !== agent.customerId) throw notFound('Transaction', transactionId);
  return getTransaction(tenant, transactionId);
}

// ---------------------------------------------------------------- quotes

/**
 * The quote's accounts must be the customer's: one that is not answers as
 * an unknown id does on POST /quotes (a field error; that operation has no
 * 404). Real-time funding is on behalf of the customer.
 */
function confineQuoteRequest(tenant: Tenant, agent: AgentRecord, request: QuoteRequest): QuoteRequest {
  const unknown = (field: string, id: string) => invalidInput([{ field, message: `No internal or external account ${id}` }]);
  const isOwn = (id: string) => tenant.internalAccounts.get(id)?.customerId === agent.customerId || tenant.externalAccounts.get(id)?.customerId === agent.customerId;
  const source = request.source;
  if (source.sourceType === 'ACCOUNT' && !isOwn(source.accountId)) throw unknown('source.accountId', source.accountId);
  if (source.customerId !== undefined && source.customerId !== agent.customerId) throw invalidInput([{ field: 'source.customerId', message: `Customer ${source.customerId} not found` }]);
  if (request.destination.destinationType === 'ACCOUNT' && !isOwn(request.destination.accountId)) throw unknown('destination.accountId', request.destination.accountId);
  refuseImmediateFromWallet(tenant, request);
  if (source.sourceType === 'REALTIME_FUNDING' && request.immediatelyExecute) {
    throw invalidInput([{ field: 'immediatelyExecute', message: 'A real-time funded quote runs when its paymentInstructions are paid, not on execution' }]);
  }
  return { ...request, source: source.sourceType === 'REALTIME_FUNDING' ? { ...source, customerId: agent.customerId } : source, immediatelyExecute: false };
}

function quoteDraft(tenant: Tenant, quote: QuoteRecord): ActionDraft {
  const accounts = internalAccountsOf(tenant, quote);
  const sourceInternal = quote.source.sourceType === 'ACCOUNT' ? tenant.internalAccounts.get(quote.source.accountId) : undefined;
  return {
    type: 'EXECUTE_QUOTE',
    quoteId: quote.id,
    subject: { internalAccounts: accounts, ruleAccount: sourceInternal ?? accounts[0], amount: quote.totalSendingAmount, currency: quote.sendingCurrency.code },
    hold: () => holdQuotePayment(tenant, quote),
  };
}

/** Submits the execution of the agent's quote, once it is known to be executable. */
function submitQuoteExecution(tenant: Tenant, agent: AgentRecord, quote: QuoteRecord): AgentAction {
  requireExecutable(tenant, quote);
  if (quote.source.sourceType === 'REALTIME_FUNDING') checkQuoteExecution(tenant, quote);
  return presentAction(tenant, submitAction(tenant, agent, quoteDraft(tenant, quote)));
}

/**
 * POST /agents/me/quotes (CREATE_QUOTES; with immediatelyExecute, also
 * EXECUTE_QUOTES): the quote is the agent's. Executed at once, it becomes
 * an action like any execution; a refused execution leaves no quote behind.
 */
export function createAgentQuote(tenant: Tenant, agentId: string, request: QuoteRequest, idempotencyKey: string | undefined): Quote {
  const agent = actingAgent(tenant, agentId, { permission: 'CREATE_QUOTES' });
  if (request.immediatelyExecute) actingAgent(tenant, agentId, { permission: 'EXECUTE_QUOTES' });
  const fingerprint = JSON.stringify(request);
  const earlier = remembered(tenant, agent, 'quote', idempotencyKey, fingerprint);
  if (earlier !== undefined) {
    const quote = tenant.quotes.get(earlier);
    if (quote) return presentQuote(tenant, quote);
  }
  const created = createQuote(tenant, confineQuoteRequest(tenant, agent, request));
  tenant.quotes.update(created.id, (q) => {
    q.agentId = agent.id;
  });
  tenant.changed();
  const quote = tenant.quotes.get(created.id)!;
  if (request.immediatelyExecute) {
    try {
      submitQuoteExecution(tenant, agent, quote);
    } catch (err) {
      tenant.quotes.remove(quote.id);
      tenant.changed();
      throw err;
    }
  }
  remember(tenant, agent, 'quote', idempotencyKey, fingerprint, quote.id);
  return presentQuote(tenant, tenant.quotes.get(quote.id)!);
}

function requireOwnQuote(tenant: Tenant, agent: AgentRecord, quoteId: string): QuoteRecord {
  const quote = tenant.quotes.get(quoteId);
  if (!quote || quote.agentId !== agent.id) throw notFound('Quote', quoteId);
  return quote;
}

/** GET /agents/me/quotes/{id}: only a quote this agent created. */
export function getAgentQuote(tenant: Tenant, agentId: string, quoteId: string): Quote {
  const agent = actingAgent(tenant, agentId);
  return presentQuote(tenant, requireOwnQuote(tenant, agent, quoteId));
}

/**
 * Runs a submission, behind a wallet signature when money leaves an embedded
 * wallet: a stamp of `payloadToSign` (a quote's own) or the signed retry.
 */
function submitSigned(
  tenant: Tenant,
  wallet: WalletActionRequest,
  operation: 'EXECUTE_QUOTE' | 'TRANSFER_OUT',
  source: InternalAccountRecord | undefined,
  payloadToSign: string | undefined,
  status: 200 | 201,
  run: () => AgentAction,
): Promise<OperationResult> {
  const perform = (): OperationResult => ({ status, body: run() });
  if (!source || source.type !== 'EMBEDDED_WALLET') return Promise.resolve(perform());
  return runPresignedOrSigned(tenant, wallet, payloadToSign, () => ({ operation, accountId: source.id, prepare: () => ({}), perform }));
}

/**
 * POST /agents/me/quotes/{id}/execute (EXECUTE_QUOTES): the agent's own
 * quote, as an action (200). The same Idempotency-Key answers the same
 * action again; from an embedded wallet the signed retry applies.
 */
export function executeAgentQuote(tenant: Tenant, agentId: string, quoteId: string, idempotencyKey: string | undefined, wallet: WalletActionRequest): Promise<OperationResult> {
  const agent = actingAgent(tenant, agentId, { permission: 'EXECUTE_QUOTES' });
  const quote = requireOwnQuote(tenant, agent, quoteId);
  const earlier = remembered(tenant, agent, 'execute', idempotencyKey, quoteId);
  if (earlier !== undefined && tenant.agentActions.has(earlier)) return Promise.resolve({ status: 200, body: presentAction(tenant, tenant.agentActions.get(earlier)!) });
  const source = quote.source.sourceType === 'ACCOUNT' ? tenant.internalAccounts.get(quote.source.accountId) : undefined;
  return submitSigned(tenant, wallet, 'EXECUTE_QUOTE', source, walletPayloadOf(quote), 200, () => {
    const action = submitQuoteExecution(tenant, actingAgent(tenant, agentId, { permission: 'EXECUTE_QUOTES' }), tenant.quotes.get(quoteId)!);
    remember(tenant, agent, 'execute', idempotencyKey, quoteId, action.id);
    return action;
  });
}

// ---------------------------------------------------------------- transfers

function transferDraft(tenant: Tenant, agent: AgentRecord, type: 'INCOMING' | 'OUTGOING', internal: InternalAccountRecord, external: ExternalAccount, amount: number, paymentRail?: string): ActionDraft {
  const currency = internal.currency;
  const [sourceAccountId, destinationAccountId] = type === 'OUTGOING' ? [internal.id, external.id] : [external.id, internal.id];
  return {
    type: type === 'OUTGOING' ? 'TRANSFER_OUT' : 'TRANSFER_IN',
    transferDetails: { amount, currency, sourceAccountId, destinationAccountId },
    paymentRail,
    subject: { internalAccounts: [internal], ruleAccount: internal, amount, currency },
    hold: () => {
      requireTermsAccepted(tenant, internal.customerId);
      if (type === 'OUTGOING') {
        checkPayoutLimits(tenant, { sendingCurrency: currency, receivingCurrency: currency, receivingAmount: amount }, { kind: 'EXTERNAL', account: external });
        checkFunds(tenant, internal, amount);
      }
      const payment = transferPaymentOf(type, internal, external, amount, tenant.coverage, { paymentRail, agentId: agent.id });
      return holdPayment(tenant, payment.init, payment.funding, payment.delivery);
    },
  };
}

/** POST /agents/me/transfer-in (CREATE_TRANSFERS): a pull from the customer's external account into its internal one. */
export function agentTransferIn(tenant: Tenant, agentId: string, request: TransferInRequest, idempotencyKey: string | undefined): AgentAction {
  const agent = actingAgent(tenant, agentId, { permission: 'CREATE_TRANSFERS' });
  const fingerprint = JSON.stringify(request);
  const earlier = remembered(tenant, agent, 'transfer-in', idempotencyKey, fingerprint);
  if (earlier !== undefined && tenant.agentActions.has(earlier)) return presentAction(tenant, tenant.agentActions.get(earlier)!);
  const source = ownAccount(tenant, agent, request.source.accountId, 'source.accountId');
  const destination = ownAccount(tenant, agent, request.destination.accountId, 'destination.accountId');
  if (source.kind !== 'EXTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-in pulls from an external account', { field: 'source.accountId' });
  if (destination.kind !== 'INTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-in credits an internal account', { field: 'destination.accountId' });
  sameCurrency(source.account.currency, destination.account.currency);
  const action = submitAction(tenant, agent, transferDraft(tenant, agent, 'INCOMING', destination.account, source.account, request.amount));
  remember(tenant, agent, 'transfer-in', idempotencyKey, fingerprint, action.id);
  return presentAction(tenant, action);
}

/** The customer's two ends of a transfer-out, checked; the earlier action when the Idempotency-Key was seen with this request. */
function prepareTransferOut(tenant: Tenant, agentId: string, request: TransferOutRequest, idempotencyKey: string | undefined): { earlier: AgentAction } | { source: InternalAccountRecord; submit: () => AgentAction } {
  const agent = actingAgent(tenant, agentId, { permission: 'CREATE_TRANSFERS' });
  const fingerprint = JSON.stringify(request);
  const earlier = remembered(tenant, agent, 'transfer-out', idempotencyKey, fingerprint);
  if (earlier !== undefined && tenant.agentActions.has(earlier)) return { earlier: presentAction(tenant, tenant.agentActions.get(earlier)!) };
  const source = ownAccount(tenant, agent, request.source.accountId, 'source.accountId');
  const destination = ownAccount(tenant, agent, request.destination.accountId, 'destination.accountId');
  if (source.kind !== 'INTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-out debits an internal account', { field: 'source.accountId' });
  if (destination.kind !== 'EXTERNAL') throw apiError('INVALID_REQUEST_FORMAT', 'transfer-out pays an external account', { field: 'destination.accountId' });
  sameCurrency(source.account.currency, destination.account.currency);
  const submit = (): AgentAction => {
    const current = actingAgent(tenant, agentId, { permission: 'CREATE_TRANSFERS' });
    const action = submitAction(tenant, current, transferDraft(tenant, current, 'OUTGOING', source.account, destination.account, request.amount, request.destination.paymentRail));
    remember(tenant, agent, 'transfer-out', idempotencyKey, fingerprint, action.id);
    return presentAction(tenant, action);
  };
  return { source: source.account, submit };
}

/** POST /agents/me/transfer-out (CREATE_TRANSFERS): from the customer's internal account to its external one. */
export function agentTransferOut(tenant: Tenant, agentId: string, request: TransferOutRequest, idempotencyKey: string | undefined, wallet: WalletActionRequest): Promise<OperationResult> {
  const prepared = prepareTransferOut(tenant, agentId, request, idempotencyKey);
  if ('earlier' in prepared) return Promise.resolve({ status: 201, body: prepared.earlier });
  return submitSigned(tenant, wallet, 'TRANSFER_OUT', prepared.source, undefined, 201, prepared.submit);
}

/** A transfer-out from an account that needs no wallet signature, at once (the agents scenario seeds one). */
export function agentTransferOutUnsigned(tenant: Tenant, agentId: string, request: TransferOutRequest): AgentAction {
  const prepared = prepareTransferOut(tenant, agentId, request, undefined);
  if ('earlier' in prepared) return prepared.earlier;
  if (prepared.source.type === 'EMBEDDED_WALLET') throw apiError('WALLET_SIGNATURE_MISSING', 'Money leaving an embedded wallet needs a signed request');
  return prepared.submit();
}

// ---------------------------------------------------------------- actions

export function listAgentActions(tenant: Tenant, agentId: string, query: AgentActionsQuery): ListResult<AgentAction> {
  actingAgent(tenant, agentId);
  return listOwnActions(tenant, agentId, query);
}

export function getAgentAction(tenant: Tenant, agentId: string, actionId: string): AgentAction {
  actingAgent(tenant, agentId);
  return presentAction(tenant, requireOwnAction(tenant, agentId, actionId));
}

// ---------------------------------------------------------------- accounts

const INTERNAL_LIST = 'agent-internal-accounts';

/** GET /agents/me/internal-accounts (VIEW_TRANSACTIONS): the customer's accounts the policy lets the agent use. */
export function listAgentInternalAccounts(tenant: Tenant, agentId: string, query: { currency?: string | undefined; type?: InternalAccountType | undefined; limit: number; cursor?: string | undefined }): ListResult<InternalAccount> {
  const agent = actingAgent(tenant, agentId, { permission: 'VIEW_TRANSACTIONS' });
  const allowed = agent.policy.accountRestrictions?.allowedAccountIds;
  const beforeSeq = decodeCursor(INTERNAL_LIST, query.cursor);
  const page = tenant.internalAccounts.page({
    index: 'customer',
    key: agent.customerId,
    limit: query.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
    where: (a: InternalAccountRecord) =>
      (query.currency === undefined || a.currency === query.currency) && (query.type === undefined || a.type === query.type) && (allowed === undefined || allowed === null || allowed.includes(a.id)),
  });
  return toListResult(INTERNAL_LIST, page, (a) => presentInternalAccount(tenant, a));
}

export function listAgentExternalAccounts(tenant: Tenant, agentId: string, query: { currency?: string | undefined; limit: number; cursor?: string | undefined }): JsonParts<ListResult<ExternalAccount>> {
  const agent = actingAgent(tenant, agentId, { permission: 'MANAGE_EXTERNAL_ACCOUNTS' });
  return listExternalAccounts(tenant, 'customer', { ...query, customerId: agent.customerId });
}

/** POST /agents/me/external-accounts: for the agent's customer; another customerId is the same field error as an unknown one. */
export function createAgentExternalAccount(tenant: Tenant, agentId: string, input: ExternalAccountInput): ExternalAccount {
  const agent = actingAgent(tenant, agentId, { permission: 'MANAGE_EXTERNAL_ACCOUNTS' });
  if (input.customerId !== undefined && input.customerId !== agent.customerId) throw invalidInput([{ field: 'customerId', message: `Customer ${input.customerId} not found` }]);
  return createExternalAccount(tenant, { ...input, customerId: agent.customerId });
}

function requireOwnExternalAccount(tenant: Tenant, agent: AgentRecord, id: string): void {
  const account = tenant.externalAccounts.get(id);
  if (!account || account.customerId !== agent.customerId) throw notFound('ExternalAccount', id);
  requireExternalAccount(tenant, id, 'customer');
}

export function getAgentExternalAccount(tenant: Tenant, agentId: string, id: string): ExternalAccount {
  const agent = actingAgent(tenant, agentId, { permission: 'MANAGE_EXTERNAL_ACCOUNTS' });
  requireOwnExternalAccount(tenant, agent, id);
  return getExternalAccount(tenant, id, 'customer');
}

export function deleteAgentExternalAccount(tenant: Tenant, agentId: string, id: string): void {
  const agent = actingAgent(tenant, agentId, { permission: 'MANAGE_EXTERNAL_ACCOUNTS' });
  requireOwnExternalAccount(tenant, agent, id);
  deleteExternalAccount(tenant, id, 'customer');
}
