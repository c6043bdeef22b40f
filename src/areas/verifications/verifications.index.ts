/**
 * KYC/KYB verifications and hosted verification links.
 *
 * LIMITATIONS: PENDING_MANUAL_REVIEW never resolves by itself; control
 * persons are not required; a document's content is never inspected.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './verifications.handlers.js';
import * as routes from './verifications.routes.js';

export function registerVerifications(app: AppRouter): void {
  app.openapi(routes.submitRoute, handlers.submit);
  app.openapi(routes.listRoute, handlers.list);
  app.openapi(routes.getRoute, handlers.get);
  app.openapi(routes.createKycLinkRoute, handlers.createLink);
  app.openapi(routes.getKycLinkRoute, handlers.getLink);
}
