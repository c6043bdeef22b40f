/**
 * The gate every money movement out of an internal account passes: an
 * embedded wallet (Global Account) only moves money on a request signed with
 * one of its session keys. The signed-retry engine of the wallet-auth area
 * plugs in here; until it does, wallet accounts cannot be created, so only
 * ordinary accounts reach this gate and pass it.
 */
import { apiError } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import type { InternalAccountRecord } from '../internal-accounts/internal-accounts.schemas.js';

/** The parts of the HTTP request a wallet signature covers. */
export interface WalletActionRequest {
  method: string;
  path: string;
  body: string;
  signature?: string | undefined;
  requestId?: string | undefined;
}

export function authorizeWalletAction(_tenant: Tenant, account: InternalAccountRecord, request: WalletActionRequest): void {
  if (account.type !== 'EMBEDDED_WALLET') return;
  if (request.signature === undefined) throw apiError('WALLET_SIGNATURE_MISSING', 'Moving money out of an embedded wallet needs Service-Wallet-Signature');
  throw apiError('WALLET_SIGNATURE_INVALID', 'Embedded-wallet signatures cannot be verified by this sandbox version');
}
