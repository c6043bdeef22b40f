/**
 * What the platform does to a transaction: approve or reject a pending one
 * (another area's pending transactions first, through ownedDecisionHook;
 * then incoming payments awaiting the platform's approval), confirm receipt
 * delivery, and cancel an unsettled ACH or wire transfer.
 */
import { apiError, invalidInput, notFound } from '../../core/errors.js';
import { parseInstant } from '../../core/clock.js';
import type { Tenant } from '../../store/tenant.js';
import { accountTypeSpec } from '../external-accounts/account-types.js';
import { resolvePayment } from '../payments/settlement.service.js';
import { approveIncoming, rejectIncoming } from '../uma/incoming-approval.service.js';
import { ownedDecisionHook } from './decisions.js';
import type { AnyTransaction, Transaction } from './transactions.schemas.js';
import { amendTransaction, presentTransaction, requireTransaction } from './transactions.service.js';

/** Rails whose transfers the bank can still cancel before they settle. */
const CANCELLABLE_RAILS: ReadonlySet<string> = new Set(['ACH', 'SAME_DAY_ACH', 'WIRE']);

/** POST /transactions/{id}/approve. */
export function approveTransaction(tenant: Tenant, id: string, body: { receiverCustomerInfo?: Record<string, unknown> | undefined }): AnyTransaction {
  const owned = tenant.hooks.get(ownedDecisionHook)(tenant, id, 'APPROVE');
  if (owned) return presentTransaction(tenant, owned);
  return approveIncoming(tenant, id, body.receiverCustomerInfo);
}

/** POST /transactions/{id}/reject. */
export function rejectTransaction(tenant: Tenant, id: string, body: { reason?: string | undefined }): AnyTransaction {
  const owned = tenant.hooks.get(ownedDecisionHook)(tenant, id, 'REJECT', body.reason);
  if (owned) return presentTransaction(tenant, owned);
  return rejectIncoming(tenant, id, body.reason);
}

/** POST /transactions/{id}/confirm: records (or moves) when the receipt reached the customer; now when not said. */
export function confirmReceiptDelivery(tenant: Tenant, id: string, body: { receiptDeliveryConfirmedAt?: string | undefined }): AnyTransaction {
  const stored = tenant.transactions.get(id);
  if (!stored) throw notFound('Transaction', id);
  // The reference answers a transaction it cannot confirm with 400 (no 409 here).
  if (stored.type === 'CARD') throw invalidInput([{ field: 'transactionId', message: 'Card transactions have no receipt to confirm' }], 'Card transactions have no receipt to confirm');
  const at = body.receiptDeliveryConfirmedAt !== undefined ? parseInstant(body.receiptDeliveryConfirmedAt)! : tenant.clock.nowMs();
  if (at > tenant.clock.nowMs()) {
    throw invalidInput([{ field: 'receiptDeliveryConfirmedAt', message: `Must not be later than now (${tenant.clock.nowIso()} on the sandbox clock)` }]);
  }
  return amendTransaction(tenant, id, (t) => {
    t.receiptDeliveryConfirmedAt = new Date(at).toISOString();
  });
}

/** The rail a bank transfer travels: the one asked for, else the external account's first. */
function railOf(tenant: Tenant, transaction: Transaction): string | undefined {
  if (transaction.paymentRail !== undefined) return transaction.paymentRail;
  const sides = [transaction.source, transaction.destination].map((side) => ('accountId' in side ? side.accountId : undefined));
  for (const accountId of sides) {
    const external = accountId === undefined ? undefined : tenant.externalAccounts.get(accountId);
    if (external) return accountTypeSpec(external.accountInfo.accountType)?.rails[0];
  }
  return undefined;
}

/** POST /transactions/{id}/cancel: an ACH or wire transfer that has not settled; the held money stays where it was. */
export function cancelTransaction(tenant: Tenant, id: string, body: { reason?: string | undefined }): AnyTransaction {
  const stored = tenant.transactions.get(id);
  if (!stored) throw notFound('Transaction', id);
  if (stored.type === 'CARD') throw apiError('TRANSACTION_NOT_CANCELLABLE', 'Card transactions cannot be cancelled', { type: stored.type });
  const rail = railOf(tenant, stored);
  if (rail === undefined || !CANCELLABLE_RAILS.has(rail)) {
    throw apiError('TRANSACTION_NOT_CANCELLABLE', `Only ACH and wire transfers can be cancelled; this one travels ${rail ?? 'no bank rail'}`, { paymentRail: rail ?? null });
  }
  if (stored.status !== 'PENDING' && stored.status !== 'PROCESSING') {
    throw apiError('TRANSACTION_NOT_CANCELLABLE', `Transaction ${id} is ${stored.status}; only a transfer that has not settled can be cancelled`, { status: stored.status });
  }
  amendTransaction(tenant, id, (t) => {
    t.cancellation = { cancelledAt: tenant.clock.nowIso(), ...(body.reason !== undefined ? { reason: body.reason } : {}) };
  });
  resolvePayment(tenant, id, { result: 'FAILED', failureMessage: body.reason !== undefined ? `Cancelled by the platform: ${body.reason}` : 'Cancelled by the platform', refund: 'NONE' });
  return requireTransaction(tenant, id);
}
