import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../core/env.js';
import type * as routes from './documents.routes.js';
import * as service from './documents.service.js';

async function read(file: File): Promise<service.UploadedFile> {
  return { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) };
}

export const upload: RouteHandler<typeof routes.uploadRoute, AppEnv> = async (c) => {
  const { file, documentHolder, ...metadata } = c.req.valid('form');
  return c.json(service.uploadDocument(c.get('tenant'), documentHolder, metadata, await read(file)), 201);
};

export const list: RouteHandler<typeof routes.listRoute, AppEnv> = (c) => c.json(service.listDocuments(c.get('tenant'), c.req.valid('query')), 200);

export const get: RouteHandler<typeof routes.getRoute, AppEnv> = (c) => c.json(service.presentDocument(service.requireDocument(c.get('tenant'), c.req.valid('param').documentId)), 200);

export const replace: RouteHandler<typeof routes.replaceRoute, AppEnv> = async (c) => {
  const { file, ...metadata } = c.req.valid('form');
  return c.json(service.replaceDocument(c.get('tenant'), c.req.valid('param').documentId, metadata, await read(file)), 200);
};

export const remove: RouteHandler<typeof routes.deleteRoute, AppEnv> = (c) => {
  service.deleteDocument(c.get('tenant'), c.req.valid('param').documentId);
  return c.body(null, 204);
};
