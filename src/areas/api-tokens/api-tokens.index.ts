/**
 * API tokens area: further credentials of a tenant, each with permissions
 * (the authenticator in src/app.ts resolves them; src/areas/permissions.ts
 * says what each route needs).
 *
 * LIMITATIONS: tokens never expire and cannot be edited (the reference has
 * no such operations); a deleted token is gone, not listed as revoked.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './api-tokens.handlers.js';
import * as routes from './api-tokens.routes.js';

export function registerApiTokens(app: AppRouter): void {
  app.openapi(routes.createTokenRoute, handlers.create);
  app.openapi(routes.listTokensRoute, handlers.list);
  app.openapi(routes.getTokenRoute, handlers.get);
  app.openapi(routes.deleteTokenRoute, handlers.remove);
}
