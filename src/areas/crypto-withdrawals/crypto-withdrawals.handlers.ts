import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './crypto-withdrawals.routes.js';
import { estimateWithdrawalFee } from './crypto-withdrawals.service.js';

export const estimate: RouteHandler<typeof routes.estimateWithdrawalFeeRoute, AppEnv> = (c) => c.json(estimateWithdrawalFee(c.get('tenant'), c.req.valid('json')), 200);
