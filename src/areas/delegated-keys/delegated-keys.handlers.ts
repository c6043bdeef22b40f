import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { signedHandler } from '../wallet-auth/wallet-request.js';
import type * as routes from './delegated-keys.routes.js';
import * as service from './delegated-keys.service.js';

export const create = signedHandler<typeof routes.createDelegatedKeyRoute>((c, request) => service.createDelegatedKey(c.get('tenant'), c.req.valid('json'), request));

export const list: RouteHandler<typeof routes.listDelegatedKeysRoute, AppEnv> = (c) => c.json(service.listDelegatedKeys(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getDelegatedKeyRoute, AppEnv> = (c) => c.json(service.requireDelegatedKey(c.get('tenant'), c.req.valid('param').id), 200);

export const revoke: RouteHandler<typeof routes.revokeDelegatedKeyRoute, AppEnv> = (c) => {
  service.revokeDelegatedKey(c.get('tenant'), c.req.valid('param').id);
  return c.body(null, 204);
};
