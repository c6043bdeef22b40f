/**
 * The platform's approval of incoming UMA payments. The INCOMING_PAYMENT.PENDING
 * webhook is an approval request: the endpoint's reply decides (200 approves,
 * 403 rejects, 202 means "we will decide": approve or reject within the
 * approval window of tenant clock time, else the payment fails
 * PAYMENT_APPROVAL_TIMED_OUT; anything else fails
 * PAYMENT_APPROVAL_WEBHOOK_ERROR). A tenant without an endpoint is approved at
 * once, unless a sandbox sender asks for the 202 path (rule table
 * incomingApproval). While it waits, the money is a pending credit.
 */
import { apiError } from '../../core/errors.js';
import { isoAt, parseInstant } from '../../core/clock.js';
import { PAYMENT_APPROVAL_WINDOW_SECONDS, outcomeFor, type RuleHits } from '../../rules/index.js';
import type { DueJob } from '../../store/jobs.js';
import type { Tenant } from '../../store/tenant.js';
import { planIncomingUma, type Plan } from '../payments/plans.js';
import { identifierOf } from '../external-accounts/account-types.js';
import { applyPlan, resolvePayment } from '../payments/settlement.service.js';
import type { PaymentApproval, Transaction } from '../transactions/transactions.schemas.js';
import { amendTransaction, requireTransaction } from '../transactions/transactions.service.js';
import { APPROVAL_TIMEOUT_JOB } from '../job-kinds.js';

export { APPROVAL_TIMEOUT_JOB };

export type ApprovalMode = 'WEBHOOK' | 'DECISION';

/** Whether an incoming payment waits for approval, and how; undefined when it proceeds (or fails) at once. */
export function approvalModeFor(senderUmaAddress: string, webhookEndpoint: boolean, plan: Plan, seen: RuleHits): ApprovalMode | undefined {
  // A payment the sandbox fails at once (compliance) never reaches the platform for approval.
  if (plan.now?.result === 'FAILED') return undefined;
  if (outcomeFor('incomingApproval', senderUmaAddress, seen).approval === 'AWAIT_DECISION') return 'DECISION';
  return webhookEndpoint ? 'WEBHOOK' : undefined;
}

function setApproval(tenant: Tenant, id: string, approval: PaymentApproval): Transaction {
  return amendTransaction(tenant, id, (t) => {
    t.approval = approval;
  });
}

/** Starts waiting for a decision: the approval window runs from now. */
function awaitDecision(tenant: Tenant, id: string, extra: Partial<PaymentApproval> = {}): Transaction {
  const decideBy = isoAt(tenant.clock.nowMs() + PAYMENT_APPROVAL_WINDOW_SECONDS * 1000);
  tenant.scheduler.schedule(APPROVAL_TIMEOUT_JOB, PAYMENT_APPROVAL_WINDOW_SECONDS * 1000, { transactionId: id });
  return setApproval(tenant, id, { ...extra, status: 'AWAITING_DECISION', decideBy });
}

/** Holds a just-received payment (PENDING, money in flight) until it is approved. */
export function holdForApproval(tenant: Tenant, id: string, mode: ApprovalMode): Transaction {
  return mode === 'DECISION' ? awaitDecision(tenant, id) : setApproval(tenant, id, { status: 'AWAITING_WEBHOOK' });
}

function awaiting(transaction: Transaction): boolean {
  return transaction.type === 'INCOMING' && transaction.status === 'PENDING' && (transaction.approval?.status === 'AWAITING_WEBHOOK' || transaction.approval?.status === 'AWAITING_DECISION');
}

/** A decision window that has closed on the tenant clock fails the payment now (the due job may not have run yet). */
function closeIfLapsed(tenant: Tenant, transaction: Transaction): Transaction {
  const approval = transaction.approval;
  if (!awaiting(transaction) || approval?.status !== 'AWAITING_DECISION' || (parseInstant(approval.decideBy ?? '') ?? Infinity) > tenant.clock.nowMs()) return transaction;
  return decide(tenant, transaction, { ...approval, status: 'TIMED_OUT' }, { result: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT', failureMessage: 'The platform did not approve or reject the payment in time' });
}

/** What an approved payment does now: as its sender says, then paid out when it landed in an external account. */
function approvedPlan(tenant: Tenant, transaction: Transaction): Plan {
  const destination = 'accountId' in transaction.destination ? tenant.externalAccounts.get(transaction.destination.accountId) : undefined;
  return planIncomingUma(transaction.source.sourceType === 'UMA_ADDRESS' ? transaction.source.umaAddress : '', tenant.coverage, destination ? identifierOf(destination) : undefined);
}

function decide(tenant: Tenant, transaction: Transaction, approval: PaymentApproval, outcome: { result: 'FAILED' | 'REJECTED'; failureReason?: string; failureMessage: string } | 'APPROVED'): Transaction {
  setApproval(tenant, transaction.id, { ...approval, decidedAt: tenant.clock.nowIso() });
  if (outcome === 'APPROVED') return applyPlan(tenant, transaction.id, approvedPlan(tenant, transaction));
  resolvePayment(tenant, transaction.id, { ...outcome, refund: 'NONE' });
  return requireTransaction(tenant, transaction.id);
}

/** The platform's endpoint answered the INCOMING_PAYMENT.PENDING webhook (first answer only). */
export function onApprovalReply(tenant: Tenant, transactionId: string, reply: { status?: number | undefined; error?: string | undefined }): void {
  const transaction = tenant.transactions.get(transactionId);
  if (!transaction || transaction.type !== 'INCOMING' || !awaiting(transaction) || transaction.approval?.status !== 'AWAITING_WEBHOOK') return;
  const status = reply.status;
  const answered = status !== undefined ? { webhookReplyStatus: status } : {};
  if (status === 202) {
    awaitDecision(tenant, transactionId, answered);
    return;
  }
  if (status !== undefined && status >= 200 && status < 300) {
    decide(tenant, transaction, { ...answered, status: 'APPROVED' }, 'APPROVED');
    return;
  }
  if (status === 403) {
    decide(tenant, transaction, { ...answered, status: 'REJECTED' }, { result: 'REJECTED', failureMessage: 'The platform rejected the payment (its webhook endpoint answered 403)' });
    return;
  }
  const why = status !== undefined ? `answered ${status}` : `did not answer (${reply.error ?? 'no reply'})`;
  decide(tenant, transaction, { ...answered, status: 'WEBHOOK_ERROR' }, { result: 'FAILED', failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR', failureMessage: `The webhook endpoint ${why} to the approval request` });
}

/** The pending incoming payment `id`, still waiting for the platform: 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL otherwise. */
function requireAwaiting(tenant: Tenant, id: string): Transaction {
  const transaction = closeIfLapsed(tenant, requireTransaction(tenant, id));
  if (!awaiting(transaction)) {
    const where = transaction.approval ? `its approval is ${transaction.approval.status}` : 'it never waited for approval';
    throw apiError('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL', `Transaction ${id} is ${transaction.type} ${transaction.status} and ${where}`, {
      status: transaction.status,
      ...(transaction.approval ? { approval: transaction.approval.status } : {}),
    });
  }
  return transaction;
}

/** POST /transactions/{id}/approve on a pending incoming payment. */
export function approveIncoming(tenant: Tenant, id: string, receiverCustomerInfo: Record<string, unknown> | undefined): Transaction {
  const transaction = requireAwaiting(tenant, id);
  if (receiverCustomerInfo !== undefined) {
    amendTransaction(tenant, id, (t) => {
      t.receiverCustomerInfo = structuredClone(receiverCustomerInfo);
    });
  }
  return decide(tenant, transaction, { ...transaction.approval!, status: 'APPROVED' }, 'APPROVED');
}

/** POST /transactions/{id}/reject on a pending incoming payment: REJECTED, the money never arrives. */
export function rejectIncoming(tenant: Tenant, id: string, reason: string | undefined): Transaction {
  const transaction = requireAwaiting(tenant, id);
  return decide(tenant, transaction, { ...transaction.approval!, status: 'REJECTED', ...(reason !== undefined ? { rejectionReason: reason } : {}) }, {
    result: 'REJECTED',
    failureMessage: reason !== undefined ? `Rejected by the platform: ${reason}` : 'Rejected by the platform',
  });
}

/** Due job: the approval window closed. */
export function approvalTimeout(tenant: Tenant, job: DueJob): void {
  const transaction = tenant.transactions.get(String(job.payload.transactionId));
  if (transaction && transaction.type !== 'CARD') closeIfLapsed(tenant, transaction);
}
