/** What every request carries through the app: the caller's tenant, and the sandbox-wide services handlers need. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Tenant } from '../store/tenant.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';

export interface AppEnv {
  Variables: {
    tenant: Tenant;
    webhooks: WebhookDispatcher;
  };
}

export type AppRouter = OpenAPIHono<AppEnv>;
