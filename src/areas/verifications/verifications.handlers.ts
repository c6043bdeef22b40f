import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { requestOrigin } from '../../core/public-origin.js';
import { createKycLink } from './kyc-links.service.js';
import type * as routes from './verifications.routes.js';
import * as service from './verifications.service.js';

export const submit: RouteHandler<typeof routes.submitRoute, AppEnv> = (c) => c.json(service.submitVerification(c.get('tenant'), c.req.valid('json').customerId), 200);

export const list: RouteHandler<typeof routes.listRoute, AppEnv> = (c) => c.json(service.listVerifications(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getRoute, AppEnv> = (c) => c.json(service.getVerification(c.get('tenant'), c.req.valid('param').verificationId), 200);

export const createLink: RouteHandler<typeof routes.createKycLinkRoute, AppEnv> = (c) =>
  c.json(createKycLink(c.get('tenant'), c.req.valid('param').customerId, c.req.valid('json').redirectUri, requestOrigin(c)), 201);

export const getLink: RouteHandler<typeof routes.getKycLinkRoute, AppEnv> = (c) =>
  c.json(createKycLink(c.get('tenant'), c.req.valid('param').customerId, c.req.valid('query').redirectUri, requestOrigin(c)), 200);
