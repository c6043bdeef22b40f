/**
 * Internal accounts: balances held by the service for the platform and for
 * each customer. Balances come from the ledger.
 */
import { apiError, invalidInput, notFound } from '../../core/errors.js';
import { currencyInfo } from '../../core/money.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import type { Tenant } from '../../store/tenant.js';
import { fundingInstructionsFor } from './funding-instructions.js';
import type { InternalAccount, InternalAccountRecord, InternalAccountStatus, InternalAccountType } from './internal-accounts.schemas.js';
import { assertBalanceFits, postEntry } from './ledger.js';
import * as transactionsService from '../transactions/transactions.service.js';
import { lazyModule } from '../../core/lazy-module.js';
import { presentInternalAccount, watchInternalAccount } from './account-events.js';

/** Funding records a transaction: the transactions area (and its schemas) loads only when an account is funded. */
const transactions = lazyModule(() => transactionsService);

export { presentInternalAccount } from './account-events.js';

const LIST = 'internal-accounts';

export function requireInternalAccount(tenant: Tenant, id: string): InternalAccountRecord {
  const account = tenant.internalAccounts.get(id);
  if (!account) throw notFound('InternalAccount', id);
  return account;
}

export function openInternalAccount(tenant: Tenant, owner: { customerId?: string }, currency: string, type?: InternalAccountType): InternalAccountRecord {
  const id = tenant.ids('InternalAccount');
  const now = tenant.clock.nowIso();
  const record: InternalAccountRecord = {
    id,
    ...(owner.customerId ? { customerId: owner.customerId } : {}),
    type: type ?? (currencyInfo(currency)?.crypto ? 'INTERNAL_CRYPTO' : 'INTERNAL_FIAT'),
    status: 'ACTIVE',
    currency,
    fundingPaymentInstructions: fundingInstructionsFor(id, currency, owner.customerId === undefined),
    createdAt: now,
    updatedAt: now,
  };
  tenant.internalAccounts.insert(record);
  tenant.changed();
  return record;
}

/** The platform holds one internal account per supported currency. */
export function ensurePlatformAccounts(tenant: Tenant): void {
  const held = new Set(tenant.internalAccounts.byIndex('owner', 'platform').map((a) => a.currency));
  for (const { currencyCode } of tenant.config.supportedCurrencies) {
    if (!held.has(currencyCode)) openInternalAccount(tenant, {}, currencyCode);
  }
}

export function customerAccounts(tenant: Tenant, customerId: string): InternalAccountRecord[] {
  return tenant.internalAccounts.byIndex('customer', customerId);
}

/** Where money for a customer lands when nothing else is said: its first fiat account, else its first account. */
export function primaryAccountOf(tenant: Tenant, customerId: string): InternalAccountRecord | undefined {
  const accounts = customerAccounts(tenant, customerId);
  return accounts.find((a) => a.type === 'INTERNAL_FIAT') ?? accounts[0];
}

/**
 * Moves an account to `status` (its webhooks follow at the commit; the same
 * status again changes nothing). CLOSED is final: 409 for any move after it.
 */
export function setInternalAccountStatus(tenant: Tenant, accountId: string, status: InternalAccountStatus): InternalAccount {
  const account = requireInternalAccount(tenant, accountId);
  if (account.status === status) return presentInternalAccount(tenant, account);
  if (account.status === 'CLOSED') throw apiError('INVALID_STATE_TRANSITION', `InternalAccount ${accountId} is CLOSED, which is final`, { status: account.status, requested: status });
  watchInternalAccount(tenant, accountId);
  const updated = tenant.internalAccounts.update(accountId, (a) => {
    a.status = status;
    a.updatedAt = tenant.clock.nowIso();
  });
  tenant.changed();
  return presentInternalAccount(tenant, updated);
}

/** Every account of the customer to `status` (a deleted customer's are CLOSED), each announced. */
export function setCustomerAccountsStatus(tenant: Tenant, customerId: string, status: InternalAccountStatus): void {
  for (const account of customerAccounts(tenant, customerId)) {
    if (account.status !== 'CLOSED') setInternalAccountStatus(tenant, account.id, status);
  }
}

export interface CustomerAccountFilter {
  customerId?: string | undefined;
  currency?: string | undefined;
  type?: InternalAccountType | undefined;
  limit: number;
  cursor?: string | undefined;
}

export function listCustomerInternalAccounts(tenant: Tenant, filter: CustomerAccountFilter): ListResult<InternalAccount> {
  const beforeSeq = decodeCursor(LIST, filter.cursor);
  const where =
    filter.currency !== undefined || filter.type !== undefined
      ? (a: InternalAccountRecord) => (filter.currency === undefined || a.currency === filter.currency) && (filter.type === undefined || a.type === filter.type)
      : undefined;
  const page = tenant.internalAccounts.page({
    ...(filter.customerId !== undefined ? { index: 'customer', key: filter.customerId } : { index: 'anyCustomer', key: 'all' }),
    ...(where ? { where } : {}),
    limit: filter.limit,
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
  });
  return toListResult(LIST, page, (a) => presentInternalAccount(tenant, a));
}

export function listPlatformInternalAccounts(tenant: Tenant, filter: { currency?: string | undefined; type?: InternalAccountType | undefined }): { data: InternalAccount[] } {
  const data = tenant.internalAccounts
    .byIndex('owner', 'platform')
    .filter((a) => (filter.currency === undefined || a.currency === filter.currency) && (filter.type === undefined || a.type === filter.type))
    .map((a) => presentInternalAccount(tenant, a));
  return { data };
}

export const FUNDING_DESCRIPTION = 'Internal account funding';

/**
 * Sandbox funding: money arriving from outside, credited at once. It is an
 * incoming payment, COMPLETED as it opens (INCOMING_PAYMENT.COMPLETED, then
 * the account's BALANCE_UPDATED at the commit), and its ledger entry carries
 * the transaction's id like every payment's.
 */
export function fundInternalAccount(tenant: Tenant, accountId: string, amount: number): InternalAccount {
  const account = requireInternalAccount(tenant, accountId);
  // This operation has no 409: an account that cannot take money is bad input.
  if (account.status !== 'ACTIVE') {
    throw invalidInput([{ field: 'accountId', message: `InternalAccount ${accountId} is ${account.status} and cannot be funded` }]);
  }
  const { currency, customerId } = account;
  // Checked before the payment opens: a balance past the largest exact amount refuses the funding without a trace.
  assertBalanceFits(tenant, accountId, amount);
  const transaction = transactions().openTransaction(
    tenant,
    {
      type: 'INCOMING',
      source: { sourceType: 'REALTIME_FUNDING', currency, ...(customerId !== undefined ? { customerId } : {}) },
      destination: { destinationType: 'ACCOUNT', accountId, currency },
      customerId,
      sent: { amount, currency },
      received: { amount, currency },
      description: FUNDING_DESCRIPTION,
    },
    'COMPLETED',
  );
  postEntry(tenant, { accountId, amount, currency, kind: 'SANDBOX_FUNDING', reference: transaction.id });
  tenant.internalAccounts.update(accountId, (a) => {
    a.updatedAt = tenant.clock.nowIso();
  });
  return presentInternalAccount(tenant, account);
}
