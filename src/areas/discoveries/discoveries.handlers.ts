import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './discoveries.routes.js';
import { listDiscoveries } from './discoveries.service.js';

export const list: RouteHandler<typeof routes.listDiscoveriesRoute, AppEnv> = (c) => c.json(listDiscoveries(c.req.valid('query')), 200);
