/**
 * What will happen to a payment, as decided by the rule tables: what
 * resolves now and what resolves later on the tenant clock.
 */
import type { AccountTransferOutcome, QuoteExecutionOutcome, RuleHits, UmaReceiverOutcome } from '../../rules/index.js';
import { LONG_PENDING_SECONDS, ruleFor } from '../../rules/index.js';

export interface Resolution {
  /** REJECTED: the platform refused an incoming payment (a failure in every other respect). */
  result: 'COMPLETED' | 'FAILED' | 'REJECTED';
  failureReason?: string;
  failureMessage?: string;
  /** For failures: the money never left (NONE), came back (REFUNDED) or is lost (REFUND_FAILED). */
  refund?: 'NONE' | 'REFUNDED' | 'REFUND_FAILED';
  refundReason?: 'TRANSACTION_FAILED' | 'USER_CANCELLATION';
}

export interface Plan {
  /** What happens at once; nothing when the payment stays in flight. */
  now?: Resolution;
  /** What happens after a delay of tenant clock time. */
  later?: { afterSeconds: number; resolution: Resolution };
}

const COMPLETED: Resolution = { result: 'COMPLETED' };

/** The rule's failure, as the transaction's failureReason (the reference's enum). */
const PAYOUT_REASONS: Record<NonNullable<QuoteExecutionOutcome['failureReason']>, string> = {
  QUOTE_EXECUTION_FAILED: 'QUOTE_EXECUTION_FAILED',
  COUNTERPARTY_DELIVERY_FAILED: 'ACCOUNT_CANNOT_RECEIVE',
  PAYOUT_RETURNED: 'PAYOUT_RETURNED',
  USER_CANCELLED: 'QUOTE_EXECUTION_FAILED',
  PAYOUT_AND_REFUND_FAILED: 'QUOTE_EXECUTION_FAILED',
};

/** Payouts of a quote to an external account, by the quote-execution table. */
export function planQuotePayout(outcome: QuoteExecutionOutcome, description: string): Plan {
  if (outcome.result === 'COMPLETED') return outcome.delaySeconds > 0 ? { later: { afterSeconds: outcome.delaySeconds, resolution: COMPLETED } } : { now: COMPLETED };
  const failure: Resolution = {
    result: 'FAILED',
    failureReason: PAYOUT_REASONS[outcome.failureReason!],
    failureMessage: description,
    refund: outcome.refund,
    refundReason: outcome.failureReason === 'USER_CANCELLED' ? 'USER_CANCELLATION' : 'TRANSACTION_FAILED',
  };
  if (outcome.result === 'COMPLETED_THEN_RETURNED') return { now: COMPLETED, later: { afterSeconds: outcome.delaySeconds, resolution: failure } };
  return { now: failure };
}

const OUTGOING_REASONS: Record<NonNullable<AccountTransferOutcome['failureReason']>, string> = {
  INSUFFICIENT_FUNDS: 'ACCOUNT_CANNOT_RECEIVE',
  ACCOUNT_CLOSED_OR_INVALID: 'ACCOUNT_INVALID',
  BANK_REJECTED: 'ACCOUNT_CANNOT_RECEIVE',
};

/** Same-currency payouts and pulls, by the transfer table on the external account. */
export function planTransfer(outcome: AccountTransferOutcome, description: string, direction: 'OUTGOING' | 'INCOMING'): Plan {
  if (outcome.result === 'SUCCESS') return { now: COMPLETED };
  const failure: Resolution = {
    result: 'FAILED',
    failureReason: direction === 'INCOMING' ? 'COLLECTION_FAILED' : OUTGOING_REASONS[outcome.failureReason!],
    failureMessage: description,
    refund: 'NONE',
  };
  return outcome.delaySeconds > 0 ? { later: { afterSeconds: outcome.delaySeconds, resolution: failure } } : { now: failure };
}

/** Payments to and from the sandbox UMA receivers. */
export function planUma(outcome: UmaReceiverOutcome, description: string): Plan {
  switch (outcome.result) {
    case 'LONG_PENDING':
      return { later: { afterSeconds: LONG_PENDING_SECONDS, resolution: COMPLETED } };
    case 'COMPLIANCE_FAILURE':
      return { now: { result: 'FAILED', failureReason: 'COMPLIANCE_REJECTED', failureMessage: description, refund: 'NONE' } };
    default:
      return { now: COMPLETED };
  }
}

export const IMMEDIATE: Plan = { now: COMPLETED };

/**
 * An incoming UMA payment once it may proceed, by the sender's address (a
 * sandbox sender's row, else it completes). One that lands in an external
 * account (the customer's default UMA deposit account) is then paid out as
 * the quote-execution table says for that account's identifier
 * (`payoutIdentifier`).
 */
export function planIncomingUma(senderUmaAddress: string, seen: RuleHits, payoutIdentifier?: string): Plan {
  const sender = ruleFor('umaReceiver', senderUmaAddress, seen);
  const received = sender.outcome.result === 'UNKNOWN_RECEIVER' ? IMMEDIATE : planUma(sender.outcome, sender.description);
  if (payoutIdentifier === undefined || received.now?.result === 'FAILED') return received;
  return planIncomingPayout(ruleFor('quoteExecution', payoutIdentifier, seen));
}

/**
 * The payout of money that arrived for an external account. It had arrived,
 * so a payout that fails sends it back to the sender (REFUND_PENDING, then
 * REFUND_COMPLETED), whatever the row says of a sender's own money; a row
 * whose refund fails ends REFUND_FAILED. Its failure is the reference's
 * incoming OFFRAMP_FAILED.
 */
function planIncomingPayout(rule: { outcome: QuoteExecutionOutcome; description: string }): Plan {
  const payout = planQuotePayout(rule.outcome, rule.description);
  const asIncoming = (resolution: Resolution): Resolution =>
    resolution.result === 'COMPLETED' ? resolution : { ...resolution, failureReason: 'OFFRAMP_FAILED', refund: resolution.refund === 'REFUND_FAILED' ? 'REFUND_FAILED' : 'REFUNDED', refundReason: 'TRANSACTION_FAILED' };
  return {
    ...(payout.now ? { now: asIncoming(payout.now) } : {}),
    ...(payout.later ? { later: { afterSeconds: payout.later.afterSeconds, resolution: asIncoming(payout.later.resolution) } } : {}),
  };
}
