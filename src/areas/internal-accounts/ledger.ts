/**
 * The ledger: every balance change of an internal account is an entry, and a
 * balance is the sum of the account's entries. Nothing else moves money.
 */
import { apiError } from '../../core/errors.js';
import type { Tenant } from '../../store/tenant.js';
import type { LedgerEntry } from './internal-accounts.store.js';

export interface Balances {
  /** What can be spent now: posted entries plus holds (pending debits). */
  available: number;
  /** Everything the account holds or is about to receive: posted entries plus pending credits. */
  total: number;
}

interface Sums {
  posted: number;
  pendingIn: number;
  pendingOut: number;
}

function add(sums: Sums, entry: LedgerEntry, sign: 1 | -1): void {
  if (entry.status === 'POSTED') sums.posted += sign * entry.amount;
  else if (entry.status === 'VOIDED') return;
  else if (entry.amount > 0) sums.pendingIn += sign * entry.amount;
  else sums.pendingOut += sign * entry.amount;
}

/** The sum of every account's entries, by status: built from the ledger once, then kept up to date by each change. */
function sumsOf(tenant: Tenant): Map<string, Sums> {
  return tenant.derived('ledger.sums', () => {
    const sums = new Map<string, Sums>();
    for (const entry of tenant.ledgerEntries.values()) add(sumsFor(sums, entry.accountId), entry, 1);
    return sums;
  });
}

function sumsFor(sums: Map<string, Sums>, accountId: string): Sums {
  let found = sums.get(accountId);
  if (!found) {
    found = { posted: 0, pendingIn: 0, pendingOut: 0 };
    sums.set(accountId, found);
  }
  return found;
}

export function balancesOf(tenant: Tenant, accountId: string): Balances {
  const sums = sumsOf(tenant).get(accountId) ?? { posted: 0, pendingIn: 0, pendingOut: 0 };
  return { available: sums.posted + sums.pendingOut, total: sums.posted + sums.pendingIn };
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
  add(sumsFor(sumsOf(tenant), entry.accountId), entry, 1);
  tenant.changed();
  return entry;
}

/** Settles a pending entry (a hold becomes a debit, an incoming credit arrives) or voids it. */
export function settleEntry(tenant: Tenant, entryId: string, status: 'POSTED' | 'VOIDED'): LedgerEntry {
  const entry = tenant.ledgerEntries.get(entryId);
  if (!entry) throw new Error(`no ledger entry ${entryId}`);
  if (entry.status !== 'PENDING') throw new Error(`ledger entry ${entryId} is already ${entry.status}`);
  const sums = sumsFor(sumsOf(tenant), entry.accountId);
  add(sums, entry, -1);
  tenant.ledgerEntries.update(entryId, (e) => {
    e.status = status;
  });
  add(sums, entry, 1);
  tenant.changed();
  return entry;
}
