/**
 * Embedded-wallet (Global Account) authentication: credentials, sessions,
 * the signed-retry engine every signed wallet action uses, and wallet
 * export and privacy.
 *
 * LIMITATIONS: OIDC token signatures are not checked (the sandbox has no
 * issuer key sets; claims are). OTP codes are always 000000 (otpLength and
 * alphanumeric are stored, not applied). Wallets are opened when a customer
 * is created, not for customers that existed before embeddedWalletConfig
 * was set. Delegated keys and the phone-number (SMS_OTP) change on
 * PATCH /customers are not simulated.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './wallet-auth.handlers.js';
import * as routes from './wallet-auth.routes.js';

export function registerWalletAuth(app: AppRouter): void {
  app.openapi(routes.createCredentialRoute, handlers.createCredentialHandler);
  app.openapi(routes.listCredentialsRoute, handlers.listCredentialsHandler);
  app.openapi(routes.challengeCredentialRoute, handlers.challengeCredentialHandler);
  app.openapi(routes.verifyCredentialRoute, handlers.verifyCredentialHandler);
  app.openapi(routes.revokeCredentialRoute, handlers.revokeCredentialHandler);
  app.openapi(routes.listSessionsRoute, handlers.listSessionsHandler);
  app.openapi(routes.refreshSessionRoute, handlers.refreshSessionHandler);
  app.openapi(routes.revokeSessionRoute, handlers.revokeSessionHandler);
  app.openapi(routes.exportWalletRoute, handlers.exportWalletHandler);
  app.openapi(routes.updateWalletRoute, handlers.updateWalletHandler);
}
