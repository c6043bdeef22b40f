/**
 * Documents area.
 *
 * LIMITATIONS: files are checked by type and size only; their content is
 * never read. The review outcome comes from the documentNumber rule.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './documents.handlers.js';
import * as routes from './documents.routes.js';

export function registerDocuments(app: AppRouter): void {
  app.openapi(routes.uploadRoute, handlers.upload);
  app.openapi(routes.listRoute, handlers.list);
  app.openapi(routes.getRoute, handlers.get);
  app.openapi(routes.replaceRoute, handlers.replace);
  app.openapi(routes.deleteRoute, handlers.remove);
}
