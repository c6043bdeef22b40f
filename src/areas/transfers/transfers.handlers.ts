import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { walletRequestOf } from '../payments/wallet-request.js';
import type * as routes from './transfers.routes.js';
import { transferIn, transferOut } from './transfers.service.js';

export const pullIn: RouteHandler<typeof routes.transferInRoute, AppEnv> = (c) => c.json(transferIn(c.var.tenant, c.req.valid('json')), 201);

export const payOut: RouteHandler<typeof routes.transferOutRoute, AppEnv> = async (c) => c.json(transferOut(c.var.tenant, c.req.valid('json'), await walletRequestOf(c)), 201);
