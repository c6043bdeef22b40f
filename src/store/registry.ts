/**
 * All tenants of a sandbox, keyed by client id. A tenant is created on its
 * client id's first authenticated request (or pinned up front by a
 * credentials file) and loaded from its file at start-up.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { isoAt, type TimeSource } from '../core/clock.js';
import type { IdGenerator } from '../core/ids.js';
import type { Logger } from '../core/log.js';
import type { JobHandlers } from './jobs.js';
import { CorruptDataFileError, readTenantFiles, tenantFileName, tenantsDir } from './persistence.js';
import { SCHEMA_VERSION, Tenant, type TenantData } from './tenant.js';
import { COLLECTION_NAMES } from './collections.js';
import { applySnapshot, restoreFiles, type Snapshot } from './snapshot.js';

export interface TenantSetup {
  /** A fresh tenant's data: empty collections and default configuration. */
  createData(tenantId: string, ids: IdGenerator, nowIso: string): TenantData;
  /** Runs once for a fresh (or reset) tenant, e.g. to open the platform's accounts. */
  initialise(tenant: Tenant): void;
}

export interface RegistryOptions {
  /** Directory for tenant files; memory only when absent. */
  dataDir?: string;
  time: TimeSource;
  ids: IdGenerator;
  log: Logger;
  jobHandlers: JobHandlers;
  setup: TenantSetup;
  /** Pinned credentials (client id -> secret); when present, no other client id is accepted. */
  credentials?: ReadonlyMap<string, string>;
  /** Called for every tenant as it comes into existence (loaded or created), before its set-up runs. */
  onTenant?: (tenant: Tenant) => void;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}


function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class TenantRegistry {
  private readonly tenants = new Map<string, Tenant>();
  private readonly files = new Map<string, string>();

  private constructor(private readonly options: RegistryOptions) {}

  /** Opens the registry, loading every tenant file of the data directory. */
  static open(options: RegistryOptions): TenantRegistry {
    const registry = new TenantRegistry(options);
    if (options.dataDir) {
      for (const { file, data } of readTenantFiles(options.dataDir)) registry.load(file, data);
    }
    return registry;
  }

  get dataDir(): string | undefined {
    return this.options.dataDir;
  }

  get pinned(): boolean {
    return this.options.credentials !== undefined;
  }

  /** The tenant these credentials open, creating it on first use; undefined when they are wrong. */
  authenticate(clientId: string, secret: string): Tenant | undefined {
    const pinned = this.options.credentials;
    if (pinned) {
      const expected = pinned.get(clientId);
      if (expected === undefined || !sameHash(sha256(expected), sha256(secret))) return undefined;
    }
    const hash = sha256(secret);
    const existing = this.tenants.get(clientId);
    if (!existing) {
      const tenant = this.create(clientId);
      tenant.data.secretSha256 = hash;
      tenant.changed();
      return tenant;
    }
    const bound = existing.data.secretSha256;
    if (bound === null) {
      existing.data.secretSha256 = hash;
      existing.changed();
      return existing;
    }
    return pinned || sameHash(bound, hash) ? existing : undefined;
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
    const fresh = this.freshData(tenant.id);
    fresh.secretSha256 = tenant.data.secretSha256;
    tenant.replaceData(fresh);
    this.options.setup.initialise(tenant);
  }

  /** Replaces a tenant's state with a (validated) snapshot: same client id and secret. */
  restore(tenant: Tenant, snapshot: Snapshot): void {
    const fresh = this.freshData(tenant.id);
    fresh.secretSha256 = tenant.data.secretSha256;
    restoreFiles(tenant, snapshot);
    tenant.replaceData(applySnapshot(fresh, snapshot));
  }

  fileOf(tenant: Tenant): string | undefined {
    return this.files.get(tenant.id);
  }

  async flush(): Promise<void> {
    await Promise.all(this.all().map((t) => t.flush()));
  }

  async close(): Promise<void> {
    await Promise.all(this.all().map((t) => t.close()));
  }

  private freshData(tenantId: string): TenantData {
    return this.options.setup.createData(tenantId, this.options.ids, isoAt(this.options.time.nowMs()));
  }

  private create(clientId: string): Tenant {
    const file = this.options.dataDir ? join(tenantsDir(this.options.dataDir), tenantFileName(clientId)) : undefined;
    const tenant = this.instantiate(this.freshData(clientId), file);
    this.options.setup.initialise(tenant);
    tenant.changed();
    return tenant;
  }

  private instantiate(data: TenantData, file: string | undefined): Tenant {
    const tenant = new Tenant(data, {
      time: this.options.time,
      ids: this.options.ids,
      jobHandlers: this.options.jobHandlers,
      log: this.options.log,
      ...(file ? { file } : {}),
    });
    this.tenants.set(data.tenantId, tenant);
    if (file) this.files.set(data.tenantId, file);
    this.options.onTenant?.(tenant);
    tenant.scheduler.arm();
    return tenant;
  }

  private load(file: string, raw: unknown): void {
    if (!isRecord(raw)) throw new CorruptDataFileError(file, 'not a JSON object');
    if (raw.schemaVersion !== SCHEMA_VERSION) throw new CorruptDataFileError(file, `schemaVersion ${String(raw.schemaVersion)} is not ${SCHEMA_VERSION}`);
    if (typeof raw.tenantId !== 'string' || raw.tenantId === '') throw new CorruptDataFileError(file, 'tenantId is missing');
    for (const key of COLLECTION_NAMES) {
      if (raw[key] !== undefined && !isRecord(raw[key])) throw new CorruptDataFileError(file, `${key} is not an object`);
    }
    if (!isRecord(raw.config) || !isRecord(raw.clock) || typeof raw.clock.clockOffsetMs !== 'number') {
      throw new CorruptDataFileError(file, 'config or clock is missing');
    }
    if (this.tenants.has(raw.tenantId)) throw new CorruptDataFileError(file, `a second file for tenant ${raw.tenantId}`);
    // Collections and settings added by later versions start empty or at their defaults.
    const fresh = this.freshData(raw.tenantId);
    const data = { ...fresh, ...raw, config: { ...fresh.config, ...raw.config } } as TenantData;
    this.instantiate(data, file);
  }
}
