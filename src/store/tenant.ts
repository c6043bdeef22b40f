/**
 * One tenant: everything a client id owns. Its data is one JSON document
 * (persisted by lowdb), its collections index that document, its clock is
 * real time plus the tenant's own offset, and its due jobs run on that clock.
 */
import { Clock, type ClockState, type TimeSource } from '../core/clock.js';
import type { IdGenerator } from '../core/ids.js';
import type { Logger } from '../core/log.js';
import type { PlatformConfig } from '../areas/config/config.schemas.js';
import type { WebhookEvent } from '../events/events.schemas.js';
import { buildCollections, rebuildCollections, type CollectionData, type Collections } from './collections.js';
import { WriteBehind } from './persistence.js';
import { JobScheduler, type JobHandlers } from './jobs.js';
import { BlobStore } from './blobs.js';

/** What a tenant tells the parts of the sandbox that act on its own (webhook delivery, live streams). */
export interface TenantSignals {
  /** An event entered the outbox. */
  event: WebhookEvent;
  /** The tenant's clock moved forward (advance or set), or its data was replaced. */
  clock: undefined;
}

type SignalListener<K extends keyof TenantSignals> = (value: TenantSignals[K]) => void;

export type { LedgerEntry, OwnershipChallengeRecord } from './collections.js';

export const SCHEMA_VERSION = 1;

export interface TenantData extends CollectionData {
  schemaVersion: number;
  tenantId: string;
  /** sha256 of the client secret bound on first use; null while unbound. */
  secretSha256: string | null;
  clock: ClockState;
  config: PlatformConfig;
}

export interface TenantOptions {
  time: TimeSource;
  ids: IdGenerator;
  jobHandlers: JobHandlers;
  log: Logger;
  /** JSON file to persist to; memory only when absent. */
  file?: string;
}

/** A tenant's collections are its own properties: tenant.customers, tenant.documents, ... */
export interface Tenant extends Collections {}

export class Tenant {
  readonly id: string;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly log: Logger;
  readonly scheduler: JobScheduler;
  /** Bytes of uploaded files, kept beside the data file (or in memory for a memory tenant). */
  readonly blobs: BlobStore;
  private readonly storage: WriteBehind<TenantData>;
  /** Values derived from the data (e.g. running balances), dropped whenever the data is replaced. */
  private readonly derivedValues = new Map<string, unknown>();
  private readonly listeners: { [K in keyof TenantSignals]: Set<SignalListener<K>> } = { event: new Set(), clock: new Set() };

  constructor(data: TenantData, options: TenantOptions) {
    this.id = data.tenantId;
    this.ids = options.ids;
    this.log = options.log;
    this.storage = new WriteBehind(options.file, data, options.log);
    const storage = this.storage;
    this.clock = new Clock(options.time, {
      get clockOffsetMs() {
        return storage.data.clock.clockOffsetMs;
      },
      set clockOffsetMs(ms: number) {
        storage.data.clock.clockOffsetMs = ms;
      },
    });
    Object.assign(this, buildCollections(data));
    this.blobs = new BlobStore(options.file ? `${options.file.replace(/\.json$/, '')}.files` : undefined);
    this.scheduler = new JobScheduler(this, options.jobHandlers);
  }

  get data(): TenantData {
    return this.storage.data;
  }

  get persistent(): boolean {
    return this.storage.persistent;
  }

  persistenceStats() {
    return this.storage.stats();
  }

  get config(): PlatformConfig {
    return this.storage.data.config;
  }

  /** Records that the tenant's data changed; it is written soon after. */
  changed(): void {
    this.storage.markDirty();
  }

  /** Subscribes to a signal; returns the unsubscribe function. */
  on<K extends keyof TenantSignals>(signal: K, listener: SignalListener<K>): () => void {
    this.listeners[signal].add(listener);
    return () => this.listeners[signal].delete(listener);
  }

  signal<K extends keyof TenantSignals>(signal: K, value: TenantSignals[K]): void {
    for (const listener of this.listeners[signal]) {
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

  /** Replaces all data (reset, snapshot restore) and re-indexes it. */
  replaceData(data: TenantData): void {
    this.scheduler.stop();
    this.derivedValues.clear();
    this.storage.data = data;
    rebuildCollections(this, data);
    this.blobs.retainOnly(new Set(Object.keys(data.documents)));
    this.changed();
    this.scheduler.arm();
    this.signal('clock', undefined);
  }

  async flush(): Promise<void> {
    await this.storage.flush();
  }

  async close(): Promise<void> {
    this.scheduler.stop();
    await this.storage.close();
  }
}
