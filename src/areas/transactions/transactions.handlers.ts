import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './transactions.routes.js';
import { getTransaction, listTransactions } from './transactions.service.js';

export const list: RouteHandler<typeof routes.listTransactionsRoute, AppEnv> = (c) => c.json(listTransactions(c.var.tenant, c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getTransactionRoute, AppEnv> = (c) => c.json(getTransaction(c.var.tenant, c.req.valid('param').transactionId), 200);
