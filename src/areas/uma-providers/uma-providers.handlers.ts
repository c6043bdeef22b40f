import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './uma-providers.routes.js';
import { listUmaProviders } from './uma-providers.service.js';

export const list: RouteHandler<typeof routes.listUmaProvidersRoute, AppEnv> = (c) => c.json(listUmaProviders(c.req.valid('query')), 200);
