/**
 * Crypto withdrawals area: fee estimates.
 *
 * LIMITATIONS: network fees are fixed sandbox estimates per network (no
 * congestion); there is no application fee; the estimate does not check
 * the account's balance (it is an estimate, not a withdrawal).
 */
import type { AppRouter } from '../../core/env.js';
import * as handlers from './crypto-withdrawals.handlers.js';
import * as routes from './crypto-withdrawals.routes.js';

export function registerCryptoWithdrawals(app: AppRouter): void {
  app.openapi(routes.estimateWithdrawalFeeRoute, handlers.estimate);
}
