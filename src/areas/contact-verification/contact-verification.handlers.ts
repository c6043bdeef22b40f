import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './contact-verification.routes.js';
import { confirmContactCode, sendContactCode } from './contact-verification.service.js';

export const sendEmail: RouteHandler<typeof routes.sendEmailRoute, AppEnv> = (c) => {
  sendContactCode(c.get('tenant'), c.req.valid('param').customerId, 'email');
  return c.body(null, 204);
};

export const confirmEmail: RouteHandler<typeof routes.confirmEmailRoute, AppEnv> = (c) =>
  c.json(confirmContactCode(c.get('tenant'), c.req.valid('param').customerId, 'email', c.req.valid('json').code), 200);

export const sendPhone: RouteHandler<typeof routes.sendPhoneRoute, AppEnv> = (c) => {
  sendContactCode(c.get('tenant'), c.req.valid('param').customerId, 'phone');
  return c.body(null, 204);
};

export const confirmPhone: RouteHandler<typeof routes.confirmPhoneRoute, AppEnv> = (c) =>
  c.json(confirmContactCode(c.get('tenant'), c.req.valid('param').customerId, 'phone', c.req.valid('json').code), 200);
