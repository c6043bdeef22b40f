/**
 * All tenants of a sandbox, keyed by client id. A tenant is created on its
 * client id's first authenticated request (or up front, to seed it) and
 * loaded from its files at start-up. The registry also commits: whatever
 * tenants changed are written before a response leaves, and on the next
 * turn of the event loop for changes made by timers.
 */
import { join } from 'node:path';
import { isoAt, type TimeSource } from '../core/clock.js';
import type { IdGenerator } from '../core/ids.js';
import type { Logger } from '../core/log.js';
import { CorruptDataFileError, ensurePrivateDir, listTenantFiles, quarantine, tenantFileBase, tenantsDir } from './files.js';
import type { Hooks } from './hooks.js';
import type { JobHandlers } from './jobs.js';
import { DISK_SECRET_COST, MEMORY_SECRET_COST, hashSecret, sameSecret, verifySecret } from './secrets.js';
import type { StoreSchema } from './spec.js';
import { DEFAULT_COMPACTION_BYTES, FileStorage, MemoryStorage, loadTenantFiles, type TenantState, type TenantStorage } from './storage.js';
import { Tenant } from './tenant.js';

export interface RegistryOptions {
  /** Directory for tenant files; memory only when absent. */
  dataDir?: string;
  /** Every collection and document a tenant holds. */
  schema: StoreSchema;
  time: TimeSource;
  ids: IdGenerator;
  log: Logger;
  jobHandlers: JobHandlers<Tenant>;
  hooks: Hooks;
  /** Runs once for a fresh (or reset) tenant, e.g. to open the platform's accounts and apply a scenario. */
  initialise: (tenant: Tenant) => void;
  /**
   * Set-up that runs after `initialise` and takes time (a fixture's steps,
   * sent through the API): the tenant's requests wait for it (ready()).
   */
  prepare?: (tenant: Tenant) => Promise<unknown> | undefined;
  /** Pinned credentials (client id -> secret); when present, no other client id is accepted. */
  credentials?: ReadonlyMap<string, string>;
  /** Called for every tenant as it comes into existence (loaded or created), before its set-up runs. */
  onTenant?: (tenant: Tenant) => void;
  /** Flush every commit to the disk (fdatasync) before it is acknowledged, not only to the operating system. */
  fsync?: boolean;
  /** Move unusable tenant files aside (into <data dir>/quarantine) instead of refusing to start. */
  repair?: boolean;
  /** Check every commit for changes made behind the store's back (test suites). */
  audit?: boolean;
  /** Journal size from which it is folded into the snapshot (and at least the snapshot's size). */
  compactionBytes?: number;
}

export class TenantRegistry {
  private readonly tenants = new Map<string, Tenant>();
  /** First secret bindings still being hashed, so a concurrent request waits for them. */
  private readonly binding = new Map<string, Promise<void>>();
  private readonly dirty = new Set<Tenant>();
  /** Group writes not yet done: every commit waits for them before its response. */
  private readonly unwritten = new Set<Promise<void>>();
  private commitScheduled = false;
  /** Tenants whose `prepare` is still running. */
  private readonly preparing = new Map<Tenant, Promise<unknown>>();
  /** What --repair set aside at start-up. */
  readonly quarantined: string[] = [];

  private constructor(private readonly options: RegistryOptions) {}

  /** Opens the registry, loading every tenant of the data directory (CorruptDataFileError on an unusable one). */
  static open(options: RegistryOptions): TenantRegistry {
    const registry = new TenantRegistry(options);
    if (options.dataDir) registry.loadAll(options.dataDir);
    return registry;
  }

  get dataDir(): string | undefined {
    return this.options.dataDir;
  }

  get schema(): StoreSchema {
    return this.options.schema;
  }

  get pinned(): boolean {
    return this.options.credentials !== undefined;
  }

  /** The tenant these credentials open, creating it on first use; undefined when they are wrong. */
  async authenticate(clientId: string, secret: string): Promise<Tenant | undefined> {
    const pinned = this.options.credentials;
    if (pinned) {
      const expected = pinned.get(clientId);
      return expected !== undefined && sameSecret(expected, secret) ? this.ensure(clientId) : undefined;
    }
    // A client id never seen: its secret is hashed on the thread pool while its tenant is made (files, defaults),
    // not after, so a new tenant's first answer waits for the longer of the two instead of both.
    const hashing = this.tenants.has(clientId) || this.binding.has(clientId) ? undefined : hashSecret(secret, this.secretCost);
    const tenant = this.ensure(clientId);
    const pending = this.binding.get(clientId);
    if (pending) await pending;
    const stored = tenant.secret;
    if (stored === null) {
      // Stryker disable next-line ArrowFunction: only forgets a finished binding; awaiting it again, settled, changes nothing
      const forget = () => this.binding.delete(clientId);
      const bind = (hashing ?? hashSecret(secret, this.secretCost))
        .then((hashed) => {
          tenant.secret = hashed;
        })
        .finally(forget);
      this.binding.set(clientId, bind);
      await bind;
      return tenant;
    }
    if (!(await verifySecret(secret, stored))) return undefined;
    // Version 1 kept an unsalted hash: replace it now that the secret is known.
    if (stored.algorithm !== 'scrypt' || stored.cost < this.secretCost) tenant.secret = await hashSecret(secret, this.secretCost);
    return tenant;
  }

  get(clientId: string): Tenant | undefined {
    return this.tenants.get(clientId);
  }

  all(): Tenant[] {
    return [...this.tenants.values()];
  }

  /** Creates (or returns) a tenant without binding a secret, e.g. to seed it at start-up. */
  ensure(clientId: string): Tenant {
    return this.tenants.get(clientId) ?? this.create(clientId);
  }

  /** Back to a fresh tenant: same client id and secret, nothing else. */
  reset(tenant: Tenant): void {
    tenant.coverage.quietly(() => {
      const fresh = this.freshState(tenant.id);
      fresh.secret = tenant.secret;
      tenant.replaceState(fresh);
      this.options.initialise(tenant);
      tenant.settle();
    });
    this.startPreparing(tenant);
  }

  /** While the tenant's `prepare` runs, the promise of its end (rejected when it failed); undefined once it is done. */
  ready(tenant: Tenant): Promise<unknown> | undefined {
    return this.preparing.get(tenant);
  }

  /**
   * Runs `run` once the tenant's set-up under way (if any) has ended, as
   * more of it: the tenant's requests wait for both. Answers its end (a
   * failure is the caller's to report).
   */
  extendSetUp(tenant: Tenant, run: () => Promise<unknown>): Promise<unknown> {
    const before = this.preparing.get(tenant);
    // A set-up that failed before was logged; what follows runs on what it left.
    return this.preparingFor(tenant, before ? before.then(run, run) : run());
  }

  private startPreparing(tenant: Tenant): void {
    const started = this.options.prepare?.(tenant);
    if (!started) return;
    this.preparingFor(tenant, started).catch((err: unknown) => this.options.log.error('the set-up of a fresh tenant failed', { tenant: tenant.id, error: (err as Error).message }));
  }

  /** Holds the tenant's requests until `started` ends. */
  private preparingFor(tenant: Tenant, started: Promise<unknown>): Promise<unknown> {
    const running: Promise<unknown> = started.finally(() => {
      if (this.preparing.get(tenant) === running) this.preparing.delete(tenant);
    });
    this.preparing.set(tenant, running);
    return running;
  }

  /** Replaces a tenant's state: same client id and secret, the documents and collections given, defaults for the rest. */
  replace(tenant: Tenant, parts: { documents: Record<string, unknown>; collections: TenantState['collections'] }): void {
    const fresh = this.freshState(tenant.id);
    fresh.secret = tenant.secret;
    Object.assign(fresh.documents, parts.documents);
    Object.assign(fresh.collections, parts.collections);
    tenant.coverage.quietly(() => tenant.replaceState(fresh));
  }

  /** A fresh tenant's state: every document at its default, every collection empty. */
  freshState(tenantId: string): TenantState {
    const context = { ids: this.options.ids, nowIso: isoAt(this.options.time.nowMs()) };
    return {
      tenantId,
      secret: null,
      documents: Object.fromEntries(this.options.schema.documents.map((d) => [d.name, d.initial(context)])),
      collections: Object.fromEntries(this.options.schema.collections.map((c) => [c.name, {}])),
    };
  }

  /**
   * Commits every tenant with changes. Throws the first error after trying
   * them all; returns a promise while any commit, this call's or an earlier
   * one's, is not yet written: a request whose changes another request's
   * call committed (into the same group write) must wait for it too.
   */
  commitDirty(): Promise<void> | undefined {
    let failure: unknown;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: with none dirty the loop commits nothing either; this only skips copying an empty set
    if (this.dirty.size > 0) {
      const tenants = [...this.dirty];
      this.dirty.clear();
      for (const tenant of tenants) {
        try {
          const written = tenant.commit();
          if (written) this.awaitWrite(written);
        } catch (err) {
          failure ??= err;
          this.options.log.error('could not write tenant changes; they will be written with the next commit', { tenant: tenant.id, error: (err as Error).message });
        }
      }
    }
    if (failure !== undefined) throw failure;
    return this.unwritten.size === 0 ? undefined : Promise.all(this.unwritten).then(() => undefined);
  }

  private awaitWrite(written: Promise<void>): void {
    if (this.unwritten.has(written)) return;
    this.unwritten.add(written);
    const settled = () => void this.unwritten.delete(written);
    written.then(settled, settled);
  }

  async flush(): Promise<void> {
    await this.commitDirty();
  }

  async close(): Promise<void> {
    await Promise.all(this.all().map((t) => t.close()));
  }

  private get storageOptions() {
    // Stryker disable next-line BooleanLiteral: whether the disk was flushed (fsync on by default) shows only after a power loss
    return { fsync: this.options.fsync ?? false, log: this.options.log, compactionBytes: this.options.compactionBytes ?? DEFAULT_COMPACTION_BYTES };
  }

  private get secretCost(): number {
    return this.options.dataDir ? DISK_SECRET_COST : MEMORY_SECRET_COST;
  }

  private markDirty(tenant: Tenant): void {
    this.dirty.add(tenant);
    // Stryker disable next-line ConditionalExpression: a second commit turn scheduled in the same turn finds nothing dirty
    if (this.commitScheduled) return;
    // Stryker disable next-line BooleanLiteral: only keeps a second commit turn from being scheduled in this turn; it would find nothing dirty
    this.commitScheduled = true;
    // Changes made outside a request (due jobs, webhook deliveries): committed on the next turn.
    setImmediate(() => {
      this.commitScheduled = false;
      try {
        // Stryker disable next-line OptionalChaining: with nothing to wait for, undefined.catch throws inside this try, whose catch ignores it
        void this.commitDirty()?.catch(() => {});
      } catch {
        // logged by commitDirty; the changes stay queued in their tenant
      }
    });
  }

  private create(clientId: string): Tenant {
    const dir = this.options.dataDir ? tenantsDir(this.options.dataDir) : undefined;
    const storage = dir ? new FileStorage(this.filesOf(join(dir, tenantFileBase(clientId))), 0, this.storageOptions) : new MemoryStorage();
    const tenant = this.instantiate(this.freshState(clientId), storage);
    tenant.coverage.quietly(() => {
      this.options.initialise(tenant);
      tenant.settle();
    });
    tenant.writeSnapshot();
    this.startPreparing(tenant);
    return tenant;
  }

  private filesOf(base: string) {
    return { base, snapshot: `${base}.json` };
  }

  private instantiate(state: TenantState, storage: TenantStorage): Tenant {
    const tenant = new Tenant(state, {
      schema: this.options.schema,
      time: this.options.time,
      ids: this.options.ids,
      jobHandlers: this.options.jobHandlers,
      hooks: this.options.hooks,
      log: this.options.log,
      storage,
      onDirty: (t) => this.markDirty(t),
      ...(this.options.audit ? { audit: true } : {}),
    });
    this.tenants.set(state.tenantId, tenant);
    this.options.onTenant?.(tenant);
    tenant.scheduler.arm();
    return tenant;
  }

  private loadAll(dataDir: string): void {
    ensurePrivateDir(dataDir);
    const stamp = isoAt(this.options.time.nowMs()).replace(/[:.]/g, '-');
    for (const set of listTenantFiles(tenantsDir(dataDir))) {
      try {
        const loaded = loadTenantFiles(set, this.options.schema, (id) => this.freshState(id), { trust: !this.options.audit });
        const id = loaded.state.tenantId;
        if (this.tenants.has(id)) throw new CorruptDataFileError(set.snapshot, `a second file for tenant ${id}`);
        if (loaded.unknownCollections.length > 0) this.options.log.warn('dropping collections this version does not know', { file: set.snapshot, collections: loaded.unknownCollections });
        if (loaded.droppedTail) this.options.log.warn('dropped the last journal line, cut short by a crash (it was never acknowledged)', { file: set.snapshot });
        this.instantiate(loaded.state, new FileStorage(this.filesOf(set.base), loaded.generation, this.storageOptions, loaded.oldestGeneration, loaded.snapshot));
      } catch (err) {
        if (!(err instanceof CorruptDataFileError) || !this.options.repair) throw err;
        const where = quarantine(dataDir, set, stamp);
        this.quarantined.push(`${err.file}: ${err.why} (moved to ${where})`);
        this.options.log.warn('set aside an unusable tenant file', { file: err.file, why: err.why, movedTo: where });
      }
    }
  }
}
