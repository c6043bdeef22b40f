/**
 * Contact verification: e-mail and phone codes for customers of a
 * contact-verification region (config contactVerificationRegions).
 *
 * LIMITATIONS: no e-mail or SMS is sent (the code is always 123456); which
 * channels a customer verifies is decided once, at creation, by its region:
 * both e-mail and phone (a provider requiring only one is not modelled).
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './contact-verification.handlers.js';
import * as routes from './contact-verification.routes.js';

export function registerContactVerification(app: AppRouter): void {
  app.openapi(routes.sendEmailRoute, handlers.sendEmail);
  app.openapi(routes.confirmEmailRoute, handlers.confirmEmail);
  app.openapi(routes.sendPhoneRoute, handlers.sendPhone);
  app.openapi(routes.confirmPhoneRoute, handlers.confirmPhone);
}
