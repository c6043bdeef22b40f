import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './uma.routes.js';
import { lookupExternalAccount, lookupUma } from './uma.service.js';

export const lookupAddress: RouteHandler<typeof routes.lookupUmaRoute, AppEnv> = (c) =>
  c.json(lookupUma(c.get('tenant'), c.req.valid('param').receiverUmaAddress, c.req.valid('query')), 200);

export const lookupAccount: RouteHandler<typeof routes.lookupAccountRoute, AppEnv> = (c) =>
  c.json(lookupExternalAccount(c.get('tenant'), c.req.valid('param').accountId, c.req.valid('query')), 200);
