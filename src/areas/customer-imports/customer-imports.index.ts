/**
 * Bulk customer import from CSV (tag Customers).
 *
 * LIMITATIONS: the platformAccountId and description columns are accepted
 * but not stored (customers have no such fields); a business row needs
 * businessTaxId and businessIncorporatedOn, as POST /customers does; jobs
 * cannot be listed or cancelled (the reference has no such operations).
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './customer-imports.handlers.js';
import * as routes from './customer-imports.routes.js';

export function registerCustomerImports(app: AppRouter): void {
  app.openapi(routes.uploadCsvRoute, handlers.upload);
  app.openapi(routes.getJobRoute, handlers.get);
}
