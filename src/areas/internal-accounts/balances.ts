/**
 * Balances: the sums of each account's ledger entries, built from the
 * ledger once and kept up to date by each posting.
 */
import type { Tenant } from '../../store/tenant.js';
import type { LedgerEntry } from './internal-accounts.store.js';

export interface Balances {
  /** What can be spent now: posted entries plus holds (pending debits). */
  available: number;
  /** Everything the account holds or is about to receive: posted entries plus pending credits. */
  total: number;
}

export interface Sums {
  posted: number;
  pendingIn: number;
  pendingOut: number;
}

export function add(sums: Sums, entry: LedgerEntry, sign: 1 | -1): void {
  if (entry.status === 'POSTED') sums.posted += sign * entry.amount;
  else if (entry.status === 'VOIDED') return;
  else if (entry.amount > 0) sums.pendingIn += sign * entry.amount;
  else sums.pendingOut += sign * entry.amount;
}

/** The sum of every account's entries, by status: built from the ledger once, then kept up to date by each change. */
export function sumsOf(tenant: Tenant): Map<string, Sums> {
  return tenant.derived('ledger.sums', () => {
    const sums = new Map<string, Sums>();
    for (const entry of tenant.ledgerEntries.values()) add(sumsFor(sums, entry.accountId), entry, 1);
    return sums;
  });
}

export function sumsFor(sums: Map<string, Sums>, accountId: string): Sums {
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
