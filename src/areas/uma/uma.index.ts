/**
 * UMA receivers.
 *
 * LIMITATIONS: no real UMA protocol (LNURLP, pay requests, certificates);
 * only the sandbox receivers and the tenant's own customers answer, and no
 * payer data is ever required.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './uma.handlers.js';
import * as routes from './uma.routes.js';

export function registerUma(app: AppRouter): void {
  app.openapi(routes.lookupUmaRoute, handlers.lookupAddress);
  app.openapi(routes.lookupAccountRoute, handlers.lookupAccount);
}
