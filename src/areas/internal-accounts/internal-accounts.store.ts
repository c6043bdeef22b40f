/** Internal accounts and the ledger whose entries make their balances. */
import { z } from '@hono/zod-openapi';
import { defineCollection } from '../../store/spec.js';
import { InternalAccount, type InternalAccountRecord } from './internal-accounts.schemas.js';

/** A balance change on an internal account, in integer minor units. */
export interface LedgerEntry {
  id: string;
  accountId: string;
  amount: number;
  currency: string;
  kind: string;
  /**
   * POSTED entries count fully; PENDING credits count only in totalBalance and
   * PENDING debits (holds) already reduce the available balance; VOIDED ones
   * (released holds, credits that never arrived) count nowhere.
   */
  status: 'POSTED' | 'PENDING' | 'VOIDED';
  reference?: string;
  createdAt: string;
  /** When a PENDING entry became POSTED or VOIDED (the account's balance history needs the instant). */
  settledAt?: string;
}

declare module '../../store/spec.js' {
  interface TenantRecords {
    internalAccounts: InternalAccountRecord;
    ledgerEntries: LedgerEntry;
  }
}

const StoredInternalAccount = InternalAccount.omit({ balance: true, totalBalance: true }).extend({ currency: z.string().regex(/^[A-Z0-9]{3,5}$/) });

const StoredLedgerEntry = z.object({
  id: z.string().min(1),
  accountId: z.string().min(1),
  amount: z.number().int().refine((n) => n !== 0 && Number.isSafeInteger(n), 'A non-zero integer amount'),
  currency: z.string(),
  kind: z.string().min(1),
  status: z.enum(['POSTED', 'PENDING', 'VOIDED']),
  reference: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
  settledAt: z.iso.datetime({ offset: true }).optional(),
});

export const internalAccountsCollection = defineCollection('internalAccounts', {
  schema: StoredInternalAccount,
  indexes: {
    customer: (a) => a.customerId,
    owner: (a) => a.customerId ?? 'platform',
    anyCustomer: (a) => (a.customerId ? 'all' : undefined),
  },
  references: (a, lookup) =>
    a.customerId !== undefined && !lookup.get('customers', a.customerId) ? [{ field: 'customerId', message: `No customer ${a.customerId} in the snapshot` }] : [],
});

export const ledgerEntriesCollection = defineCollection('ledgerEntries', {
  schema: StoredLedgerEntry,
  indexes: { account: (e) => e.accountId, reference: (e) => e.reference },
  references: (e, lookup) => {
    const account = lookup.get('internalAccounts', e.accountId);
    if (!account) return [{ field: 'accountId', message: `No internal account ${e.accountId} in the snapshot` }];
    return account.currency !== e.currency ? [{ field: 'currency', message: `The account holds ${String(account.currency)}` }] : [];
  },
});
