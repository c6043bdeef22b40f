/**
 * Transactions: the record of money moving. Every status change is stamped
 * in statusHistory and announced in the outbox as INCOMING_PAYMENT.* or
 * OUTGOING_PAYMENT.* with the whole transaction.
 */
import { notFound } from '../../core/errors.js';
import { amountOf } from '../../core/money.js';
import { parseInstant } from '../../core/clock.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import { emitEvent } from '../../events/outbox.js';
import type { Tenant } from '../../store/tenant.js';
import { presentCardTransaction } from '../cards/card-transaction.view.js';
import { IncomingPaymentWebhook, OutgoingPaymentWebhook, receiverAccountOf, senderAccountOf, type AnyTransaction, type StoredTransaction, type Transaction, type TransactionListQuery, type TransactionStatus } from './transactions.schemas.js';

const LIST = 'transactions';

/** Statuses the webhooks of each direction announce, as the webhook type's suffix (a platform's rejection is a FAILED incoming payment). */
const ANNOUNCED: Record<Transaction['type'], Partial<Record<TransactionStatus, TransactionStatus>>> = {
  OUTGOING: { PENDING: 'PENDING', PENDING_AUTHORIZATION: 'PENDING_AUTHORIZATION', PROCESSING: 'PROCESSING', COMPLETED: 'COMPLETED', FAILED: 'FAILED', EXPIRED: 'EXPIRED' },
  INCOMING: { PENDING: 'PENDING', COMPLETED: 'COMPLETED', FAILED: 'FAILED', REJECTED: 'FAILED' },
};

function announce(tenant: Tenant, transaction: Transaction, what: TransactionStatus | `REFUND_${'PENDING' | 'COMPLETED' | 'FAILED'}`): void {
  if (transaction.type === 'INCOMING') emitEvent(tenant, IncomingPaymentWebhook, `INCOMING_PAYMENT.${what}` as (typeof IncomingPaymentWebhook.types)[number], transaction);
  else emitEvent(tenant, OutgoingPaymentWebhook, `OUTGOING_PAYMENT.${what}` as (typeof OutgoingPaymentWebhook.types)[number], transaction);
}

function announceStatus(tenant: Tenant, transaction: Transaction): void {
  const what = ANNOUNCED[transaction.type][transaction.status];
  if (what !== undefined) announce(tenant, transaction, what);
}

export interface NewTransaction {
  id?: string;
  type: Transaction['type'];
  source: Transaction['source'];
  destination: Transaction['destination'];
  customerId?: string | undefined;
  sent: { amount: number; currency: string };
  received: { amount: number; currency: string };
  exchangeRate?: number;
  fees?: number;
  quoteId?: string;
  description?: string | undefined;
  paymentRail?: string | undefined;
  /** The agent whose action started it. */
  agentId?: string | undefined;
  /** Why a payment that opens already ended (e.g. EXPIRED) did not happen. */
  failureReason?: string | undefined;
  failureMessage?: string | undefined;
}

export function openTransaction(tenant: Tenant, init: NewTransaction, status: TransactionStatus): Transaction {
  const now = tenant.clock.nowIso();
  const platformCustomerId = init.customerId ? tenant.customers.get(init.customerId)?.platformCustomerId : undefined;
  const transaction: Transaction = {
    id: init.id ?? tenant.ids('Transaction'),
    type: init.type,
    direction: init.type === 'OUTGOING' ? 'DEBIT' : 'CREDIT',
    status,
    source: init.source,
    destination: init.destination,
    ...(init.customerId ? { customerId: init.customerId } : {}),
    ...(platformCustomerId ? { platformCustomerId } : {}),
    sentAmount: amountOf(init.sent.amount, init.sent.currency),
    receivedAmount: amountOf(init.received.amount, init.received.currency),
    ...(init.exchangeRate !== undefined ? { exchangeRate: init.exchangeRate } : {}),
    ...(init.fees !== undefined ? { fees: init.fees } : {}),
    ...(init.quoteId ? { quoteId: init.quoteId } : {}),
    ...(init.description ? { description: init.description } : {}),
    ...(init.agentId ? { agentId: init.agentId } : {}),
    ...(init.paymentRail ? { paymentRail: init.paymentRail } : {}),
    ...(init.failureReason ? { failureReason: init.failureReason } : {}),
    ...(init.failureMessage ? { failureMessage: init.failureMessage } : {}),
    // A payment that opens already COMPLETED (a sandbox funding) settled as it opened.
    ...(status === 'COMPLETED' ? { settledAt: now } : {}),
    createdAt: now,
    updatedAt: now,
    statusHistory: [{ status, at: now }],
  };
  tenant.transactions.insert(transaction);
  tenant.changed();
  announceStatus(tenant, transaction);
  return transaction;
}

/** A payment (not a card transaction): what the money-movement code works on. */
export function requireTransaction(tenant: Tenant, id: string): Transaction {
  const transaction = tenant.transactions.get(id);
  if (!transaction || transaction.type === 'CARD') throw notFound('Transaction', id);
  return transaction;
}

/** Changes a payment in the store. */
function updatePayment(tenant: Tenant, id: string, change: (t: Transaction) => void): Transaction {
  requireTransaction(tenant, id);
  return tenant.transactions.update(id, (t) => {
    if (t.type !== 'CARD') change(t);
  }) as Transaction;
}

/** Any transaction as the API shows it. */
export function presentTransaction(tenant: Tenant, transaction: StoredTransaction): AnyTransaction {
  return transaction.type === 'CARD' ? presentCardTransaction(tenant, transaction) : transaction;
}

/** GET /transactions/{id}: a payment or a card transaction. */
export function getTransaction(tenant: Tenant, id: string): AnyTransaction {
  const transaction = tenant.transactions.get(id);
  if (!transaction) throw notFound('Transaction', id);
  return presentTransaction(tenant, transaction);
}

export type TransactionChange = Partial<Pick<Transaction, 'failureReason' | 'failureMessage' | 'approval' | 'cancellation'>>;

/** Moves a transaction to `status`, stamping the time and announcing it. */
export function moveTransaction(tenant: Tenant, id: string, status: TransactionStatus, change: TransactionChange = {}): Transaction {
  const now = tenant.clock.nowIso();
  const transaction = updatePayment(tenant, id, (t) => {
    t.status = status;
    t.updatedAt = now;
    t.statusHistory.push({ status, at: now });
    if (status === 'COMPLETED') t.settledAt = now;
    Object.assign(t, change);
  });
  tenant.changed();
  announceStatus(tenant, transaction);
  return transaction;
}

/** Changes a payment's fields without moving its status (nothing is announced). */
export function amendTransaction(tenant: Tenant, id: string, change: (t: Transaction) => void): Transaction {
  const now = tenant.clock.nowIso();
  const transaction = updatePayment(tenant, id, (t) => {
    change(t);
    t.updatedAt = now;
  });
  tenant.changed();
  return transaction;
}

/** Records the fate of the refund of a failed transaction, announced as *_PAYMENT.REFUND_<STATUS>. */
export function recordRefund(tenant: Tenant, id: string, status: 'PENDING' | 'COMPLETED' | 'FAILED', reason: 'TRANSACTION_FAILED' | 'USER_CANCELLATION' | 'TIMEOUT'): Transaction {
  const now = tenant.clock.nowIso();
  const transaction = updatePayment(tenant, id, (t) => {
    t.refund = { reference: t.refund?.reference ?? `REFUND-${t.id.slice(t.id.indexOf(':') + 1, t.id.indexOf(':') + 9).toUpperCase()}`, initiatedAt: t.refund?.initiatedAt ?? now, status, reason };
    if (status !== 'PENDING') t.refund.settledAt = now;
    t.updatedAt = now;
  });
  tenant.changed();
  announce(tenant, transaction, `REFUND_${status}`);
  return transaction;
}

export function listTransactions(tenant: Tenant, query: TransactionListQuery): ListResult<AnyTransaction> {
  const start = query.startDate !== undefined ? parseInstant(query.startDate) : undefined;
  const end = query.endDate !== undefined ? parseInstant(query.endDate) : undefined;
  const conditions: Array<(t: StoredTransaction) => boolean> = [];
  if (query.customerId !== undefined) conditions.push((t) => t.customerId === query.customerId);
  if (query.platformCustomerId !== undefined) conditions.push((t) => t.platformCustomerId === query.platformCustomerId);
  if (query.accountIdentifier !== undefined) {
    const id = query.accountIdentifier;
    conditions.push((t) => senderAccountOf(t) === id || receiverAccountOf(t) === id);
  }
  if (query.senderAccountIdentifier !== undefined) conditions.push((t) => senderAccountOf(t) === query.senderAccountIdentifier);
  if (query.receiverAccountIdentifier !== undefined) conditions.push((t) => receiverAccountOf(t) === query.receiverAccountIdentifier);
  if (query.status !== undefined) conditions.push((t) => t.status === query.status);
  if (query.type !== undefined) conditions.push((t) => t.type === query.type);
  if (query.reference !== undefined) conditions.push((t) => (t.type !== 'CARD' && t.quoteId === query.reference) || t.id === query.reference);
  if (start !== undefined) conditions.push((t) => Date.parse(t.createdAt) >= start);
  if (end !== undefined) conditions.push((t) => Date.parse(t.createdAt) <= end);

  // Narrow with an index where one fits; the rest are conditions on its records.
  const index =
    query.customerId !== undefined
      ? { index: 'customer', key: query.customerId }
      : query.accountIdentifier !== undefined
        ? { index: 'account', key: query.accountIdentifier }
        : query.reference !== undefined && query.reference.startsWith('Quote:')
          ? { index: 'quote', key: query.reference }
          : {};
  const where = conditions.length > 0 ? (t: StoredTransaction) => conditions.every((f) => f(t)) : undefined;
  const present = (t: StoredTransaction) => presentTransaction(tenant, t);
  const list = query.sortOrder === 'asc' ? `${LIST}-asc` : LIST;
  const beforeSeq = decodeCursor(list, query.cursor);
  if (query.sortOrder === 'asc') {
    // Oldest first: page over the newest-first list of everything, reversed.
    const all = tenant.transactions.page({ ...index, limit: Number.MAX_SAFE_INTEGER, ...(where ? { where } : {}) }).items.reverse();
    const from = beforeSeq === undefined ? 0 : all.findIndex((t) => (tenant.transactions.seqOf(t.id) ?? -1) > beforeSeq);
    const items = from < 0 ? [] : all.slice(from, from + query.limit);
    const hasMore = from >= 0 && from + query.limit < all.length;
    const last = items[items.length - 1];
    return toListResult(list, { items, hasMore, lastSeq: last ? tenant.transactions.seqOf(last.id) : undefined, total: all.length }, present);
  }
  const page = tenant.transactions.page({ ...index, limit: query.limit, ...(beforeSeq !== undefined ? { beforeSeq } : {}), ...(where ? { where } : {}) });
  return toListResult(list, page, present);
}
