/**
 * The two ends of a payment, resolved to what they are, and the checks a
 * payout must pass before any money moves.
 */
import { apiError, invalidInput } from '../../core/errors.js';
import { UNVERIFIED_WALLET_LIMIT_USD_CENTS } from '../../rules/index.js';
import type { Tenant } from '../../store/tenant.js';
import { singleTransactionMaximum } from '../config/config.service.js';
import { identifierOf } from '../external-accounts/account-types.js';
import type { ExternalAccount } from '../external-accounts/external-accounts.schemas.js';
import type { InternalAccountRecord } from '../internal-accounts/internal-accounts.schemas.js';
import { balancesOf } from '../internal-accounts/ledger.js';
import { usdCents } from '../exchange-rates/rates.js';
import type { UmaReceiver } from '../uma/uma.service.js';

export type Party =
  | { kind: 'INTERNAL'; account: InternalAccountRecord }
  | { kind: 'EXTERNAL'; account: ExternalAccount }
  | { kind: 'REALTIME'; currency: string; customerId?: string | undefined }
  | { kind: 'UMA'; address: string; receiver: UmaReceiver };

export function currencyOfParty(party: Party): string {
  switch (party.kind) {
    case 'INTERNAL':
    case 'EXTERNAL':
      return party.account.currency;
    case 'REALTIME':
      return party.currency;
    case 'UMA':
      return party.receiver.currency;
  }
}

export function customerOfParty(party: Party): string | undefined {
  switch (party.kind) {
    case 'INTERNAL':
    case 'EXTERNAL':
      return party.account.customerId;
    case 'REALTIME':
      return party.customerId;
    case 'UMA':
      return party.receiver.kind === 'CUSTOMER' ? party.receiver.customerId : undefined;
  }
}

/**
 * An internal or external account of the tenant; `field` names the request
 * field in errors. Unknown: 404 REFERENCE_NOT_FOUND; an internal account
 * that is not ACTIVE, or an external one not in a status that pays, cannot
 * move money: 400 naming the field.
 */
export function findAccount(tenant: Tenant, accountId: string, field: string): Extract<Party, { kind: 'INTERNAL' | 'EXTERNAL' }> {
  const internal = tenant.internalAccounts.get(accountId);
  if (internal) {
    if (internal.status !== 'ACTIVE') throw invalidInput([{ field, message: `InternalAccount ${accountId} is ${internal.status}; only an ACTIVE account can move money` }]);
    return { kind: 'INTERNAL', account: internal };
  }
  const external = tenant.externalAccounts.get(accountId);
  if (external) return { kind: 'EXTERNAL', account: requireUsableExternal(external, field) };
  throw apiError('REFERENCE_NOT_FOUND', `No internal or external account ${accountId}`, { field, id: accountId });
}

/**
 * External account statuses that move money: ACTIVE, and a wallet awaiting
 * its ownership proof (below the cap, checkPayoutLimits). One still being
 * provisioned (PENDING), under review or INACTIVE moves none, as an internal
 * account that is not ACTIVE: 400 naming the field.
 */
const EXTERNAL_STATUSES_THAT_PAY: ReadonlySet<ExternalAccount['status']> = new Set(['ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED']);

export function requireUsableExternal(account: ExternalAccount, field: string): ExternalAccount {
  if (!EXTERNAL_STATUSES_THAT_PAY.has(account.status)) {
    throw invalidInput([{ field, message: `ExternalAccount ${account.id} is ${account.status}; it can move money once it is ACTIVE` }]);
  }
  return account;
}

/** The identifier whose suffix the outcome tables read. */
export { identifierOf };

export interface PayoutAmounts {
  sendingCurrency: string;
  receivingCurrency: string;
  receivingAmount: number;
}

/** The configured corridor maximum, and the cap on wallets whose ownership is not verified yet. */
export function checkPayoutLimits(tenant: Tenant, payout: PayoutAmounts, destination: Party): void {
  const max = singleTransactionMaximum(tenant, payout.sendingCurrency, payout.receivingCurrency);
  if (max !== undefined && payout.receivingAmount > max) {
    throw apiError('TRANSACTION_SIZE_LIMIT_EXCEEDED', `The ${payout.sendingCurrency} to ${payout.receivingCurrency} maximum is ${max}`, { maxAmount: max });
  }
  if (destination.kind === 'EXTERNAL' && (destination.account.status === 'PENDING_OWNERSHIP_VERIFICATION' || destination.account.status === 'UNVERIFIED')) {
    const value = usdCents(payout.receivingCurrency, payout.receivingAmount, tenant.clock.nowMs());
    if (value > UNVERIFIED_WALLET_LIMIT_USD_CENTS) {
      throw apiError('EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED', `Verify ownership of ${destination.account.id} first; until then transfers up to ${UNVERIFIED_WALLET_LIMIT_USD_CENTS / 100} USD are allowed`, {
        externalAccountId: destination.account.id,
        status: destination.account.status,
      });
    }
  }
}

export function checkFunds(tenant: Tenant, account: InternalAccountRecord, amount: number): void {
  const available = balancesOf(tenant, account.id).available;
  if (available < amount) throw apiError('INSUFFICIENT_FUNDS', `Account ${account.id} has ${available} available; ${amount} is needed`, { available, required: amount });
}
