/**
 * Invitations area: UMA invitations from a platform's customers, shared
 * between platforms (tenants) by their code.
 *
 * LIMITATIONS: the url is a placeholder on the platform's UMA domain (no
 * claim page is served); claiming does not check that the invitee's UMA
 * address exists; amountToSend is informative only, as in the reference
 * (the inviting platform sends the money itself).
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './invitations.handlers.js';
import * as routes from './invitations.routes.js';

export function registerInvitations(app: AppRouter): void {
  app.openapi(routes.createInvitationRoute, handlers.create);
  app.openapi(routes.listInvitationsRoute, handlers.list);
  app.openapi(routes.getInvitationRoute, handlers.get);
  app.openapi(routes.claimInvitationRoute, handlers.claim);
  app.openapi(routes.cancelInvitationRoute, handlers.cancel);
}
