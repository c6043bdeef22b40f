import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './config.routes.js';
import { getConfig, updateConfig } from './config.service.js';

export const get: RouteHandler<typeof routes.getConfigRoute, AppEnv> = (c) => c.json(getConfig(c.get('tenant')), 200);

export const update: RouteHandler<typeof routes.updateConfigRoute, AppEnv> = (c) => c.json(updateConfig(c.get('tenant'), c.req.valid('json')), 200);
