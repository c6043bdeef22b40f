import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './api-tokens.routes.js';
import * as service from './api-tokens.service.js';

export const create: RouteHandler<typeof routes.createTokenRoute, AppEnv> = async (c) => c.json(await service.createToken(c.get('tenant'), c.req.valid('json')), 201);

export const list: RouteHandler<typeof routes.listTokensRoute, AppEnv> = (c) => c.json(service.listTokens(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getTokenRoute, AppEnv> = (c) => c.json(service.getToken(c.get('tenant'), c.req.valid('param').tokenId), 200);

export const remove: RouteHandler<typeof routes.deleteTokenRoute, AppEnv> = (c) => {
  service.deleteToken(c.get('tenant'), c.req.valid('param').tokenId);
  return c.body(null, 204);
};
