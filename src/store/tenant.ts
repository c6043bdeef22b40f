/**
 * One tenant: everything a client id owns. Its collections and documents are
 * the ones the composition root registered (the store names none of them);
 * its clock is real time plus the tenant's own offset, and its due jobs run
 * on that clock.
 *
 * Every change is recorded as it happens (collections report the ids they
 * touch; documents are compared with what was last written) and committed
 * in one journal line: before the response of the request that made it, or
 * on the next turn of the event loop for changes made outside a request.
 */
import { z } from 'zod';
import { Clock, type ClockState, type TimeSource } from '../core/clock.js';
import type { IdGenerator } from '../core/ids.js';
import type { Logger } from '../core/log.js';
import { Collection, type IndexKey } from './collection.js';
import type { Hooks } from './hooks.js';
import { JobScheduler, type JobHandlers } from './jobs.js';
import type { BlobStore } from './blobs.js';
import { Coverage } from './coverage.js';
import type { SecretRecord } from './secrets.js';
import type { StoreSchema, StoredDocument, TenantDocuments, TenantRecords } from './spec.js';
import type { RecordMap, SnapshotSource, TenantState, TenantStorage } from './storage.js';

declare module '../core/env.js' {
  interface AppVariables {
    /** The caller's tenant (from its Basic credentials). */
    tenant: Tenant;
  }
}

/** The tenant's offset from real time (`tenant.clock` reads it; it is no property of its own). */
export const clockDocument: StoredDocument = { kind: 'document', name: 'clock', schema: z.object({ clockOffsetMs: z.number().finite() }), initial: () => ({ clockOffsetMs: 0 }) };

/**
 * What a tenant tells the parts of the sandbox that act on their own (webhook
 * delivery, live streams). Higher layers add their signals here.
 */
export interface TenantSignals {
  /** The tenant's clock moved forward (advance or set), or its data was replaced. */
  clock: undefined;
}

type SignalListener<K extends keyof TenantSignals> = (value: TenantSignals[K]) => void;

export type TenantCollections = { readonly [K in keyof TenantRecords]: Collection<TenantRecords[K] & { id: string }> };

/** A tenant's collections and documents are its own properties: tenant.customers, tenant.config, ... */
export interface Tenant extends TenantCollections, TenantDocuments {}

export interface TenantOptions {
  schema: StoreSchema;
  time: TimeSource;
  ids: IdGenerator;
  jobHandlers: JobHandlers<Tenant>;
  hooks: Hooks;
  log: Logger;
  storage: TenantStorage;
  /** Told when the tenant first has changes not yet committed. */
  onDirty: (tenant: Tenant) => void;
  /** Checks after every commit that no record changed behind the store's back and every record fits its schema (tests). */
  audit?: boolean;
}

/** A record was changed without going through its collection, so the change would not be persisted. */
/** How often the store audit reads collections nobody read since the last audit (see Tenant.audit). */
export const AUDIT_SWEEP_EVERY = 16;

export class StoreAuditError extends Error {
  override name = 'StoreAuditError';
}

export class Tenant {
  readonly id: string;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly log: Logger;
  readonly hooks: Hooks;
  readonly scheduler: JobScheduler<Tenant>;
  /** What the client's requests have exercised; outlives reset and restore. */
  readonly coverage: Coverage;
  private closing: Promise<void> | undefined;
  private readonly collectionsByName = new Map<string, Collection<{ id: string }>>();
  private documentValues: Record<string, unknown>;
  private secretRecord: SecretRecord | null;
  private secretChanged = false;
  /** Ids touched since the last commit, by collection. */
  private readonly touched = new Map<string, Set<string>>();
  /** The JSON of each document as last committed. */
  private readonly committedDocuments = new Map<string, string>();
  /** Documents are compared with what was committed only after one was assigned anew or the clock moved: nothing else changes them. */
  private documentsTouched = false;
  private dirty = false;
  /** Commits whose write failed (disk full, ...): written first by the next commit. */
  private unwritten = '';
  private readonly auditJson: Map<string, string> | undefined;
  /** Audits so far: every AUDIT_SWEEP_EVERY-th reads every collection. */
  private audits = 0;
  /** Values derived from the data (e.g. running balances), dropped whenever the data is replaced. */
  private readonly derivedValues = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<(value: unknown) => void>>();
  /** Work waiting for the next commit, one per key (see beforeCommit). */
  private readonly commitWork = new Map<string, () => void>();

  constructor(
    state: TenantState,
    private readonly options: TenantOptions,
  ) {
    this.id = state.tenantId;
    this.ids = options.ids;
    this.log = options.log;
    this.hooks = options.hooks;
    this.documentValues = state.documents;
    this.secretRecord = state.secret;
    this.auditJson = options.audit ? new Map() : undefined;
    const self = this as unknown as Record<string, unknown>;
    for (const spec of options.schema.collections) {
      const collection = new Collection<{ id: string }>(state.collections[spec.name] ?? {}, () => spec.indexes as Record<string, IndexKey<{ id: string }>>, (id) => this.touch(spec.name, id));
      this.collectionsByName.set(spec.name, collection);
      Object.defineProperty(self, spec.name, { value: collection, enumerable: false });
    }
    for (const spec of options.schema.documents) {
      if (spec.name in self) continue; // the clock offset: read through tenant.clock
      Object.defineProperty(self, spec.name, {
        get: () => this.documentValues[spec.name],
        set: (value: unknown) => {
          this.documentValues[spec.name] = value;
          this.documentChanged();
        },
        enumerable: false,
      });
    }
    this.rememberCommitted();
    const documents = () => this.documentValues;
    const moved = () => this.documentChanged();
    this.clock = new Clock(options.time, {
      get clockOffsetMs() {
        return (documents().clock as ClockState).clockOffsetMs;
      },
      set clockOffsetMs(ms: number) {
        (documents().clock as ClockState).clockOffsetMs = ms;
        moved();
      },
    });
    this.scheduler = new JobScheduler<Tenant>(this as Tenant, options.jobHandlers);
    this.coverage = new Coverage(options.storage.coverage, () => this.clock.nowIso());
  }

  get blobs(): BlobStore {
    return this.options.storage.blobs;
  }

  get persistent(): boolean {
    return this.options.storage.persistent;
  }

  persistenceStats() {
    return this.options.storage.stats();
  }

  get secret(): SecretRecord | null {
    return this.secretRecord;
  }

  set secret(value: SecretRecord | null) {
    this.secretRecord = value;
    this.secretChanged = true;
    this.markDirty();
  }

  /** Asks for a commit soon (collections report their own changes; a document is changed by assigning it anew). */
  changed(): void {
    this.markDirty();
  }

  private documentChanged(): void {
    this.documentsTouched = true;
    this.markDirty();
  }

  private touch(collection: string, id: string): void {
    let ids = this.touched.get(collection);
    if (!ids) {
      ids = new Set();
      this.touched.set(collection, ids);
    }
    ids.add(id);
    this.markDirty();
  }

  private markDirty(): void {
    if (this.dirty) return;
    this.dirty = true;
    this.options.onDirty(this);
  }

  /** Whether changes await their commit. */
  get uncommitted(): boolean {
    return this.dirty;
  }

  /**
   * Writes everything changed since the last commit as one journal line.
   * Returns a promise when the line must also reach the disk (fsync) before
   * the change counts as made; throws when it could not be written.
   */
  commit(): Promise<void> | undefined {
    this.settle();
    if (!this.dirty && this.unwritten === '') return undefined;
    this.dirty = false;
    const storage = this.options.storage;
    const changes: unknown[] = [];
    // Stryker disable next-line ConditionalExpression: with neither a file nor the audit, the changes listed are dropped just below; this only saves listing them
    if (storage.persistent || this.auditJson !== undefined) {
      for (const [name, ids] of this.touched) {
        const collection = this.collectionsByName.get(name)!;
        for (const id of ids) changes.push(['c', name, id, collection.get(id) ?? null]);
      }
      for (const [name, value] of this.documentsTouched ? Object.entries(this.documentValues) : []) {
        const json = JSON.stringify(value);
        if (json === this.committedDocuments.get(name)) continue;
        this.committedDocuments.set(name, json);
        changes.push(['d', name, value]);
      }
      if (this.secretChanged) changes.push(['s', this.secretRecord]);
    }
    this.touched.clear();
    this.documentsTouched = false;
    this.secretChanged = false;
    if (this.auditJson) this.audit(changes);
    if ((changes.length === 0 && this.unwritten === '') || !storage.persistent) return undefined;
    const lines = this.unwritten + (changes.length > 0 ? `${JSON.stringify(changes)}\n` : '');
    let synced: Promise<void> | undefined;
    try {
      synced = storage.append(lines);
    } catch (err) {
      this.unwritten = lines;
      throw err;
    }
    this.unwritten = '';
    void storage.maybeCompact(this.snapshotSource());
    return synced;
  }

  /**
   * Work to do once at the next commit, before its changes are written: what
   * a commit changed can then be told once, however many steps made it.
   * `prepare` runs now, only for a key not already waiting (so it can note
   * how things were before the first change), and returns the work.
   */
  beforeCommit(key: string, prepare: () => () => void): void {
    if (this.commitWork.has(key)) return;
    this.commitWork.set(key, prepare());
    this.markDirty();
  }

  /** Runs the work waiting for the commit now (work that adds more runs too); the commit does this first. */
  settle(): void {
    for (const [key, work] of this.commitWork) {
      this.commitWork.delete(key);
      try {
        work();
      } catch (err) {
        // The changes it was about have happened: they are committed all the same.
        this.log.error('before-commit work failed', { tenant: this.id, key, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }

  /** Subscribes to a signal; returns the unsubscribe function. */
  on<K extends keyof TenantSignals>(signal: K, listener: SignalListener<K>): () => void {
    let set = this.listeners.get(signal);
    if (!set) {
      set = new Set();
      this.listeners.set(signal, set);
    }
    set.add(listener as (value: unknown) => void);
    return () => set.delete(listener as (value: unknown) => void);
  }

  signal<K extends keyof TenantSignals>(signal: K, value: TenantSignals[K]): void {
    for (const listener of this.listeners.get(signal) ?? []) {
      try {
        listener(value);
      } catch (err) {
        // A listener's failure is its own: the change that signalled has happened.
        this.log.error('tenant signal listener failed', { tenant: this.id, signal, error: err instanceof Error ? err.message : String(err) });
      }
    }
  }

  /** A value derived from the data, built once and kept until the data is replaced. */
  derived<T>(key: string, build: () => T): T {
    if (!this.derivedValues.has(key)) this.derivedValues.set(key, build());
    return this.derivedValues.get(key) as T;
  }

  /** The tenant's state as plain data (a deep copy). */
  exportState(): TenantState {
    const collections: Record<string, RecordMap> = {};
    for (const [name, collection] of this.collectionsByName) collections[name] = Object.fromEntries([...collection.values()].map((r) => [r.id, structuredClone(r)]));
    return { tenantId: this.id, secret: this.secretRecord, documents: structuredClone(this.documentValues), collections };
  }

  /** Replaces all data (reset, snapshot restore), re-indexes it and writes it out as a new snapshot. */
  replaceState(state: TenantState): void {
    this.scheduler.stop();
    this.derivedValues.clear();
    // What was about to be told describes data that is gone.
    this.commitWork.clear();
    this.documentValues = state.documents;
    this.secretRecord = state.secret;
    for (const [name, collection] of this.collectionsByName) collection.rebuild(state.collections[name] ?? {});
    // File bytes of records that are gone go too.
    // (An empty collection owns nothing: its definition, which may load with its area, is not asked.)
    const owners = new Set(this.options.schema.collections.filter((c) => this.collectionsByName.get(c.name)!.size > 0 && c.ownsBlobs).flatMap((c) => this.collectionsByName.get(c.name)!.ids()));
    this.blobs.retainOnly(owners);
    this.writeSnapshot();
    this.scheduler.arm();
    this.signal('clock', undefined);
  }

  /** Writes the whole state as a new snapshot now (a new or replaced tenant); it holds every change so far. */
  writeSnapshot(): void {
    if (this.auditJson) this.audit([...this.collectionsByName].flatMap(([name, collection]) => [...collection.values()].map((r) => ['c', name, r.id, r])));
    this.touched.clear();
    this.secretChanged = false;
    this.dirty = false;
    this.unwritten = '';
    this.rememberCommitted();
    this.options.storage.rewrite(this.snapshotSource());
  }

  /** Folds the journal into a new snapshot now, in the background (a compaction under way is awaited instead). */
  async compact(): Promise<void> {
    await this.commit();
    await this.options.storage.maybeCompact(this.snapshotSource(), true);
  }

  /** Stops the tenant's timers and writes what is pending; a second call waits for the first. */
  close(): Promise<void> {
    return (this.closing ??= this.closeOnce());
  }

  private async closeOnce(): Promise<void> {
    this.scheduler.stop();
    this.coverage.close();
    await this.commit();
    await this.options.storage.close(this.snapshotSource());
  }

  private snapshotSource(): SnapshotSource {
    return {
      begin: () => ({
        tenantId: this.id,
        secret: this.secretRecord,
        documents: JSON.parse(JSON.stringify(this.documentValues)) as Record<string, unknown>,
        // By number, not id: a tenant read from its snapshot may have built no id map yet (building one holds the event loop).
        collections: [...this.collectionsByName].map(([name, collection]) => [name, collection.unreadCopy() ?? collection.numbers()]),
      }),
      record: (collection, key) => this.collectionsByName.get(collection)?.recordNumbered(key as number),
    };
  }

  private rememberCommitted(): void {
    this.committedDocuments.clear();
    for (const [name, value] of Object.entries(this.documentValues)) this.committedDocuments.set(name, JSON.stringify(value));
    if (this.auditJson) {
      this.auditJson.clear();
      for (const [name, collection] of this.collectionsByName) for (const record of collection.values()) this.auditJson.set(`${name}\u0000${record.id}`, JSON.stringify(record));
    }
  }

  /** Test-time check: every record either is unchanged since the last commit or was committed now, and fits its schema. */
  private audit(changes: unknown[]): void {
    const audit = this.auditJson!;
    const committed = new Set<string>();
    for (const change of changes as Array<[string, string, string, unknown]>) {
      if (change[0] !== 'c') continue;
      const key = `${change[1]}\u0000${change[2]}`;
      committed.add(key);
      if (change[3] === null) {
        audit.delete(key);
        continue;
      }
      const spec = this.options.schema.collection(change[1])!;
      const parsed = spec.schema.safeParse(change[3]);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new StoreAuditError(`${change[1]}["${change[2]}"] does not fit its schema: ${issue.path.join('.')}: ${issue.message}`);
      }
      audit.set(key, JSON.stringify(change[3]));
    }
    // Records of a collection nobody read since the last audit cannot have been taken to change, but one kept from an
    // earlier commit can: every AUDIT_SWEEP_EVERY-th audit reads every collection (a full read at each commit made a
    // test that fills a tenant quadratic).
    const sweep = ++this.audits % AUDIT_SWEEP_EVERY === 0;
    for (const [name, collection] of this.collectionsByName) {
      if (!collection.takeReadMark() && !sweep) continue;
      for (const record of collection.values()) {
        const key = `${name}\u0000${record.id}`;
        // Stryker disable next-line ConditionalExpression: the audit has just stored a committed record's JSON, so comparing it again finds it equal
        if (committed.has(key)) continue;
        const before = audit.get(key);
        if (before !== JSON.stringify(record)) {
          const was = (before === undefined ? {} : JSON.parse(before)) as Record<string, unknown>;
          const fields = Object.keys({ ...was, ...record }).filter((f) => JSON.stringify(was[f]) !== JSON.stringify((record as Record<string, unknown>)[f]));
          throw new StoreAuditError(`${name}["${record.id}"] was changed (${fields.join(', ')}) without going through its collection (use update()); the change would not be persisted`);
        }
      }
      // The audit's own read.
      collection.takeReadMark();
    }
  }
}
