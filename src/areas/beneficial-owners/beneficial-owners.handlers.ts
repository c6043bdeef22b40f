import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './beneficial-owners.routes.js';
import * as service from './beneficial-owners.service.js';

export const create: RouteHandler<typeof routes.createOwnerRoute, AppEnv> = (c) => c.json(service.createBeneficialOwner(c.get('tenant'), c.req.valid('json')), 201);

export const list: RouteHandler<typeof routes.listRoute, AppEnv> = (c) => c.json(service.listBeneficialOwners(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getRoute, AppEnv> = (c) => c.json(service.requireBeneficialOwner(c.get('tenant'), c.req.valid('param').beneficialOwnerId), 200);

export const update: RouteHandler<typeof routes.updateRoute, AppEnv> = (c) =>
  c.json(service.updateBeneficialOwner(c.get('tenant'), c.req.valid('param').beneficialOwnerId, c.req.valid('json')), 200);

export const remove: RouteHandler<typeof routes.deleteRoute, AppEnv> = (c) => {
  service.deleteBeneficialOwner(c.get('tenant'), c.req.valid('param').beneficialOwnerId);
  return c.body(null, 204);
};
