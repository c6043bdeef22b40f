import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './exchange-rates.routes.js';
import { listExchangeRates } from './exchange-rates.service.js';

export const list: RouteHandler<typeof routes.listExchangeRatesRoute, AppEnv> = (c) => c.json(listExchangeRates(c.get('tenant'), c.req.valid('query')), 200);
