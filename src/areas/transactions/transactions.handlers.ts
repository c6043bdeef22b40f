import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './transactions.routes.js';
import { getTransaction, listTransactions } from './transactions.service.js';
import { decideTransaction } from './decisions.service.js';

export const list: RouteHandler<typeof routes.listTransactionsRoute, AppEnv> = (c) => c.json(listTransactions(c.var.tenant, c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getTransactionRoute, AppEnv> = (c) => c.json(getTransaction(c.var.tenant, c.req.valid('param').transactionId), 200);

export const approve: RouteHandler<typeof routes.approveTransactionRoute, AppEnv> = (c) => c.json(decideTransaction(c.var.tenant, c.req.valid('param').transactionId, 'APPROVE'), 200);

export const reject: RouteHandler<typeof routes.rejectTransactionRoute, AppEnv> = (c) =>
  c.json(decideTransaction(c.var.tenant, c.req.valid('param').transactionId, 'REJECT', c.req.valid('json')?.reason), 200);
