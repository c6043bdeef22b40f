/**
 * One tenant: everything a client id owns. Its data is one JSON document
 * (persisted by lowdb), its collections index that document, its clock is
 * real time plus the tenant's own offset, and its due jobs run on that clock.
 */
import { Clock, type ClockState, type TimeSource } from '../core/clock.js';
import type { IdGenerator } from '../core/ids.js';
import type { Logger } from '../core/log.js';
import type { Customer } from '../areas/customers/customers.schemas.js';
import type { ExternalAccount } from '../areas/external-accounts/external-accounts.schemas.js';
import type { InternalAccountRecord } from '../areas/internal-accounts/internal-accounts.schemas.js';
import type { PlatformConfig } from '../areas/config/config.schemas.js';
import { Collection } from './collection.js';
import { WriteBehind } from './persistence.js';
import { JobScheduler, type DueJob, type JobHandlers } from './jobs.js';

export const SCHEMA_VERSION = 1;

/** A balance change on an internal account, in integer minor units. */
export interface LedgerEntry {
  id: string;
  accountId: string;
  amount: number;
  currency: string;
  kind: string;
  /** POSTED entries count fully; PENDING credits count only in totalBalance, PENDING debits already reduce the available balance. */
  status: 'POSTED' | 'PENDING';
  reference?: string;
  createdAt: string;
}

/** An outstanding ownership challenge of an external account (one per account, keyed by its id). */
export interface OwnershipChallengeRecord {
  id: string;
  method: 'WALLET_SIGNATURE' | 'LIVENESS';
  messageToSign?: string;
  token?: string;
  expiresAt: string;
  createdAt: string;
}

export interface TenantData {
  schemaVersion: number;
  tenantId: string;
  /** sha256 of the client secret bound on first use; null while unbound. */
  secretSha256: string | null;
  clock: ClockState;
  config: PlatformConfig;
  customers: Record<string, Customer>;
  internalAccounts: Record<string, InternalAccountRecord>;
  externalAccounts: Record<string, ExternalAccount>;
  ledgerEntries: Record<string, LedgerEntry>;
  ownershipChallenges: Record<string, OwnershipChallengeRecord>;
  jobs: Record<string, DueJob>;
}

export interface TenantOptions {
  time: TimeSource;
  ids: IdGenerator;
  jobHandlers: JobHandlers;
  log: Logger;
  /** JSON file to persist to; memory only when absent. */
  file?: string;
}

export class Tenant {
  readonly id: string;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly log: Logger;
  readonly jobs: JobScheduler;
  readonly customers: Collection<Customer>;
  readonly internalAccounts: Collection<InternalAccountRecord>;
  readonly externalAccounts: Collection<ExternalAccount>;
  readonly ledgerEntries: Collection<LedgerEntry>;
  readonly ownershipChallenges: Collection<OwnershipChallengeRecord>;
  readonly jobRecords: Collection<DueJob>;
  private readonly storage: WriteBehind<TenantData>;

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
    this.customers = new Collection(data.customers, {
      platformCustomerId: (c) => c.platformCustomerId,
      umaAddress: (c) => c.umaAddress.toLowerCase(),
      customerType: (c) => c.customerType,
      live: (c) => (c.isDeleted ? undefined : 'live'),
    });
    this.internalAccounts = new Collection(data.internalAccounts, {
      customer: (a) => a.customerId,
      owner: (a) => a.customerId ?? 'platform',
      anyCustomer: (a) => (a.customerId ? 'all' : undefined),
    });
    this.externalAccounts = new Collection(data.externalAccounts, {
      customer: (a) => a.customerId,
      customerCurrency: (a) => (a.customerId ? `${a.customerId}|${a.currency}` : undefined),
      anyCustomer: (a) => (a.customerId ? 'all' : undefined),
      anyCustomerCurrency: (a) => (a.customerId ? a.currency : undefined),
      platform: (a) => (a.customerId ? undefined : 'all'),
      platformCurrency: (a) => (a.customerId ? undefined : a.currency),
    });
    this.ledgerEntries = new Collection(data.ledgerEntries, { account: (e) => e.accountId });
    this.ownershipChallenges = new Collection(data.ownershipChallenges);
    this.jobRecords = new Collection(data.jobs);
    this.jobs = new JobScheduler(this, options.jobHandlers);
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

  /** Replaces all data (reset, snapshot restore) and re-indexes it. */
  replaceData(data: TenantData): void {
    this.jobs.stop();
    this.storage.data = data;
    this.customers.rebuild(data.customers);
    this.internalAccounts.rebuild(data.internalAccounts);
    this.externalAccounts.rebuild(data.externalAccounts);
    this.ledgerEntries.rebuild(data.ledgerEntries);
    this.ownershipChallenges.rebuild(data.ownershipChallenges);
    this.jobRecords.rebuild(data.jobs);
    this.changed();
    this.jobs.arm();
  }

  async flush(): Promise<void> {
    await this.storage.flush();
  }

  async close(): Promise<void> {
    this.jobs.stop();
    await this.storage.close();
  }
}
