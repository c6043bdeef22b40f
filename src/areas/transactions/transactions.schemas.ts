import { z } from '@hono/zod-openapi';
import { CurrencyAmount, ListQuery, Timestamp, listResponse } from '../../core/schemas.js';
import { CardTransaction, CardTransactionStatus, type CardTransactionRecord } from '../cards/cards.schemas.js';
import { defineWebhook } from '../../events/events.schemas.js';

export const TransactionStatus = z
  .enum(['CREATED', 'PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'EXPIRED'])
  .openapi('TransactionStatus');

export const TransactionSource = z
  .discriminatedUnion('sourceType', [
    z.object({ sourceType: z.literal('ACCOUNT'), accountId: z.string(), currency: z.string() }),
    z.object({ sourceType: z.literal('UMA_ADDRESS'), umaAddress: z.string(), currency: z.string() }),
    z.object({ sourceType: z.literal('REALTIME_FUNDING'), currency: z.string(), customerId: z.string().optional() }),
  ])
  .openapi('TransactionSource');

export const TransactionDestination = z
  .discriminatedUnion('destinationType', [
    z.object({ destinationType: z.literal('ACCOUNT'), accountId: z.string(), currency: z.string() }),
    z.object({ destinationType: z.literal('UMA_ADDRESS'), umaAddress: z.string(), currency: z.string() }),
  ])
  .openapi('TransactionDestination');

export const Refund = z
  .object({
    reference: z.string(),
    initiatedAt: Timestamp,
    settledAt: Timestamp.optional(),
    status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
    reason: z.enum(['TRANSACTION_FAILED', 'USER_CANCELLATION', 'TIMEOUT']).optional(),
  })
  .openapi('TransactionRefund');

/** Sandbox: where an incoming payment stands with the platform's approval (UMA rails). */
export const PaymentApproval = z
  .object({
    status: z.enum(['AWAITING_WEBHOOK', 'AWAITING_DECISION', 'APPROVED', 'REJECTED', 'TIMED_OUT', 'WEBHOOK_ERROR']).openapi({
      description:
        "AWAITING_WEBHOOK: the INCOMING_PAYMENT.PENDING webhook's reply decides; AWAITING_DECISION: approve or reject before decideBy; then the outcome",
    }),
    decideBy: Timestamp.optional().openapi({ description: 'While AWAITING_DECISION: the payment fails PAYMENT_APPROVAL_TIMED_OUT at this time of the sandbox clock' }),
    decidedAt: Timestamp.optional(),
    webhookReplyStatus: z.number().int().optional().openapi({ description: "The HTTP status the endpoint answered the approval webhook with" }),
    rejectionReason: z.string().optional(),
  })
  .openapi('PaymentApproval');

export const Transaction = z
  .object({
    id: z.string().openapi({ example: 'Transaction:019542f5-b3e7-1d02-0000-000000000009' }),
    type: z.enum(['INCOMING', 'OUTGOING']),
    direction: z.enum(['CREDIT', 'DEBIT']),
    status: TransactionStatus,
    source: TransactionSource,
    destination: TransactionDestination,
    customerId: z.string().optional(),
    platformCustomerId: z.string().optional(),
    sentAmount: CurrencyAmount,
    receivedAmount: CurrencyAmount,
    exchangeRate: z.number().optional().openapi({ description: 'Sending currency units per receiving currency unit' }),
    fees: z.number().int().min(0).optional().openapi({ description: 'In minor units of the sending currency, included in sentAmount' }),
    quoteId: z.string().optional(),
    description: z.string().optional(),
    agentId: z.string().optional().openapi({ description: 'The agent that initiated the transaction; absent when the platform did' }),
    paymentRail: z.string().optional(),
    failureReason: z.string().optional(),
    failureMessage: z.string().optional().openapi({ description: 'Sandbox: why the sandbox failed it, in words' }),
    refund: Refund.optional(),
    approval: PaymentApproval.optional(),
    receiverCustomerInfo: z.record(z.string(), z.unknown()).optional().openapi({ description: 'What the platform sent when approving an incoming payment' }),
    receiptDeliveryConfirmedAt: Timestamp.optional().openapi({ description: 'When the platform delivered the receipt to its customer (POST /transactions/{id}/confirm)' }),
    cancellation: z
      .object({ cancelledAt: Timestamp, reason: z.string().optional() })
      .optional()
      .openapi({ description: 'Sandbox: set when the platform cancelled the transfer (POST /transactions/{id}/cancel)' }),
    settledAt: Timestamp.optional(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    statusHistory: z.array(z.object({ status: TransactionStatus, at: Timestamp })).openapi({ description: 'Sandbox: every status the transaction went through, with when' }),
  })
  .openapi('Transaction');

export const TransactionListQuery = ListQuery.extend({
  customerId: z.string().min(1).max(200).optional(),
  platformCustomerId: z.string().min(1).max(255).optional(),
  accountIdentifier: z.string().min(1).max(200).optional().openapi({ description: 'An account id on either side' }),
  senderAccountIdentifier: z.string().min(1).max(200).optional(),
  receiverAccountIdentifier: z.string().min(1).max(200).optional(),
  status: z.enum([...TransactionStatus.options, ...CardTransactionStatus.options.filter((s) => s !== 'REFUNDED')]).optional(),
  type: z.enum(['INCOMING', 'OUTGOING', 'CARD']).optional(),
  reference: z.string().min(1).max(200).optional().openapi({ description: 'A quote id' }),
  startDate: Timestamp.optional(),
  endDate: Timestamp.optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});

/** A payment (INCOMING, OUTGOING) or a card transaction (CARD): what GET /transactions lists. */
export const AnyTransaction = z.union([Transaction, CardTransaction]).openapi('TransactionOneOf');

export const TransactionList = listResponse(AnyTransaction, 'TransactionListResponse');

export type Transaction = z.infer<typeof Transaction>;
export type PaymentApproval = z.infer<typeof PaymentApproval>;
export type TransactionStatus = z.infer<typeof TransactionStatus>;
export type TransactionSource = z.infer<typeof TransactionSource>;
export type TransactionDestination = z.infer<typeof TransactionDestination>;
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;
export type AnyTransaction = z.infer<typeof AnyTransaction>;

/** What the transactions collection holds: payments, and card transactions as stored. */
export type StoredTransaction = Transaction | CardTransactionRecord;

/** The internal account money leaves, if any. */
export function senderAccountOf(t: StoredTransaction): string | undefined {
  if (t.type === 'CARD') return t.direction === 'DEBIT' ? t.accountId : undefined;
  return t.source.sourceType === 'ACCOUNT' ? t.source.accountId : undefined;
}

/** The internal account money arrives in, if any. */
export function receiverAccountOf(t: StoredTransaction): string | undefined {
  if (t.type === 'CARD') return t.direction === 'CREDIT' ? t.accountId : undefined;
  return t.destination.destinationType === 'ACCOUNT' ? t.destination.accountId : undefined;
}

/** INCOMING_PAYMENT.*: money arriving in an internal account changed status. */
export const IncomingPaymentWebhook = defineWebhook({
  key: 'incoming-payment',
  operationId: 'incomingPaymentWebhook',
  name: 'IncomingPaymentWebhook',
  summary: 'An incoming payment changed status',
  description: 'Sent as an incoming payment (a UMA receipt, a pull, a real-time-funded quote into an internal account) goes PENDING, COMPLETED or FAILED, and for its refund. `data` is the transaction.',
  types: ['INCOMING_PAYMENT.PENDING', 'INCOMING_PAYMENT.COMPLETED', 'INCOMING_PAYMENT.FAILED', 'INCOMING_PAYMENT.REFUND_PENDING', 'INCOMING_PAYMENT.REFUND_COMPLETED', 'INCOMING_PAYMENT.REFUND_FAILED'],
  data: Transaction,
});

/** OUTGOING_PAYMENT.*: money leaving the platform changed status. */
export const OutgoingPaymentWebhook = defineWebhook({
  key: 'outgoing-payment',
  operationId: 'outgoingPaymentWebhook',
  name: 'OutgoingPaymentWebhook',
  summary: 'An outgoing payment changed status',
  description: 'Sent at every status of an outgoing payment, and for the refund of one that failed after leaving. `data` is the transaction.',
  types: [
    'OUTGOING_PAYMENT.PENDING',
    'OUTGOING_PAYMENT.PENDING_AUTHORIZATION',
    'OUTGOING_PAYMENT.PROCESSING',
    'OUTGOING_PAYMENT.COMPLETED',
    'OUTGOING_PAYMENT.FAILED',
    'OUTGOING_PAYMENT.EXPIRED',
    'OUTGOING_PAYMENT.REFUND_PENDING',
    'OUTGOING_PAYMENT.REFUND_COMPLETED',
    'OUTGOING_PAYMENT.REFUND_FAILED',
  ],
  data: Transaction,
});

export const TransactionIdParam = z.object({
  transactionId: z.string().min(1).max(200).openapi({ param: { name: 'transactionId', in: 'path' }, example: 'Transaction:019542f5-b3e7-1d02-0000-000000000009' }),
});

export const ConfirmReceiptDeliveryRequest = z
  .object({ receiptDeliveryConfirmedAt: Timestamp.optional().openapi({ description: 'When the receipt reached the customer; now (sandbox clock) when omitted; never later than now' }) })
  .openapi('ConfirmReceiptDeliveryRequest');

export const ApprovePaymentRequest = z
  .object({
    receiverCustomerInfo: z
      .record(z.string().max(100), z.unknown())
      .refine((info) => Object.keys(info).length <= 50, { message: 'At most 50 fields' })
      .optional()
      .openapi({ description: 'What the webhook asked for in requestedReceiverCustomerInfoFields; stored on the transaction' }),
  })
  .openapi('ApprovePaymentRequest');

export const RejectPaymentRequest = z.object({ reason: z.string().min(1).max(1000).optional() }).openapi('RejectPaymentRequest');

export const CancelTransactionRequest = z.object({ reason: z.string().min(1).max(1000).optional() }).openapi('CancelTransactionRequest');
