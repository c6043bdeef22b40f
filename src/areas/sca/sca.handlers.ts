import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { requestHostname } from '../../core/public-origin.js';
import type * as routes from './sca.routes.js';
import { confirmEnrollment, deleteFactor, listFactors, startEnrollment } from './factors.service.js';
import { completeLogin, startLogin } from './login.service.js';
import { authorizeQuote, resendQuoteCode } from './quote-authorization.service.js';
import { completeReset, getReset, startReset } from './resets.service.js';
import { recordSecurityEvent } from './security.service.js';
import { confirmTrustChange, startTrustChange } from './trust.service.js';

export const list: RouteHandler<typeof routes.listFactorsRoute, AppEnv> = (c) => c.json(listFactors(c.get('tenant'), c.req.valid('query').customerId), 200);

export const startEnroll: RouteHandler<typeof routes.startEnrollmentRoute, AppEnv> = (c) =>
  c.json(startEnrollment(c.get('tenant'), c.req.valid('query').customerId, c.req.valid('json').type, requestHostname(c)), 200);

export const confirmEnroll: RouteHandler<typeof routes.confirmEnrollmentRoute, AppEnv> = async (c) =>
  c.json(await confirmEnrollment(c.get('tenant'), c.req.valid('query').customerId, c.req.valid('json'), requestHostname(c)), 200);

export const removeFactor: RouteHandler<typeof routes.deleteFactorRoute, AppEnv> = (c) => {
  deleteFactor(c.get('tenant'), c.req.valid('query').customerId, c.req.valid('param').credentialId);
  return c.body(null, 204);
};

export const loginStart: RouteHandler<typeof routes.startLoginRoute, AppEnv> = (c) => c.json(startLogin(c.get('tenant'), c.req.valid('query').customerId, c.req.valid('json').factor), 200);

export const loginComplete: RouteHandler<typeof routes.completeLoginRoute, AppEnv> = async (c) =>
  c.json(await completeLogin(c.get('tenant'), c.req.valid('query').customerId, c.req.valid('json')), 200);

export const recordEvent: RouteHandler<typeof routes.recordEventRoute, AppEnv> = (c) =>
  c.json(recordSecurityEvent(c.get('tenant'), c.req.valid('query').customerId, c.req.valid('json').eventType), 200);

export const resetStart: RouteHandler<typeof routes.startResetRoute, AppEnv> = (c) => c.json(startReset(c.get('tenant'), c.req.valid('query').customerId, c.req.valid('json').factor), 201);

export const resetGet: RouteHandler<typeof routes.getResetRoute, AppEnv> = (c) => c.json(getReset(c.get('tenant'), c.req.valid('query').customerId, c.req.valid('param').resetId), 200);

export const resetComplete: RouteHandler<typeof routes.completeResetRoute, AppEnv> = (c) => {
  completeReset(c.get('tenant'), c.req.valid('query').customerId, c.req.valid('param').resetId, c.req.valid('json').mobile);
  return c.body(null, 204);
};

export const trustStart: RouteHandler<typeof routes.trust.start, AppEnv> = (c) => c.json(startTrustChange(c.get('tenant'), c.req.valid('param').externalAccountId, 'TRUST'), 200);

export const trustConfirm: RouteHandler<typeof routes.trust.confirm, AppEnv> = async (c) =>
  c.json(await confirmTrustChange(c.get('tenant'), c.req.valid('param').externalAccountId, 'TRUST', c.req.valid('json')), 200);

export const untrustStart: RouteHandler<typeof routes.untrust.start, AppEnv> = (c) => c.json(startTrustChange(c.get('tenant'), c.req.valid('param').externalAccountId, 'UNTRUST'), 200);

export const untrustConfirm: RouteHandler<typeof routes.untrust.confirm, AppEnv> = async (c) =>
  c.json(await confirmTrustChange(c.get('tenant'), c.req.valid('param').externalAccountId, 'UNTRUST', c.req.valid('json')), 200);

export const authorize: RouteHandler<typeof routes.authorizeQuoteRoute, AppEnv> = async (c) => c.json(await authorizeQuote(c.get('tenant'), c.req.valid('param').quoteId, c.req.valid('json')), 200);

export const resend: RouteHandler<typeof routes.resendQuoteCodeRoute, AppEnv> = (c) => {
  resendQuoteCode(c.get('tenant'), c.req.valid('param').quoteId);
  return c.body(null, 204);
};
