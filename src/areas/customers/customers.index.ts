/**
 * Customers area.
 *
 * LIMITATIONS: bulk CSV import, end-user terms, contact verification and the
 * KYC link are not served yet; KYC/KYB statuses stay UNVERIFIED until the
 * verification rules are wired into ./verification-status.ts.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './customers.handlers.js';
import * as routes from './customers.routes.js';

export function registerCustomers(app: AppRouter): void {
  app.openapi(routes.createCustomerRoute, handlers.create);
  app.openapi(routes.listCustomersRoute, handlers.list);
  app.openapi(routes.getCustomerRoute, handlers.get);
  app.openapi(routes.updateCustomerRoute, handlers.update);
  app.openapi(routes.deleteCustomerRoute, handlers.remove);
}
