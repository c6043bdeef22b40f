import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './internal-accounts.routes.js';
import { listCustomerInternalAccounts, listPlatformInternalAccounts } from './internal-accounts.service.js';

export const listCustomer: RouteHandler<typeof routes.listCustomerInternalAccountsRoute, AppEnv> = (c) =>
  c.json(listCustomerInternalAccounts(c.get('tenant'), c.req.valid('query')), 200);

export const listPlatform: RouteHandler<typeof routes.listPlatformInternalAccountsRoute, AppEnv> = (c) =>
  c.json(listPlatformInternalAccounts(c.get('tenant'), c.req.valid('query')), 200);
