import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './vasps.routes.js';
import { listVasps } from './vasps.service.js';

export const list: RouteHandler<typeof routes.listVaspsRoute, AppEnv> = (c) => c.json(listVasps(c.req.valid('query')), 200);
