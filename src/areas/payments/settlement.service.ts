/**
 * Settlement: moves money through the ledger as a payment's plan unfolds.
 *
 * - Money leaving an internal account is first held (a PENDING debit); it is
 *   posted when the payment goes out, or voided when it never leaves.
 * - Money on its way to an internal account is a PENDING credit until the
 *   payment completes.
 * - A payment that fails after the money left is refunded with a REFUND
 *   credit, unless the refund fails too.
 * The ledger entries of a payment carry its transaction id as reference, so
 * the ledger alone says where its money is.
 */
import type { Tenant } from '../../store/tenant.js';
import type { DueJob } from '../../store/jobs.js';
import { postEntry, settleEntry } from '../internal-accounts/ledger.js';
import type { Transaction } from '../transactions/transactions.schemas.js';
import { moveTransaction, openTransaction, recordRefund, requireTransaction, type NewTransaction } from '../transactions/transactions.service.js';
import type { Plan, Resolution } from './plans.js';
import { RESOLVE_JOB } from '../job-kinds.js';

export { RESOLVE_JOB };

/** Where the money of a payment comes from. */
export type Funding = { kind: 'INTERNAL'; accountId: string } | { kind: 'OUTSIDE' };
/** Where it goes: an internal account credited on completion, or out of the sandbox. */
export type Delivery = { kind: 'INTERNAL'; accountId: string } | { kind: 'OUTSIDE' };

function entriesOf(tenant: Tenant, transactionId: string) {
  return tenant.ledgerEntries.byIndex('reference', transactionId);
}

function internalAccountOf(side: Transaction['source']): string | undefined {
  const accountId = 'accountId' in side ? side.accountId : undefined;
  return accountId?.startsWith('InternalAccount:') ? accountId : undefined;
}

/**
 * Opens the transaction (or resumes the one that waited in
 * PENDING_AUTHORIZATION), reserves its money, and applies what its plan
 * says happens now.
 */
export function startPayment(tenant: Tenant, init: NewTransaction, funding: Funding, delivery: Delivery, plan: Plan): Transaction {
  return proceedPayment(tenant, holdPayment(tenant, init, funding, delivery).id, plan);
}

/**
 * Opens the transaction PENDING (or resumes the one that waited in
 * PENDING_AUTHORIZATION) with its money reserved (the hold on the source,
 * the pending credit of an internal destination), without starting it: a
 * payment waiting for someone's approval. proceedPayment starts it,
 * withdrawPayment releases it.
 */
export function holdPayment(tenant: Tenant, init: NewTransaction, funding: Funding, delivery: Delivery): Transaction {
  const waiting = init.id !== undefined ? tenant.transactions.get(init.id) : undefined;
  const transaction = waiting && waiting.type !== 'CARD' && waiting.status === 'PENDING_AUTHORIZATION' ? moveTransaction(tenant, waiting.id, 'PENDING') : openTransaction(tenant, init, 'PENDING');
  if (funding.kind === 'INTERNAL') {
    postEntry(tenant, { accountId: funding.accountId, amount: -init.sent.amount, currency: init.sent.currency, kind: 'PAYMENT', status: 'PENDING', reference: transaction.id });
  }
  if (delivery.kind === 'INTERNAL') {
    // Money on its way to an internal account: visible in its totalBalance only until it settles.
    postEntry(tenant, { accountId: delivery.accountId, amount: init.received.amount, currency: init.received.currency, kind: 'INCOMING', status: 'PENDING', reference: transaction.id });
  }
  return transaction;
}

/** Starts a held payment: it goes out (PROCESSING) and its plan unfolds. */
export function proceedPayment(tenant: Tenant, transactionId: string, plan: Plan): Transaction {
  const transaction = requireTransaction(tenant, transactionId);
  if (transaction.type === 'OUTGOING') moveTransaction(tenant, transaction.id, 'PROCESSING');
  return applyPlan(tenant, transaction.id, plan);
}

/** Applies what a plan says happens now, and schedules what happens later (also for a payment held until now, e.g. for approval). */
export function applyPlan(tenant: Tenant, transactionId: string, plan: Plan): Transaction {
  if (plan.now) resolvePayment(tenant, transactionId, plan.now);
  if (plan.later) tenant.scheduler.schedule(RESOLVE_JOB, plan.later.afterSeconds * 1000, { transactionId, resolution: plan.later.resolution });
  return requireTransaction(tenant, transactionId);
}

/**
 * Ends a held payment that never started: its reservations are voided. An
 * incoming one becomes REJECTED; an outgoing one FAILED, the only end the
 * public description's outgoing transactions have for a payment that did
 * not happen (announced as OUTGOING_PAYMENT.FAILED).
 */
export function withdrawPayment(tenant: Tenant, transactionId: string, reason?: string): Transaction {
  for (const entry of entriesOf(tenant, transactionId)) if (entry.status === 'PENDING') settleEntry(tenant, entry.id, 'VOIDED');
  const status = requireTransaction(tenant, transactionId).type === 'OUTGOING' ? 'FAILED' : 'REJECTED';
  return moveTransaction(tenant, transactionId, status, reason !== undefined ? { failureMessage: reason } : {});
}

function complete(tenant: Tenant, transaction: Transaction): void {
  for (const entry of entriesOf(tenant, transaction.id)) if (entry.status === 'PENDING') settleEntry(tenant, entry.id, 'POSTED');
  moveTransaction(tenant, transaction.id, 'COMPLETED');
}

function fail(tenant: Tenant, transaction: Transaction, resolution: Resolution): void {
  const refund = resolution.refund ?? 'NONE';
  const left = transaction.status === 'COMPLETED' || refund !== 'NONE';
  for (const entry of entriesOf(tenant, transaction.id)) {
    if (entry.status !== 'PENDING') continue;
    // A hold becomes a debit when the money went out; anything else in flight never happened.
    settleEntry(tenant, entry.id, left && entry.amount < 0 ? 'POSTED' : 'VOIDED');
  }
  moveTransaction(tenant, transaction.id, resolution.result === 'REJECTED' ? 'REJECTED' : 'FAILED', {
    ...(resolution.failureReason ? { failureReason: resolution.failureReason } : {}),
    ...(resolution.failureMessage ? { failureMessage: resolution.failureMessage } : {}),
  });
  if (refund === 'NONE') return;
  const reason = resolution.refundReason ?? 'TRANSACTION_FAILED';
  recordRefund(tenant, transaction.id, 'PENDING', reason);
  if (refund === 'REFUND_FAILED') {
    recordRefund(tenant, transaction.id, 'FAILED', reason);
    return;
  }
  const source = internalAccountOf(transaction.source);
  if (source) postEntry(tenant, { accountId: source, amount: transaction.sentAmount.amount, currency: transaction.sentAmount.currency.code, kind: 'REFUND', reference: transaction.id });
  recordRefund(tenant, transaction.id, 'COMPLETED', reason);
}

/** Applies a resolution; settled transactions are left alone, except that a completed payout can still be returned. */
export function resolvePayment(tenant: Tenant, transactionId: string, resolution: Resolution): void {
  const transaction = requireTransaction(tenant, transactionId);
  if (transaction.status === 'FAILED' || transaction.status === 'REJECTED') return;
  if (resolution.result === 'COMPLETED') {
    if (transaction.status !== 'COMPLETED') complete(tenant, transaction);
    return;
  }
  fail(tenant, transaction, resolution);
}

/** Due job: the delayed part of a payment's plan. */
export function resolveJob(tenant: Tenant, job: DueJob): void {
  resolvePayment(tenant, String(job.payload.transactionId), job.payload.resolution as Resolution);
}
