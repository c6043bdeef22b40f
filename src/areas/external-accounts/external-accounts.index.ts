/**
 * External accounts area, for customers and for the platform.
 *
 * LIMITATIONS: ownership signatures are verified for real on EVM chains
 * (EIP-191) and Solana (Ed25519); Spark and Tron wallets accept only the
 * sandbox signature value. LIVENESS challenges always pass. Beneficiary
 * verification PENDING (suffix 104) stays PENDING.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './external-accounts.handlers.js';
import * as routes from './external-accounts.routes.js';

export function registerExternalAccounts(app: AppRouter): void {
  app.openapi(routes.listCustomerRoute, handlers.listCustomer);
  app.openapi(routes.createCustomerRoute, handlers.createCustomer);
  app.openapi(routes.getCustomerRoute, handlers.getCustomer);
  app.openapi(routes.deleteCustomerRoute, handlers.deleteCustomer);
  app.openapi(routes.challengeCustomerRoute, handlers.challengeCustomer);
  app.openapi(routes.verifyCustomerRoute, handlers.verifyCustomer);
  app.openapi(routes.listPlatformRoute, handlers.listPlatform);
  app.openapi(routes.createPlatformRoute, handlers.createPlatform);
  app.openapi(routes.getPlatformRoute, handlers.getPlatform);
  app.openapi(routes.deletePlatformRoute, handlers.deletePlatform);
  app.openapi(routes.challengePlatformRoute, handlers.challengePlatform);
  app.openapi(routes.verifyPlatformRoute, handlers.verifyPlatform);
}
