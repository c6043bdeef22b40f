/** What every request carries through the app: the caller's tenant. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Tenant } from '../store/tenant.js';

export interface AppEnv {
  Variables: {
    tenant: Tenant;
  };
}

export type AppRouter = OpenAPIHono<AppEnv>;
