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
