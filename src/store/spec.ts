/**
 * What a tenant store holds is declared by the layers above it: each area (and
 * the events, webhooks and control layers) defines its collections and
 * documents here and hands them to the store at composition time. The store
 * names none of them; it indexes, persists, checks and snapshots whatever it
 * is given.
 *
 * The record types reach `Tenant` by declaration merging: a layer that
 * defines a collection adds `name: RecordType` to `TenantRecords` (and a
 * document to `TenantDocuments`), so `tenant.<name>` is typed where it is used.
 */
import type { ZodType } from 'zod';
import type { FieldError } from '../core/errors.js';
import type { IdGenerator } from '../core/ids.js';
import type { IndexKey } from './collection.js';

/** Record type of each collection, by name: filled in by the layers that define them. */
export interface TenantRecords {}

/** Singleton documents (the platform configuration, the clock offset), by name. */
export interface TenantDocuments {}

export type CollectionName = keyof TenantRecords & string;
export type DocumentName = keyof TenantDocuments & string;

/** Read access to a snapshot under check, for references between its records. */
export interface SnapshotLookup {
  get(collection: string, id: string): Record<string, unknown> | undefined;
}

/** A collection as the store sees it: records with an id, their schema and indexes. */
export interface StoredCollection {
  readonly kind: 'collection';
  readonly name: string;
  /** Checks every record read from disk, replayed from the journal or restored from a snapshot. */
  readonly schema: ZodType<unknown>;
  readonly indexes: Readonly<Record<string, IndexKey<never>>>;
  /** Records may own file bytes (kept in the blob store under their id). */
  readonly ownsBlobs: boolean;
  /** References of a snapshot's record to other records: errors for the fields that point nowhere. */
  readonly references?: (record: never, lookup: SnapshotLookup) => FieldError[];
}

export interface StoredDocument {
  readonly kind: 'document';
  readonly name: string;
  readonly schema: ZodType<unknown>;
  /** The document of a fresh tenant. */
  readonly initial: (context: { ids: IdGenerator; nowIso: string }) => unknown;
}

export interface CollectionDefinition<T extends { id: string }> {
  schema: ZodType<T>;
  indexes?: Record<string, IndexKey<T>>;
  ownsBlobs?: boolean;
  references?: (record: T, lookup: SnapshotLookup) => FieldError[];
}

/** Declares collection `name`; its record type is the one the defining layer added to TenantRecords. */
export function defineCollection<K extends CollectionName>(
  name: K,
  definition: TenantRecords[K] extends { id: string } ? CollectionDefinition<TenantRecords[K]> : never,
): StoredCollection {
  const d = definition as unknown as CollectionDefinition<{ id: string }>;
  return {
    kind: 'collection',
    name,
    schema: d.schema,
    indexes: (d.indexes ?? {}) as Record<string, IndexKey<never>>,
    ownsBlobs: d.ownsBlobs ?? false,
    ...(d.references ? { references: d.references as StoredCollection['references'] } : {}),
  };
}

/**
 * A collection whose definition (and the schemas it is made of) loads when
 * it is first needed: its records checked, its indexes first queried. The
 * name is all a tenant needs to hold it.
 */
export function collectionOnFirstUse(name: string, load: () => StoredCollection): StoredCollection {
  let loaded: StoredCollection | undefined;
  const part = () => {
    loaded ??= load();
    if (loaded.name !== name) throw new Error(`collection ${name} loaded as ${loaded.name}`);
    return loaded;
  };
  return {
    kind: 'collection',
    name,
    get schema() {
      return part().schema;
    },
    get indexes() {
      return part().indexes;
    },
    get ownsBlobs() {
      return part().ownsBlobs;
    },
    get references() {
      return part().references;
    },
  };
}

/**
 * Declares document `name` with its schema and its value in a fresh tenant. A schema given as a function is
 * made when it is first needed (a document read back or checked), not when the store is declared.
 */
export function defineDocument<K extends DocumentName>(
  name: K,
  definition: { schema: ZodType<TenantDocuments[K]> | (() => ZodType<TenantDocuments[K]>); initial: (context: { ids: IdGenerator; nowIso: string }) => TenantDocuments[K] },
): StoredDocument {
  const { schema, initial } = definition;
  if (typeof schema !== 'function') return { kind: 'document', name, schema, initial };
  let made: ZodType<unknown> | undefined;
  return {
    kind: 'document',
    name,
    get schema() {
      return (made ??= schema());
    },
    initial,
  };
}

/** Everything a tenant holds: the composition root gathers it from every layer. */
export class StoreSchema {
  readonly collections: readonly StoredCollection[];
  readonly documents: readonly StoredDocument[];

  constructor(parts: ReadonlyArray<StoredCollection | StoredDocument>) {
    const names = new Set<string>();
    for (const part of parts) {
      if (names.has(part.name)) throw new Error(`two store parts are named ${part.name}`);
      names.add(part.name);
    }
    this.collections = parts.filter((p): p is StoredCollection => p.kind === 'collection');
    this.documents = parts.filter((p): p is StoredDocument => p.kind === 'document');
  }

  collection(name: string): StoredCollection | undefined {
    return this.collections.find((c) => c.name === name);
  }

  document(name: string): StoredDocument | undefined {
    return this.documents.find((d) => d.name === name);
  }
}
