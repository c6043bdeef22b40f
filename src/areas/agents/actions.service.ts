/**
 * Agent actions: every money movement an agent asks for (executing a quote,
 * a transfer in or out) is an action. Within policy in AUTO mode it runs at
 * once (APPROVED, its transaction started). When it needs approval it is
 * PENDING_APPROVAL, its transaction PENDING with the money reserved, and
 * AGENT_ACTION.PENDING_APPROVAL is announced; the platform then approves or
 * rejects it, through the action or through its transaction, once.
 */
import { ApiError, apiError, notFound } from '../../core/errors.js';
import { parseInstant } from '../../core/clock.js';
import { decodeCursor, encodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { emitEvent } from '../../events/outbox.js';
import type { Tenant } from '../../store/tenant.js';
import type { Collection } from '../../store/collection.js';
import { proceedPayment, resolvePayment, withdrawPayment } from '../payments/settlement.service.js';
import { isQuoteExpired, presentQuote, releaseQuotePayment } from '../quotes/quotes.service.js';
import { transferPaymentOf } from '../transfers/transfers.service.js';
import type { TransactionDecision } from '../transactions/decisions.js';
import type { StoredTransaction, Transaction } from '../transactions/transactions.schemas.js';
import { presentTransaction, requireTransaction } from '../transactions/transactions.service.js';
import { requireAgent } from './agent-records.js';
import { AgentActionWebhook, type AgentAction, type AgentActionRecord, type AgentActionsQuery, type AgentApprovalsQuery, type AgentRecord, type AgentTransferDetails } from './agents.schemas.js';
import { applyPolicy, countUsage, type PolicySubject } from './policy.js';

/** An action an agent asks for, before the policy has seen it. */
export interface ActionDraft {
  type: AgentActionRecord['type'];
  quoteId?: string;
  transferDetails?: AgentTransferDetails;
  paymentRail?: string | undefined;
  subject: PolicySubject;
  /** Checks the action can run (funds, corridor limits) and opens its transaction PENDING, its money reserved. */
  hold(): Transaction;
}

export function presentAction(tenant: Tenant, action: AgentActionRecord): AgentAction {
  const quote = action.quoteId !== undefined ? tenant.quotes.get(action.quoteId) : undefined;
  const transaction = action.transactionId !== undefined ? tenant.transactions.get(action.transactionId) : undefined;
  return {
    id: action.id,
    agentId: action.agentId,
    customerId: action.customerId,
    platformCustomerId: action.platformCustomerId,
    status: action.status,
    type: action.type,
    ...(quote ? { quote: presentQuote(tenant, quote) } : {}),
    ...(action.transferDetails ? { transferDetails: { ...action.transferDetails } } : {}),
    ...(transaction ? { transaction: presentTransaction(tenant, transaction) } : {}),
    ...(action.rejectionReason !== undefined ? { rejectionReason: action.rejectionReason } : {}),
    createdAt: action.createdAt,
    updatedAt: action.updatedAt,
  };
}

function amountOfAction(tenant: Tenant, action: AgentActionRecord): { amount: number; currency: string } {
  if (action.transferDetails) return { amount: action.transferDetails.amount, currency: action.transferDetails.currency };
  const quote = tenant.quotes.get(action.quoteId!)!;
  return { amount: quote.totalSendingAmount, currency: quote.sendingCurrency.code };
}

function countAgainst(tenant: Tenant, agentId: string, amount: { amount: number; currency: string }): void {
  const agent = tenant.agents.get(agentId);
  if (!agent) return;
  const usage = countUsage(tenant, agent, amount.amount, amount.currency);
  tenant.agents.update(agent.id, (a) => {
    a.usage = usage;
  });
}

/** Starts an action's held payment, by what the action says now. */
function release(tenant: Tenant, action: AgentActionRecord): void {
  if (action.type === 'EXECUTE_QUOTE') {
    releaseQuotePayment(tenant, tenant.quotes.get(action.quoteId!)!);
    return;
  }
  const details = action.transferDetails!;
  const [internalId, externalId] = action.type === 'TRANSFER_OUT' ? [details.sourceAccountId, details.destinationAccountId] : [details.destinationAccountId, details.sourceAccountId];
  const internal = tenant.internalAccounts.get(internalId);
  const external = tenant.externalAccounts.get(externalId);
  if (!internal) throw notFound('InternalAccount', internalId);
  if (!external) throw notFound('ExternalAccount', externalId);
  const payment = transferPaymentOf(action.type === 'TRANSFER_OUT' ? 'OUTGOING' : 'INCOMING', internal, external, details.amount, tenant.coverage, { paymentRail: action.paymentRail, agentId: action.agentId });
  proceedPayment(tenant, action.transactionId!, payment.plan);
}

/**
 * Submits an action: the policy decides (403 when it forbids it), the
 * money is reserved, then it runs now (AUTO) or waits for the platform.
 */
export function submitAction(tenant: Tenant, agent: AgentRecord, draft: ActionDraft): AgentActionRecord {
  const verdict = applyPolicy(tenant, agent, draft.subject);
  const transaction = draft.hold();
  const now = tenant.clock.nowIso();
  const customer = tenant.customers.get(agent.customerId);
  const action: AgentActionRecord = {
    id: tenant.ids('AgentAction'),
    agentId: agent.id,
    customerId: agent.customerId,
    platformCustomerId: customer?.platformCustomerId ?? '',
    status: verdict.mode === 'AUTO' ? 'APPROVED' : 'PENDING_APPROVAL',
    type: draft.type,
    ...(draft.quoteId !== undefined ? { quoteId: draft.quoteId } : {}),
    ...(draft.transferDetails ? { transferDetails: { ...draft.transferDetails } } : {}),
    ...(draft.paymentRail !== undefined ? { paymentRail: draft.paymentRail } : {}),
    transactionId: transaction.id,
    ...(verdict.mode === 'AUTO' ? { decidedAt: now } : {}),
    createdAt: now,
    updatedAt: now,
  };
  tenant.agentActions.insert(action);
  tenant.changed();
  if (verdict.mode === 'AUTO') {
    release(tenant, action);
    countAgainst(tenant, agent.id, { amount: draft.subject.amount, currency: draft.subject.currency });
  } else {
    emitEvent(tenant, AgentActionWebhook, 'AGENT_ACTION.PENDING_APPROVAL', presentAction(tenant, action));
  }
  return tenant.agentActions.get(action.id)!;
}

function setStatus(tenant: Tenant, id: string, status: AgentActionRecord['status'], rejectionReason?: string): AgentActionRecord {
  const now = tenant.clock.nowIso();
  const action = tenant.agentActions.update(id, (a) => {
    a.status = status;
    a.decidedAt = now;
    a.updatedAt = now;
    if (rejectionReason !== undefined) a.rejectionReason = rejectionReason;
  });
  tenant.changed();
  return action;
}

/**
 * The platform's decision on a PENDING_APPROVAL action (409
 * TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL once decided). Approval runs
 * it: a quote that expired meanwhile, or an end that is gone, makes it
 * FAILED with its reservation released; otherwise APPROVED, counted in the
 * agent's usage. Rejection releases the reservation: REJECTED (the payment
 * ends FAILED when outgoing, REJECTED when incoming).
 */
export function decideAction(tenant: Tenant, action: AgentActionRecord, decision: TransactionDecision, reason?: string): AgentActionRecord {
  if (action.status !== 'PENDING_APPROVAL') {
    throw apiError('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Agent action ${action.id} was already decided: it is ${action.status}`, {
      actionId: action.id,
      status: action.status,
      ...(action.transactionId ? { transactionId: action.transactionId } : {}),
    });
  }
  const transactionId = action.transactionId!;
  if (decision === 'REJECT') {
    withdrawPayment(tenant, transactionId, reason !== undefined ? `Rejected by the platform: ${reason}` : 'Rejected by the platform');
    return setStatus(tenant, action.id, 'REJECTED', reason);
  }
  const quote = action.quoteId !== undefined ? tenant.quotes.get(action.quoteId) : undefined;
  if (quote && isQuoteExpired(tenant, quote)) {
    resolvePayment(tenant, transactionId, { result: 'FAILED', failureReason: 'QUOTE_EXPIRED', failureMessage: `Quote ${quote.id} expired at ${quote.expiresAt}, before the approval`, refund: 'NONE' });
    return setStatus(tenant, action.id, 'FAILED');
  }
  try {
    release(tenant, action);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const failureReason = requireTransaction(tenant, transactionId).type === 'INCOMING' ? 'COLLECTION_FAILED' : 'QUOTE_EXECUTION_FAILED';
    resolvePayment(tenant, transactionId, { result: 'FAILED', failureReason, failureMessage: `Could not run the approved action: ${err.message}`, refund: 'NONE' });
    return setStatus(tenant, action.id, 'FAILED');
  }
  countAgainst(tenant, action.agentId, amountOfAction(tenant, action));
  return setStatus(tenant, action.id, 'APPROVED');
}

/** The agent's own action; another agent's is 404. */
export function requireOwnAction(tenant: Tenant, agentId: string, actionId: string): AgentActionRecord {
  const action = tenant.agentActions.get(actionId);
  if (!action || action.agentId !== agentId) throw notFound('AgentAction', actionId);
  return action;
}

/** POST /agents/{agentId}/actions/{actionId}/approve|reject. */
export function decideAgentAction(tenant: Tenant, agentId: string, actionId: string, decision: TransactionDecision, reason?: string): AgentAction {
  requireAgent(tenant, agentId);
  const action = requireOwnAction(tenant, agentId, actionId);
  return presentAction(tenant, decideAction(tenant, action, decision, reason));
}

/** ownedDecisionHook: POST /transactions/{id}/approve|reject on an agent action's transaction decides the action. */
export function decideOwnedTransaction(tenant: Tenant, transactionId: string, decision: TransactionDecision, reason?: string): StoredTransaction | undefined {
  const action = tenant.agentActions.findOne('transaction', transactionId);
  if (!action) return undefined;
  decideAction(tenant, action, decision, reason);
  return requireTransaction(tenant, transactionId);
}

/** Ends the actions still awaiting approval of an agent being deleted: its access ends, and what it asked for with it. */
export function withdrawPendingActions(tenant: Tenant, agentId: string): void {
  for (const action of tenant.agentActions.byIndex('agent', agentId)) {
    if (action.status === 'PENDING_APPROVAL') decideAction(tenant, action, 'REJECT', 'The agent was deleted');
  }
}

interface PageRequest<T> {
  list: string;
  index: { index: string; key: string };
  where?: ((record: T) => boolean) | undefined;
  sortOrder: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

/** A page in either order; each order has cursors of its own. */
function pageOf<T extends { id: string }, V>(collection: Collection<T>, request: PageRequest<T>, present: (record: T) => V): ListResult<V> {
  if (request.sortOrder === 'desc') {
    const beforeSeq = decodeCursor(request.list, request.cursor);
    const page = collection.page({ ...request.index, limit: request.limit, ...(beforeSeq !== undefined ? { beforeSeq } : {}), ...(request.where ? { where: request.where } : {}) });
    return toListResult(request.list, page, present);
  }
  const list = `${request.list}-asc`;
  const afterSeq = decodeCursor(list, request.cursor);
  const matching = collection.page({ ...request.index, limit: Number.MAX_SAFE_INTEGER, ...(request.where ? { where: request.where } : {}) }).items.reverse();
  const seqOf = (r: T) => collection.seqOf(r.id) ?? -1;
  const rest = afterSeq === undefined ? matching : matching.filter((r) => seqOf(r) > afterSeq);
  const items = rest.slice(0, request.limit);
  const hasMore = rest.length > request.limit;
  return { data: items.map(present), hasMore, totalCount: matching.length, ...(hasMore ? { nextCursor: encodeCursor(list, seqOf(items[items.length - 1]!)) } : {}) };
}

/** GET /agents/approvals: the actions awaiting the platform. */
export function listApprovals(tenant: Tenant, query: AgentApprovalsQuery): ListResult<AgentAction> {
  const start = query.startDate !== undefined ? parseInstant(query.startDate) : undefined;
  const end = query.endDate !== undefined ? parseInstant(query.endDate) : undefined;
  const conditions: Array<(a: AgentActionRecord) => boolean> = [];
  if (query.agentId !== undefined) conditions.push((a) => a.agentId === query.agentId);
  if (query.customerId !== undefined) conditions.push((a) => a.customerId === query.customerId);
  if (start !== undefined) conditions.push((a) => Date.parse(a.createdAt) >= start);
  if (end !== undefined) conditions.push((a) => Date.parse(a.createdAt) <= end);
  return pageOf(
    tenant.agentActions,
    {
      list: 'agent-approvals',
      index: { index: 'pending', key: 'all' },
      where: conditions.length > 0 ? (a) => conditions.every((f) => f(a)) : undefined,
      sortOrder: query.sortOrder,
      limit: query.limit,
      cursor: query.cursor,
    },
    (a) => presentAction(tenant, a),
  );
}

/** GET /agents/me/actions: the agent's own actions, newest first. */
export function listOwnActions(tenant: Tenant, agentId: string, query: AgentActionsQuery): ListResult<AgentAction> {
  return pageOf(
    tenant.agentActions,
    {
      list: 'agent-actions',
      index: { index: 'agent', key: agentId },
      where: query.status !== undefined ? (a) => a.status === query.status : undefined,
      sortOrder: 'desc',
      limit: query.limit,
      cursor: query.cursor,
    },
    (a) => presentAction(tenant, a),
  );
}
