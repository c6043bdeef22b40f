/**
 * Snapshots: a tenant's whole state as one JSON document (the same shape as
 * its data file, without credentials). Fixture files use this format; a
 * document that does not validate is refused with the path of the first
 * offending field, and nothing is changed.
 */
import { z } from '@hono/zod-openapi';
import { Customer } from '../areas/customers/customers.schemas.js';
import { PlatformConfig } from '../areas/config/config.schemas.js';
import { AccountInfoCreate, ExternalAccount } from '../areas/external-accounts/external-accounts.schemas.js';
import { InternalAccount } from '../areas/internal-accounts/internal-accounts.schemas.js';
import { fieldErrorsOf } from '../core/validation.js';
import type { FieldError } from '../core/errors.js';
import type { TenantData } from './tenant.js';

const StoredInternalAccount = InternalAccount.omit({ balance: true, totalBalance: true }).extend({ currency: z.string().regex(/^[A-Z0-9]{3,5}$/) });
const StoredExternalAccount = ExternalAccount.extend({ accountInfo: AccountInfoCreate });
const StoredLedgerEntry = z.object({
  id: z.string().min(1),
  accountId: z.string().min(1),
  amount: z.number().int().refine((n) => n !== 0 && Number.isSafeInteger(n), 'A non-zero integer amount'),
  currency: z.string(),
  kind: z.string().min(1),
  status: z.enum(['POSTED', 'PENDING', 'VOIDED']),
  reference: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const Snapshot = z.object({
  config: PlatformConfig.optional(),
  customers: z.record(z.string(), Customer).optional(),
  internalAccounts: z.record(z.string(), StoredInternalAccount).optional(),
  externalAccounts: z.record(z.string(), StoredExternalAccount).optional(),
  ledgerEntries: z.record(z.string(), StoredLedgerEntry).optional(),
});

export type Snapshot = z.infer<typeof Snapshot>;

export class InvalidSnapshotError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.field}: ${e.message ?? 'invalid'}`).join('; '));
    this.name = 'InvalidSnapshotError';
  }
}

/** Ids must match their keys, and every reference must point at a record of the snapshot. */
function referenceErrors(s: Snapshot): FieldError[] {
  const errors: FieldError[] = [];
  const keyed = (name: string, records: Record<string, { id: string }> | undefined) => {
    for (const [key, record] of Object.entries(records ?? {})) if (key !== record.id) errors.push({ field: `${name}.${key}.id`, message: 'Must equal its key' });
  };
  keyed('customers', s.customers);
  keyed('internalAccounts', s.internalAccounts);
  keyed('externalAccounts', s.externalAccounts);
  keyed('ledgerEntries', s.ledgerEntries);
  const customers = s.customers ?? {};
  for (const [key, a] of Object.entries(s.internalAccounts ?? {})) {
    if (a.customerId !== undefined && !customers[a.customerId]) errors.push({ field: `internalAccounts.${key}.customerId`, message: `No customer ${a.customerId} in the snapshot` });
  }
  for (const [key, a] of Object.entries(s.externalAccounts ?? {})) {
    if (a.customerId !== undefined && !customers[a.customerId]) errors.push({ field: `externalAccounts.${key}.customerId`, message: `No customer ${a.customerId} in the snapshot` });
  }
  for (const [key, e] of Object.entries(s.ledgerEntries ?? {})) {
    const account = s.internalAccounts?.[e.accountId];
    if (!account) errors.push({ field: `ledgerEntries.${key}.accountId`, message: `No internal account ${e.accountId} in the snapshot` });
    else if (account.currency !== e.currency) errors.push({ field: `ledgerEntries.${key}.currency`, message: `The account holds ${account.currency}` });
  }
  return errors;
}

export function parseSnapshot(raw: unknown): Snapshot {
  const parsed = Snapshot.safeParse(raw);
  if (!parsed.success) throw new InvalidSnapshotError(fieldErrorsOf(parsed.error.issues));
  const errors = referenceErrors(parsed.data);
  if (errors.length > 0) throw new InvalidSnapshotError(errors);
  return parsed.data;
}

/** Fresh tenant data with the snapshot's collections in place of the empty ones. */
export function applySnapshot(fresh: TenantData, snapshot: Snapshot): TenantData {
  const copy = structuredClone(snapshot) as Snapshot;
  return {
    ...fresh,
    ...(copy.config ? { config: copy.config } : {}),
    customers: copy.customers ?? {},
    internalAccounts: (copy.internalAccounts ?? {}) as TenantData['internalAccounts'],
    externalAccounts: (copy.externalAccounts ?? {}) as TenantData['externalAccounts'],
    ledgerEntries: copy.ledgerEntries ?? {},
  };
}
