import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { requestOrigin } from '../../core/public-origin.js';
import { signedHandler } from '../wallet-auth/wallet-request.js';
import type * as routes from './customers.routes.js';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from './customers.service.js';
import { currentEndUserTerms } from './end-user-terms.js';

export const create: RouteHandler<typeof routes.createCustomerRoute, AppEnv> = (c) => c.json(createCustomer(c.get('tenant'), c.req.valid('json')), 201);

export const list: RouteHandler<typeof routes.listCustomersRoute, AppEnv> = (c) => c.json(listCustomers(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getCustomerRoute, AppEnv> = (c) => c.json(getCustomer(c.get('tenant'), c.req.valid('param').customerId), 200);

export const update = signedHandler<typeof routes.updateCustomerRoute>((c, request) => updateCustomer(c.get('tenant'), c.req.valid('param').customerId, c.req.valid('json'), request));

export const remove: RouteHandler<typeof routes.deleteCustomerRoute, AppEnv> = (c) => c.json(deleteCustomer(c.get('tenant'), c.req.valid('param').customerId), 200);

export const endUserTerms: RouteHandler<typeof routes.getEndUserTermsRoute, AppEnv> = (c) => c.json(currentEndUserTerms(requestOrigin(c)), 200);
