/**
 * Internal accounts: balances held by the service for the platform and for
 * each customer. Balances come from the ledger.
 */
import { apiError, invalidInput, notFound } from '../../core/errors.js';
import { amountOf, currencyInfo } from '../../core/money.js';
import { decodeCursor, toListResult, type ListResult } from '../../core/pagination.js';
import type { Tenant } from '../../store/tenant.js';
import { fundingInstructionsFor } from './funding-instructions.js';
import type { InternalAccount, InternalAccountRecord, InternalAccountType } from './internal-accounts.schemas.js';
import { balancesOf, postEntry } from './ledger.js';

const LIST = 'internal-accounts';

export function presentInternalAccount(tenant: Tenant, record: InternalAccountRecord): InternalAccount {
  const { currency, ...rest } = record;
  const balances = balancesOf(tenant, record.id);
  return { ...rest, balance: amountOf(balances.available, currency), totalBalance: amountOf(balances.total, currency) };
}

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

export function setCustomerAccountsStatus(tenant: Tenant, customerId: string, status: InternalAccountRecord['status']): void {
  const now = tenant.clock.nowIso();
  for (const account of customerAccounts(tenant, customerId)) {
    tenant.internalAccounts.update(account.id, (a) => {
      a.status = status;
      a.updatedAt = now;
    });
  }
  tenant.changed();
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

/** Sandbox funding: credits the account at once. */
export function fundInternalAccount(tenant: Tenant, accountId: string, amount: number): InternalAccount {
  const account = requireInternalAccount(tenant, accountId);
  // This operation has no 409: an account that cannot take money is bad input.
  if (account.status !== 'ACTIVE') {
    throw invalidInput([{ field: 'accountId', message: `InternalAccount ${accountId} is ${account.status} and cannot be funded` }]);
  }
  postEntry(tenant, { accountId, amount, currency: account.currency, kind: 'SANDBOX_FUNDING' });
  tenant.internalAccounts.update(accountId, (a) => {
    a.updatedAt = tenant.clock.nowIso();
  });
  return presentInternalAccount(tenant, account);
}
