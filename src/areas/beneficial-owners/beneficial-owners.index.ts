/**
 * Beneficial owners area.
 *
 * LIMITATIONS: owners resolve only when their business resolves by its
 * registrationNumber suffix; there is no separate owner verification.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './beneficial-owners.handlers.js';
import * as routes from './beneficial-owners.routes.js';

export function registerBeneficialOwners(app: AppRouter): void {
  app.openapi(routes.createOwnerRoute, handlers.create);
  app.openapi(routes.listRoute, handlers.list);
  app.openapi(routes.getRoute, handlers.get);
  app.openapi(routes.updateRoute, handlers.update);
  app.openapi(routes.deleteRoute, handlers.remove);
}
