import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { fundInternalAccount } from '../internal-accounts/internal-accounts.service.js';
import type * as routes from './sandbox.routes.js';
import { sendRealtimeFunding } from '../quotes/quotes.service.js';
import { receiveUma } from '../uma/uma.service.js';

export const fund: RouteHandler<typeof routes.fundInternalAccountRoute, AppEnv> = (c) =>
  c.json(fundInternalAccount(c.var.tenant, c.req.valid('param').accountId, c.req.valid('json').amount), 200);

export const send: RouteHandler<typeof routes.sendRoute, AppEnv> = (c) => c.json(sendRealtimeFunding(c.var.tenant, c.req.valid('json')), 200);

export const umaReceive: RouteHandler<typeof routes.umaReceiveRoute, AppEnv> = (c) =>
  c.json(receiveUma(c.var.tenant, c.req.valid('json'), { webhookEndpoint: c.var.webhooks.endpointOf(c.var.tenant) !== undefined }), 200);

export const testWebhook: RouteHandler<typeof routes.testWebhookRoute, AppEnv> = async (c) => c.json(await c.var.webhooks.sendTest(c.var.tenant), 200);
