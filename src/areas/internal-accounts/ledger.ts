/**
 * The ledger: every balance change of an internal account is an entry, and a
 * balance is the sum of the account's entries. Nothing else moves money.
 */
import { apiError } from '../../core/errors.js';
import type { LedgerEntry, Tenant } from '../../store/tenant.js';

export interface Balances {
  /** What can be spent now: posted entries plus holds (pending debits). */
  available: number;
  /** Everything the account holds or is about to receive: posted entries plus pending credits. */
  total: number;
}

export function balancesOf(tenant: Tenant, accountId: string): Balances {
  let posted = 0;
  let pendingIn = 0;
  let pendingOut = 0;
  for (const entry of tenant.ledgerEntries.byIndex('account', accountId)) {
    if (entry.status === 'POSTED') posted += entry.amount;
    else if (entry.status === 'VOIDED') continue;
    else if (entry.amount > 0) pendingIn += entry.amount;
    else pendingOut += entry.amount;
  }
  return { available: posted + pendingOut, total: posted + pendingIn };
}

export interface Posting {
  accountId: string;
  amount: number;
  currency: string;
  kind: string;
  status?: LedgerEntry['status'];
  reference?: string;
}

export function postEntry(tenant: Tenant, posting: Posting): LedgerEntry {
  if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) throw new Error(`ledger amount ${posting.amount} is not a non-zero integer`);
  const after = balancesOf(tenant, posting.accountId);
  if (!Number.isSafeInteger(after.total + posting.amount)) throw apiError('AMOUNT_OUT_OF_RANGE', 'The resulting balance would exceed the largest representable amount');
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
  tenant.changed();
  return entry;
}

/** Settles a pending entry (a hold becomes a debit, an incoming credit arrives) or voids it. */
export function settleEntry(tenant: Tenant, entryId: string, status: 'POSTED' | 'VOIDED'): LedgerEntry {
  const entry = tenant.ledgerEntries.get(entryId);
  if (!entry) throw new Error(`no ledger entry ${entryId}`);
  if (entry.status !== 'PENDING') throw new Error(`ledger entry ${entryId} is already ${entry.status}`);
  tenant.ledgerEntries.update(entryId, (e) => {
    e.status = status;
  });
  tenant.changed();
  return entry;
}
