import { createRoute, z } from '@hono/zod-openapi';
import { jsonResponse } from '../../core/schemas.js';
import { TAGS } from '../../core/tags.js';
import {
  AnyTransaction,
  ApprovePaymentRequest,
  CancelTransactionRequest,
  ConfirmReceiptDeliveryRequest,
  RejectPaymentRequest,
  Transaction,
  TransactionIdParam,
  TransactionList,
  TransactionListQuery,
} from './transactions.schemas.js';

/** These bodies are optional: an absent body is an empty object. */
function optionalBody<T extends z.ZodType>(schema: T) {
  return { required: false, content: { 'application/json': { schema } } };
}

const tags = [TAGS.transactions];

export const listTransactionsRoute = createRoute({
  operationId: 'listTransactions',
  method: 'get',
  path: '/transactions',
  tags,
  summary: 'List transactions',
  description: 'Payments and card transactions (type CARD), newest first unless sortOrder=asc; filter by customer, account, status, type, quote (reference) and creation time.',
  request: { query: TransactionListQuery },
  responses: { 200: jsonResponse(TransactionList, 'A page of transactions') },
});

export const getTransactionRoute = createRoute({
  operationId: 'getTransactionById',
  method: 'get',
  path: '/transactions/{transactionId}',
  tags,
  summary: 'Get a transaction',
  request: { params: z.object({ transactionId: z.string().min(1).max(200).openapi({ param: { name: 'transactionId', in: 'path' }, example: 'Transaction:019542f5-b3e7-1d02-0000-000000000009' }) }) },
  responses: { 200: jsonResponse(AnyTransaction, 'The transaction: a payment, or a card transaction (type CARD)') },
});

export const confirmReceiptDeliveryRoute = createRoute({
  method: 'post',
  operationId: 'confirmReceiptDelivery',
  path: '/transactions/{transactionId}/confirm',
  tags,
  summary: 'Confirm receipt delivery',
  description: 'Records when the platform delivered the receipt to its customer (receiptDeliveryConfirmedAt, now when omitted); calling again moves it.',
  request: { params: TransactionIdParam, body: optionalBody(ConfirmReceiptDeliveryRequest) },
  responses: { 200: jsonResponse(AnyTransaction, 'The transaction') },
});

export const approvePaymentRoute = createRoute({
  method: 'post',
  operationId: 'approvePendingPayment',
  path: '/transactions/{transactionId}/approve',
  tags,
  summary: 'Approve a pending payment',
  description:
    'An incoming payment waiting for the platform (its webhook endpoint answered 202, or a $pending.approval@ sandbox sender) within 5 s of sandbox time: it proceeds and settles. Also approves pending transactions another flow owns (agent actions). 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL when nothing waits for approval, including after the window closed.',
  request: { params: TransactionIdParam, body: optionalBody(ApprovePaymentRequest) },
  responses: { 200: jsonResponse(Transaction, 'The transaction') },
});

export const rejectPaymentRoute = createRoute({
  method: 'post',
  operationId: 'rejectPendingPayment',
  path: '/transactions/{transactionId}/reject',
  tags,
  summary: 'Reject a pending payment',
  description: 'The payment becomes REJECTED (announced as INCOMING_PAYMENT.FAILED) and its money never arrives. 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL when nothing waits for approval.',
  request: { params: TransactionIdParam, body: optionalBody(RejectPaymentRequest) },
  responses: { 200: jsonResponse(Transaction, 'The transaction') },
});

export const cancelTransactionRoute = createRoute({
  method: 'post',
  operationId: 'cancelTransaction',
  path: '/transactions/{transactionId}/cancel',
  tags,
  summary: 'Cancel an unsettled ACH or wire transfer',
  description:
    'A transfer on the ACH or WIRE rail (the rail asked for, else the external account’s first) that is still PENDING or PROCESSING fails at once with cancellation set; held money is released, nothing is refunded because nothing left. 409 TRANSACTION_NOT_CANCELLABLE for anything settled or on another rail.',
  request: { params: TransactionIdParam, body: optionalBody(CancelTransactionRequest) },
  responses: { 200: jsonResponse(AnyTransaction, 'The transaction, FAILED with cancellation') },
});
