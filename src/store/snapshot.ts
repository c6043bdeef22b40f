/**
 * Snapshots: a tenant's whole state as one JSON document: its collections,
 * its documents (configuration, clock offset) and the bytes of its uploaded
 * files, without credentials. `PUT /__admin/snapshot` restores one and
 * `--fixtures` seeds from one; any part may be left out. A document that does
 * not validate is refused with the path of each offending field, and nothing
 * is changed. The format follows the registered collections and documents.
 */
import { z } from 'zod';
import { fieldErrorsOf } from '../core/validation.js';
import { isJsonObject } from '../core/objects.js';
import type { FieldError } from '../core/errors.js';
import type { StoreSchema } from './spec.js';
import type { RecordMap, TenantState } from './storage.js';
import type { Tenant } from './tenant.js';

export const SNAPSHOT_FORMAT = 'paysandbox-snapshot/1';

export interface Snapshot {
  format?: string;
  exportedAt?: string;
  /** Uploaded file bytes, base64, by the id of the record that owns them. */
  files?: Record<string, string>;
  /** Documents and collections, by name. */
  [part: string]: unknown;
}

/** The snapshot document's schema: one optional member per document and collection. */
export function snapshotSchema(schema: StoreSchema) {
  return z
    .object({
      format: z.literal(SNAPSHOT_FORMAT).optional(),
      exportedAt: z.string().optional(),
      files: z.record(z.string(), z.base64()).optional().meta({ description: 'Uploaded document bytes, base64, by document id' }),
      ...Object.fromEntries(schema.documents.map((d) => [d.name, d.schema.optional()])),
      ...Object.fromEntries(schema.collections.map((c) => [c.name, z.record(z.string(), c.schema).optional()])),
    })
    .strict();
}

export class InvalidSnapshotError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.field}: ${e.message ?? 'invalid'}`).join('; '));
    this.name = 'InvalidSnapshotError';
  }
}


/** Ids must match their keys, and records must point at records of the snapshot. */
function referenceErrors(raw: Record<string, unknown>, schema: StoreSchema): FieldError[] {
  const errors: FieldError[] = [];
  const lookup = {
    get: (collection: string, id: string) => {
      const records = raw[collection];
      const record = isJsonObject(records) ? records[id] : undefined;
      return isJsonObject(record) ? record : undefined;
    },
  };
  for (const spec of schema.collections) {
    const records = raw[spec.name];
    if (!isJsonObject(records)) continue;
    for (const [key, record] of Object.entries(records as RecordMap)) {
      if (key !== record.id) errors.push({ field: `${spec.name}.${key}.id`, message: 'Must equal its key' });
      for (const e of spec.references?.(record as never, lookup) ?? []) errors.push({ ...e, field: `${spec.name}.${key}.${e.field}` });
    }
  }
  return errors;
}

/** Checks a snapshot document; the records kept are the ones given (a deep copy), never a reduced form. */
export function parseSnapshot(schema: StoreSchema, raw: unknown): Snapshot {
  const parsed = snapshotSchema(schema).safeParse(raw);
  if (!parsed.success) throw new InvalidSnapshotError(fieldErrorsOf(parsed.error.issues));
  const given = structuredClone(raw as Record<string, unknown>);
  const errors = referenceErrors(given, schema);
  if (errors.length > 0) throw new InvalidSnapshotError(errors);
  return given as Snapshot;
}

/** The documents and collections a snapshot sets; the others stay at a fresh tenant's values. */
export function snapshotParts(schema: StoreSchema, snapshot: Snapshot): { documents: Record<string, unknown>; collections: TenantState['collections'] } {
  const documents: Record<string, unknown> = {};
  const collections: TenantState['collections'] = {};
  for (const d of schema.documents) if (snapshot[d.name] !== undefined) documents[d.name] = structuredClone(snapshot[d.name]);
  for (const c of schema.collections) if (snapshot[c.name] !== undefined) collections[c.name] = structuredClone(snapshot[c.name] as RecordMap);
  return { documents, collections };
}

/** GET /__admin/snapshot: everything the tenant holds, credentials excepted. */
export function exportSnapshot(tenant: Tenant, schema: StoreSchema): Snapshot {
  const state = tenant.exportState();
  const files: Record<string, string> = {};
  for (const spec of schema.collections) {
    // Stryker disable next-line ConditionalExpression: only collections that own files have bytes in the blob store; looking in it for the others finds none.
    if (!spec.ownsBlobs) continue;
    for (const id of Object.keys(state.collections[spec.name] ?? {})) {
      const bytes = tenant.blobs.get(id);
      if (bytes) files[id] = bytes.toString('base64');
    }
  }
  return { format: SNAPSHOT_FORMAT, exportedAt: tenant.clock.nowIso(), ...state.documents, ...state.collections, files };
}

/** Puts a snapshot's file bytes in the tenant's blob store (before its records replace the tenant's). */
export function restoreFiles(tenant: Tenant, snapshot: Snapshot): void {
  for (const [id, base64] of Object.entries(snapshot.files ?? {})) tenant.blobs.put(id, Buffer.from(base64, 'base64'));
}

/** Lays a snapshot over the tenant's current state (fixtures on a fresh tenant): the parts it names replace theirs. */
export function applySnapshot(tenant: Tenant, schema: StoreSchema, snapshot: Snapshot): void {
  restoreFiles(tenant, snapshot);
  const state = tenant.exportState();
  const parts = snapshotParts(schema, snapshot);
  Object.assign(state.documents, parts.documents);
  Object.assign(state.collections, parts.collections);
  tenant.replaceState(state);
}
