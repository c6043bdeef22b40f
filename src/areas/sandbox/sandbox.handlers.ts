import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import { fundInternalAccount } from '../internal-accounts/internal-accounts.service.js';
import type * as routes from './sandbox.routes.js';
import { sendRealtimeFunding } from '../quotes/quotes.service.js';
import { receiveUma } from '../uma/uma.service.js';

export const fund: RouteHandler<typeof routes.fundInternalAccountRoute, AppEnv> = (c) =>
  c.json(fundInternalAccount(c.get('tenant'), c.req.valid('param').accountId, c.req.valid('json').amount), 200);

export const send: RouteHandler<typeof routes.sendRoute, AppEnv> = (c) => c.json(sendRealtimeFunding(c.get('tenant'), c.req.valid('json')), 200);

export const umaReceive: RouteHandler<typeof routes.umaReceiveRoute, AppEnv> = (c) =>
  c.json(receiveUma(c.get('tenant'), c.req.valid('json'), { webhookEndpoint: c.get('webhooks').endpointOf(c.get('tenant')) !== undefined }), 200);

export const testWebhook: RouteHandler<typeof routes.testWebhookRoute, AppEnv> = async (c) => c.json(await c.get('webhooks').sendTest(c.get('tenant')), 200);
