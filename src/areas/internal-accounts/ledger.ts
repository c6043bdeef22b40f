/**
 * The ledger: every balance change of an internal account is an entry, and a
 * balance is the sum of the account's entries. Nothing else moves money.
 */
import { apiError } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import type { LedgerEntry } from './internal-accounts.store.js';
import { add, balancesOf, sumsFor, sumsOf } from './balances.js';
import { watchInternalAccount } from './account-events.js';

export { balancesOf, type Balances } from './balances.js';

export interface Posting {
  accountId: string;
  amount: number;
  currency: string;
  kind: string;
  status?: LedgerEntry['status'];
  reference?: string;
}

/** 400 AMOUNT_OUT_OF_RANGE when `amount` would take the account's balance past the largest exact integer. */
export function assertBalanceFits(tenant: Tenant, accountId: string, amount: number): void {
  if (!Number.isSafeInteger(balancesOf(tenant, accountId).total + amount)) throw apiError('AMOUNT_OUT_OF_RANGE', 'The resulting balance would exceed the largest representable amount');
}

export function postEntry(tenant: Tenant, posting: Posting): LedgerEntry {
  if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) throw new Error(`ledger amount ${posting.amount} is not a non-zero integer`);
  assertBalanceFits(tenant, posting.accountId, posting.amount);
  watchInternalAccount(tenant, posting.accountId);
  const entry: LedgerEntry = {
    id: tenant.ids('LedgerEntry'),
    accountId: posting.accountId,
    amount: posting.amount,
    currency: posting.currency,
    kind: posting.kind,
    status: posting.status ?? 'POSTED',
    createdAt: tenant.clock.nowIso(),
    ...(posting.reference !== undefined ? { reference: posting.reference } : {}),
  };
  tenant.ledgerEntries.insert(entry);
  add(sumsFor(sumsOf(tenant), entry.accountId), entry, 1);
  tenant.changed();
  return entry;
}

/** Settles a pending entry (a hold becomes a debit, an incoming credit arrives) or voids it. */
export function settleEntry(tenant: Tenant, entryId: string, status: 'POSTED' | 'VOIDED'): LedgerEntry {
  const entry = tenant.ledgerEntries.get(entryId);
  if (!entry) throw new Error(`no ledger entry ${entryId}`);
  if (entry.status !== 'PENDING') throw new Error(`ledger entry ${entryId} is already ${entry.status}`);
  watchInternalAccount(tenant, entry.accountId);
  const sums = sumsFor(sumsOf(tenant), entry.accountId);
  add(sums, entry, -1);
  tenant.ledgerEntries.update(entryId, (e) => {
    e.status = status;
    e.settledAt = tenant.clock.nowIso();
  });
  add(sums, entry, 1);
  tenant.changed();
  return entry;
}
