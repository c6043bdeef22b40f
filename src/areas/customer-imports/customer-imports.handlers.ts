import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './customer-imports.routes.js';
import { getImportJob, uploadCustomerCsv } from './customer-imports.service.js';

export const upload: RouteHandler<typeof routes.uploadCsvRoute, AppEnv> = async (c) => {
  const { file } = c.req.valid('form');
  return c.json(uploadCustomerCsv(c.get('tenant'), { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) }), 202);
};

export const get: RouteHandler<typeof routes.getJobRoute, AppEnv> = (c) => c.json(getImportJob(c.get('tenant'), c.req.valid('param').jobId), 200);
