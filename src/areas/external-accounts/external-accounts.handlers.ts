import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { requestOrigin } from '../../core/public-origin.js';
import type * as routes from './external-accounts.routes.js';
import * as service from './external-accounts.service.js';
import { sendJsonParts } from '../../core/http.js';


export const listCustomer: RouteHandler<typeof routes.listCustomerRoute, AppEnv> = (c) => sendJsonParts(c, service.listExternalAccounts(c.get('tenant'), 'customer', c.req.valid('query')), 200);

export const createCustomer: RouteHandler<typeof routes.createCustomerRoute, AppEnv> = (c) => c.json(service.createExternalAccount(c.get('tenant'), c.req.valid('json')), 201);

export const getCustomer: RouteHandler<typeof routes.getCustomerRoute, AppEnv> = (c) =>
  c.json(service.getExternalAccount(c.get('tenant'), c.req.valid('param').externalAccountId, 'customer'), 200);

export const deleteCustomer: RouteHandler<typeof routes.deleteCustomerRoute, AppEnv> = (c) => {
  service.deleteExternalAccount(c.get('tenant'), c.req.valid('param').externalAccountId, 'customer');
  return c.body(null, 204);
};

export const challengeCustomer: RouteHandler<typeof routes.challengeCustomerRoute, AppEnv> = (c) =>
  c.json(service.startOwnershipChallenge(c.get('tenant'), c.req.valid('param').externalAccountId, 'customer', c.req.valid('json').method, requestOrigin(c)), 201);

export const verifyCustomer: RouteHandler<typeof routes.verifyCustomerRoute, AppEnv> = (c) =>
  c.json(service.verifyOwnership(c.get('tenant'), c.req.valid('param').externalAccountId, 'customer', c.req.valid('json').signature), 200);

export const listPlatform: RouteHandler<typeof routes.listPlatformRoute, AppEnv> = (c) => sendJsonParts(c, service.listExternalAccounts(c.get('tenant'), 'platform', c.req.valid('query')), 200);

export const createPlatform: RouteHandler<typeof routes.createPlatformRoute, AppEnv> = (c) => c.json(service.createExternalAccount(c.get('tenant'), c.req.valid('json')), 201);

export const getPlatform: RouteHandler<typeof routes.getPlatformRoute, AppEnv> = (c) =>
  c.json(service.getExternalAccount(c.get('tenant'), c.req.valid('param').externalAccountId, 'platform'), 200);

export const deletePlatform: RouteHandler<typeof routes.deletePlatformRoute, AppEnv> = (c) => {
  service.deleteExternalAccount(c.get('tenant'), c.req.valid('param').externalAccountId, 'platform');
  return c.body(null, 204);
};

export const challengePlatform: RouteHandler<typeof routes.challengePlatformRoute, AppEnv> = (c) =>
  c.json(service.startOwnershipChallenge(c.get('tenant'), c.req.valid('param').externalAccountId, 'platform', c.req.valid('json').method, requestOrigin(c)), 201);

export const verifyPlatform: RouteHandler<typeof routes.verifyPlatformRoute, AppEnv> = (c) =>
  c.json(service.verifyOwnership(c.get('tenant'), c.req.valid('param').externalAccountId, 'platform', c.req.valid('json').signature), 200);
