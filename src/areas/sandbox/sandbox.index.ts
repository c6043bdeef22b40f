/**
 * Sandbox area: endpoints that only exist to drive test cases.
 *
 * The card network simulators live in the cards area; webhook delivery in
 * src/webhooks.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './sandbox.handlers.js';
import * as routes from './sandbox.routes.js';

export function registerSandbox(app: AppRouter): void {
  app.openapi(routes.fundInternalAccountRoute, handlers.fund);
  app.openapi(routes.sendRoute, handlers.send);
  app.openapi(routes.umaReceiveRoute, handlers.umaReceive);
  app.openapi(routes.testWebhookRoute, handlers.testWebhook);
}
