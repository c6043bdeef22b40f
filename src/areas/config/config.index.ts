/**
 * Platform configuration area.
 *
 * LIMITATIONS: embedded-wallet, card-tokenization and fee configuration are
 * not modelled yet; isRegulatedFinancialInstitution is settable here because
 * in the sandbox it is a test switch.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './config.handlers.js';
import * as routes from './config.routes.js';

export function registerConfig(app: AppRouter): void {
  app.openapi(routes.getConfigRoute, handlers.get);
  app.openapi(routes.updateConfigRoute, handlers.update);
}
