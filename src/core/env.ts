/**
 * What every request carries through the app. Core declares the container;
 * the layers that provide a value add its type here by declaration merging
 * (the store: the caller's tenant; webhooks: the dispatcher), the way Hono's
 * ContextVariableMap works, so core never imports them.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';

export interface AppVariables {}

export interface AppEnv {
  Variables: AppVariables;
}

export type AppRouter = OpenAPIHono<AppEnv>;
