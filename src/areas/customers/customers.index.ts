/**
 * Customers area.
 *
 * LIMITATIONS: the End User Terms have one version (V1) and a placeholder
 * text; endUserTermsConsent is recorded as given (the sandbox cannot know
 * whether the customer really accepted). Bulk import, contact verification
 * and the KYC link live in their own areas.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './customers.handlers.js';
import * as routes from './customers.routes.js';

export function registerCustomers(app: AppRouter): void {
  app.openapi(routes.createCustomerRoute, handlers.create);
  app.openapi(routes.listCustomersRoute, handlers.list);
  // Before /customers/{customerId}: 'end-user-terms' is no customer id.
  app.openapi(routes.getEndUserTermsRoute, handlers.endUserTerms);
  app.openapi(routes.getCustomerRoute, handlers.get);
  app.openapi(routes.updateCustomerRoute, handlers.update);
  app.openapi(routes.deleteCustomerRoute, handlers.remove);
}
