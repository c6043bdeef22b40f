import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './transactions.routes.js';
import { approveTransaction, cancelTransaction, confirmReceiptDelivery, rejectTransaction } from './actions.service.js';
import { getTransaction, listTransactions } from './transactions.service.js';
import type { Transaction } from './transactions.schemas.js';

export const list: RouteHandler<typeof routes.listTransactionsRoute, AppEnv> = (c) => c.json(listTransactions(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getTransactionRoute, AppEnv> = (c) => c.json(getTransaction(c.get('tenant'), c.req.valid('param').transactionId), 200);

export const confirm: RouteHandler<typeof routes.confirmReceiptDeliveryRoute, AppEnv> = (c) =>
  c.json(confirmReceiptDelivery(c.get('tenant'), c.req.valid('param').transactionId, c.req.valid('json') ?? {}), 200);

// Decisions answer with whatever the deciding flow settled; the route documents the incoming payment it usually is.
export const approve: RouteHandler<typeof routes.approvePaymentRoute, AppEnv> = (c) =>
  c.json(approveTransaction(c.get('tenant'), c.req.valid('param').transactionId, c.req.valid('json') ?? {}) as Transaction, 200);

export const reject: RouteHandler<typeof routes.rejectPaymentRoute, AppEnv> = (c) =>
  c.json(rejectTransaction(c.get('tenant'), c.req.valid('param').transactionId, c.req.valid('json') ?? {}) as Transaction, 200);

export const cancel: RouteHandler<typeof routes.cancelTransactionRoute, AppEnv> = (c) =>
  c.json(cancelTransaction(c.get('tenant'), c.req.valid('param').transactionId, c.req.valid('json') ?? {}), 200);
