/**
 * Snapshots: a tenant's whole state as one JSON document: its collections
 * (the same shape as its data file), its configuration, its clock offset and
 * the bytes of its uploaded files, without credentials. `PUT
 * /__admin/snapshot` restores one and `--fixtures` seeds from one; any part
 * may be left out. A document that does not validate is refused with the
 * path of each offending field, and nothing is changed.
 */
import { z } from '@hono/zod-openapi';
import { Customer } from '../areas/customers/customers.schemas.js';
import { PlatformConfig } from '../areas/config/config.schemas.js';
import { AccountInfoCreate, ExternalAccount } from '../areas/external-accounts/external-accounts.schemas.js';
import { InternalAccount } from '../areas/internal-accounts/internal-accounts.schemas.js';
import { fieldErrorsOf } from '../core/validation.js';
import type { FieldError } from '../core/errors.js';
import { COLLECTION_NAMES, type CollectionData, type CollectionName } from './collections.js';
import type { Tenant, TenantData } from './tenant.js';

export const SNAPSHOT_FORMAT = 'paysandbox-snapshot/1';

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
/** Collections without a schema of their own here: records with an id, checked against their keys. */
const AnyRecord = z.looseObject({ id: z.string().min(1) });

const CHECKED: Partial<Record<CollectionName, z.ZodType>> = {
  customers: Customer,
  internalAccounts: StoredInternalAccount,
  externalAccounts: StoredExternalAccount,
  ledgerEntries: StoredLedgerEntry,
};

export const Snapshot = z
  .object({
    format: z.literal(SNAPSHOT_FORMAT).optional(),
    exportedAt: z.string().optional(),
    clock: z.object({ clockOffsetMs: z.number().finite() }).optional(),
    config: PlatformConfig.optional(),
    files: z.record(z.string(), z.base64()).optional().openapi({ description: 'Uploaded document bytes, base64, by document id' }),
    ...Object.fromEntries(COLLECTION_NAMES.map((name) => [name, z.record(z.string(), CHECKED[name] ?? AnyRecord).optional()])),
  })
  .strict()
  .openapi('AdminSnapshot');

export type Snapshot = { format?: string; exportedAt?: string; clock?: { clockOffsetMs: number }; config?: z.infer<typeof PlatformConfig>; files?: Record<string, string> } & Partial<CollectionData>;

export class InvalidSnapshotError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.field}: ${e.message ?? 'invalid'}`).join('; '));
    this.name = 'InvalidSnapshotError';
  }
}

/** Ids must match their keys, and the money records must point at records of the snapshot. */
function referenceErrors(s: Snapshot): FieldError[] {
  const errors: FieldError[] = [];
  for (const name of COLLECTION_NAMES) {
    for (const [key, record] of Object.entries((s[name] ?? {}) as Record<string, { id: string }>)) if (key !== record.id) errors.push({ field: `${name}.${key}.id`, message: 'Must equal its key' });
  }
  const customers = s.customers ?? {};
  const internal = s.internalAccounts ?? {};
  for (const [key, a] of Object.entries(internal)) {
    if (a.customerId !== undefined && !customers[a.customerId]) errors.push({ field: `internalAccounts.${key}.customerId`, message: `No customer ${a.customerId} in the snapshot` });
  }
  for (const [key, a] of Object.entries(s.externalAccounts ?? {})) {
    if (a.customerId !== undefined && !customers[a.customerId]) errors.push({ field: `externalAccounts.${key}.customerId`, message: `No customer ${a.customerId} in the snapshot` });
  }
  for (const [key, e] of Object.entries(s.ledgerEntries ?? {})) {
    const account = internal[e.accountId];
    if (!account) errors.push({ field: `ledgerEntries.${key}.accountId`, message: `No internal account ${e.accountId} in the snapshot` });
    else if (account.currency !== e.currency) errors.push({ field: `ledgerEntries.${key}.currency`, message: `The account holds ${account.currency}` });
  }
  return errors;
}

export function parseSnapshot(raw: unknown): Snapshot {
  const parsed = Snapshot.safeParse(raw);
  if (!parsed.success) throw new InvalidSnapshotError(fieldErrorsOf(parsed.error.issues));
  const snapshot = parsed.data as Snapshot;
  const errors = referenceErrors(snapshot);
  if (errors.length > 0) throw new InvalidSnapshotError(errors);
  return snapshot;
}

/** Fresh tenant data with the snapshot's parts in place of the empty ones. */
export function applySnapshot(fresh: TenantData, snapshot: Snapshot): TenantData {
  const copy = structuredClone(snapshot);
  const data = { ...fresh } as Record<string, unknown>;
  for (const name of COLLECTION_NAMES) if (copy[name]) data[name] = copy[name];
  if (copy.config) data.config = copy.config;
  if (copy.clock) data.clock = copy.clock;
  return data as unknown as TenantData;
}

/** GET /__admin/snapshot: everything the tenant holds, credentials excepted. */
export function exportSnapshot(tenant: Tenant): Snapshot {
  const { schemaVersion: _v, tenantId: _t, secretSha256: _s, ...state } = structuredClone(tenant.data);
  const files: Record<string, string> = {};
  for (const id of Object.keys(tenant.data.documents)) {
    const bytes = tenant.blobs.get(id);
    if (bytes) files[id] = bytes.toString('base64');
  }
  return { format: SNAPSHOT_FORMAT, exportedAt: tenant.clock.nowIso(), ...(state as Omit<Snapshot, 'format'>), files };
}

/** Writes a snapshot's file bytes into the tenant's blob store. */
export function restoreFiles(tenant: Tenant, snapshot: Snapshot): void {
  for (const [id, base64] of Object.entries(snapshot.files ?? {})) tenant.blobs.put(id, Buffer.from(base64, 'base64'));
}
