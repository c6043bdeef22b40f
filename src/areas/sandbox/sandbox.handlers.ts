import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { fundInternalAccount } from '../internal-accounts/internal-accounts.service.js';
import type * as routes from './sandbox.routes.js';

export const fund: RouteHandler<typeof routes.fundInternalAccountRoute, AppEnv> = (c) =>
  c.json(fundInternalAccount(c.var.tenant, c.req.valid('param').accountId, c.req.valid('json').amount), 200);
