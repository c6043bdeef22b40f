import { createRoute, z } from '@hono/zod-openapi';
import { jsonResponse } from '../../core/schemas.js';
import { AnyTransaction, TransactionList, TransactionListQuery } from './transactions.schemas.js';
import { TAGS } from '../../core/tags.js';

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

const TransactionIdParam = z.object({ transactionId: z.string().min(1).max(200).openapi({ param: { name: 'transactionId', in: 'path' }, example: 'Transaction:019542f5-b3e7-1d02-0000-000000000009' }) });

export const ApprovePaymentRequest = z
  .object({ receiverCustomerInfo: z.record(z.string(), z.unknown()).optional().openapi({ description: 'Information about the receiving customer the sender asked for' }) })
  .openapi('ApprovePaymentRequest');
export const RejectPaymentRequest = z.object({ reason: z.string().trim().min(1).max(1000).optional() }).openapi('RejectPaymentRequest');

export const approveTransactionRoute = createRoute({
  method: 'post',
  path: '/transactions/{transactionId}/approve',
  operationId: 'approvePendingPayment',
  tags,
  summary: 'Approve a pending transaction',
  description:
    "A pending agent-initiated transaction (its agent action is PENDING_APPROVAL) runs, exactly as POST /agents/{agentId}/actions/{actionId}/approve; a quote that expired meanwhile makes it FAILED. Anything not waiting for the platform's approval, a decided one included, is 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.",
  request: { params: TransactionIdParam, body: { required: false, content: { 'application/json': { schema: ApprovePaymentRequest } } } },
  responses: { 200: jsonResponse(AnyTransaction, 'The transaction') },
});

export const rejectTransactionRoute = createRoute({
  method: 'post',
  path: '/transactions/{transactionId}/reject',
  operationId: 'rejectPendingPayment',
  tags,
  summary: 'Reject a pending transaction',
  description: "A pending agent-initiated transaction ends (FAILED when outgoing, REJECTED when incoming), its action REJECTED with the reason, and the reserved money is released. Anything not waiting for the platform's approval is 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.",
  request: { params: TransactionIdParam, body: { required: false, content: { 'application/json': { schema: RejectPaymentRequest } } } },
  responses: { 200: jsonResponse(AnyTransaction, 'The transaction') },
});
