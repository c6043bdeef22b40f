/**
 * Where a tenant's data lives: a lowdb JSON file (atomic temp-file-then-rename
 * writes by lowdb's steno writer) or memory. Writes are coalesced: a change
 * marks the tenant dirty and one write later saves everything, so the cost
 * of persistence follows the data size, not the request rate.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { Low, Memory } from 'lowdb';
import { DataFile } from 'lowdb/node';
import { monotonicMs } from '../core/clock.js';
import type { Logger } from '../core/log.js';

/** A data file that could not be read; start-up stops and the file is left as it is. */
export class CorruptDataFileError extends Error {
  constructor(
    readonly file: string,
    why: string,
  ) {
    super(`data file ${file} is unreadable (${why}); fix or move it away, it was not modified`);
    this.name = 'CorruptDataFileError';
  }
}

export function tenantFileName(tenantId: string): string {
  const safe = tenantId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60);
  const hash = createHash('sha256').update(tenantId).digest('hex').slice(0, 10);
  return `${safe}.${hash}.json`;
}

export function tenantsDir(dataDir: string): string {
  return join(dataDir, 'tenants');
}

/** Reads every tenant file of a data directory; throws CorruptDataFileError on the first bad one. */
export function readTenantFiles(dataDir: string): Array<{ file: string; data: unknown }> {
  const dir = tenantsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const out: Array<{ file: string; data: unknown }> = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json') || name.startsWith('.')) continue;
    const file = join(dir, name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new CorruptDataFileError(file, (err as Error).message);
    }
    try {
      out.push({ file, data: JSON.parse(text) as unknown });
    } catch (err) {
      throw new CorruptDataFileError(file, `not JSON: ${(err as Error).message}`);
    }
  }
  return out;
}

export interface WriteBehindOptions {
  /** Shortest pause between two writes. */
  minDelayMs: number;
  /** Pause as a multiple of the last write's cost, so persistence takes at most ~1/(factor+1) of the time. */
  costFactor: number;
}

const DEFAULTS: WriteBehindOptions = { minDelayMs: 50, costFactor: 4 };

/** Coalesces changes to one tenant into occasional whole-file writes. */
export class WriteBehind<T> {
  private readonly db: Low<T>;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private lastCostMs = 0;
  private closed = false;
  /** Whole-file writes so far: with coalescing this grows with time, not with requests. */
  private writes = 0;

  constructor(
    private readonly file: string | undefined,
    data: T,
    private readonly log: Logger,
    private readonly options: WriteBehindOptions = DEFAULTS,
  ) {
    const adapter = file ? new DataFile<T>(file, { parse: JSON.parse, stringify: (d) => JSON.stringify(d) }) : new Memory<T>();
    this.db = new Low<T>(adapter, data);
  }

  get data(): T {
    return this.db.data;
  }

  set data(value: T) {
    this.db.data = value;
  }

  get persistent(): boolean {
    return this.file !== undefined;
  }

  stats(): { file?: string; writes: number; lastWriteMs: number; pending: boolean } {
    return { ...(this.file ? { file: this.file } : {}), writes: this.writes, lastWriteMs: Math.round(this.lastCostMs * 10) / 10, pending: this.dirty };
  }

  markDirty(): void {
    if (!this.file || this.closed) return;
    this.dirty = true;
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => void this.flush(), Math.max(this.options.minDelayMs, this.lastCostMs * this.options.costFactor));
    this.timer.unref();
  }

  /** Writes now if anything changed; resolves when the file is on disk. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.writing) await this.writing;
    if (!this.dirty || !this.file) return;
    this.dirty = false;
    const started = monotonicMs();
    this.writes++;
    this.writing = this.db
      .write()
      .catch((err: unknown) => {
        this.dirty = true;
        this.log.error('could not write tenant data', { file: this.file, error: (err as Error).message });
      })
      .finally(() => {
        this.lastCostMs = monotonicMs() - started;
        this.writing = undefined;
      });
    await this.writing;
    if (this.dirty && !this.closed) this.markDirty();
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}
