/**
 * Internal accounts area.
 *
 * Embedded wallets (their privacy update and export) live in the wallet-auth area.
 *
 * LIMITATIONS: funding instructions are well-formed but fictional (no money
 * arrives by paying them outside the sandbox).
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './internal-accounts.handlers.js';
import * as routes from './internal-accounts.routes.js';

export function registerInternalAccounts(app: AppRouter): void {
  app.openapi(routes.listCustomerInternalAccountsRoute, handlers.listCustomer);
  app.openapi(routes.listPlatformInternalAccountsRoute, handlers.listPlatform);
}
