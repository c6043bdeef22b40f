import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { signedHandler } from '../wallet-auth/wallet-request.js';
import type * as routes from './transfers.routes.js';
import { transferIn, transferOut } from './transfers.service.js';

export const pullIn: RouteHandler<typeof routes.transferInRoute, AppEnv> = (c) => c.json(transferIn(c.get('tenant'), c.req.valid('json')), 201);

export const payOut = signedHandler<typeof routes.transferOutRoute>((c, request) => transferOut(c.get('tenant'), c.req.valid('json'), request));
