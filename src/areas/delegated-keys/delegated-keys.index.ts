/**
 * Delegated keys (Embedded Wallet Auth): service-held keys that sign for a
 * card's embedded-wallet funding source.
 *
 * LIMITATIONS: the key pair is generated for real but its private half is
 * not kept (the sandbox card network checks no signatures, only that an
 * ACTIVE key exists); a card has one funding source (the spec's shape), so
 * fundingSourceId is the wallet's internal account id; revoking needs no
 * signed retry, as in the reference.
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './delegated-keys.handlers.js';
import * as routes from './delegated-keys.routes.js';

export function registerDelegatedKeys(app: AppRouter): void {
  app.openapi(routes.createDelegatedKeyRoute, handlers.create);
  app.openapi(routes.listDelegatedKeysRoute, handlers.list);
  app.openapi(routes.getDelegatedKeyRoute, handlers.get);
  app.openapi(routes.revokeDelegatedKeyRoute, handlers.revoke);
}
