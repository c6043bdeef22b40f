/**
 * Stablecoins area: provider account links, registration of provider-created
 * stablecoins with review, provisioning and enablement on the tenant clock,
 * mints and burns with every funding source and destination of the public
 * description, and the sandbox call that delivers the funds a mint or burn
 * waits for.
 *
 * LIMITATIONS: one simulated provider (BRALE) in its SANDBOX environment;
 * credentials are judged by their suffix, never sent anywhere. Every token
 * has 6 decimals and is a US-dollar token; providerTokenIdentifier is 3 to 5
 * letters or digits because it becomes the service currency code. The
 * platform's internal account in an ENABLED stablecoin counts in cents, and
 * only the platform holds one. A provider-held balance holds what mints put
 * there less what burns take. No webhooks: the public description declares
 * none for stablecoins.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './stablecoins.handlers.js';
import * as routes from './stablecoins.routes.js';

export function registerStablecoins(app: AppRouter): void {
  app.openapi(routes.linkProviderAccountRoute, handlers.linkAccount);
  app.openapi(routes.listProviderAccountsRoute, handlers.listAccounts);
  app.openapi(routes.getProviderAccountRoute, handlers.getAccount);
  app.openapi(routes.registerStablecoinRoute, handlers.register);
  app.openapi(routes.listStablecoinsRoute, handlers.list);
  app.openapi(routes.getStablecoinRoute, handlers.get);
  app.openapi(routes.createMintRoute, handlers.mint);
  app.openapi(routes.createBurnRoute, handlers.burn);
  app.openapi(routes.listOperationsRoute, handlers.operations);
  app.openapi(routes.getOperationRoute, handlers.operation);
  app.openapi(routes.fundOperationRoute, handlers.fund);
}
