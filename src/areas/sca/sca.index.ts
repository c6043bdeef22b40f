/**
 * Strong Customer Authentication for customers of an SCA region (config
 * scaRegions): factors (SMS_OTP, TOTP, PASSKEY), login sessions, the
 * lockout ladder, 2FA resets, trusted beneficiaries and the authorization of
 * quotes in PENDING_AUTHORIZATION.
 *
 * LIMITATIONS: no SMS leaves the sandbox (the code is always 123456); the
 * liveness check of a 2FA reset runs by itself on the clock (no
 * verificationLink or livenessAccessToken is issued); the deprecated
 * transfer-out and transfer-in take no SCA (the reference gives them neither
 * a challenge nor a 409), nor do pulls into the customer's own account and
 * embedded-wallet payments (signed by the wallet); authorize has no
 * per-challenge rate limit beyond the lockout ladder.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './sca.handlers.js';
import * as routes from './sca.routes.js';

export function registerSca(app: AppRouter): void {
  app.openapi(routes.listFactorsRoute, handlers.list);
  app.openapi(routes.startEnrollmentRoute, handlers.startEnroll);
  app.openapi(routes.confirmEnrollmentRoute, handlers.confirmEnroll);
  app.openapi(routes.startResetRoute, handlers.resetStart);
  app.openapi(routes.getResetRoute, handlers.resetGet);
  app.openapi(routes.completeResetRoute, handlers.resetComplete);
  app.openapi(routes.deleteFactorRoute, handlers.removeFactor);
  app.openapi(routes.startLoginRoute, handlers.loginStart);
  app.openapi(routes.completeLoginRoute, handlers.loginComplete);
  app.openapi(routes.recordEventRoute, handlers.recordEvent);
  app.openapi(routes.trust.start, handlers.trustStart);
  app.openapi(routes.trust.confirm, handlers.trustConfirm);
  app.openapi(routes.untrust.start, handlers.untrustStart);
  app.openapi(routes.untrust.confirm, handlers.untrustConfirm);
  app.openapi(routes.authorizeQuoteRoute, handlers.authorize);
  app.openapi(routes.resendQuoteCodeRoute, handlers.resend);
}
