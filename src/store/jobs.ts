/**
 * Due jobs: delayed outcomes kept in the tenant's data and run when their
 * time comes, either in real time (a timer armed for the earliest one) or
 * when the tenant's clock is moved forward. Each job runs with the clock set
 * to its due time, so the timestamps it writes are the ones it would have
 * written had the time passed for real.
 */
import { z } from 'zod';
import { isoAt, type Clock } from '../core/clock.js';
import type { IdGenerator } from '../core/ids.js';
import type { Logger } from '../core/log.js';
import type { Collection } from './collection.js';
import { defineCollection } from './spec.js';

export interface DueJob {
  id: string;
  kind: string;
  dueAtMs: number;
  payload: Record<string, unknown>;
  createdAt: string;
}

declare module './spec.js' {
  interface TenantRecords {
    jobs: DueJob;
  }
}

export const jobsCollection = defineCollection('jobs', {
  schema: z.object({ id: z.string().min(1), kind: z.string().min(1), dueAtMs: z.number().finite(), payload: z.record(z.string(), z.unknown()), createdAt: z.string() }),
});

/** What the scheduler needs of a tenant (the tenant itself, which the handlers receive). */
export interface JobHost {
  readonly id: string;
  readonly jobs: Collection<DueJob>;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly log: Logger;
}

export type JobHandler<T extends JobHost> = (tenant: T, job: DueJob) => void;
export type JobHandlers<T extends JobHost> = ReadonlyMap<string, JobHandler<T>>;

export interface RanJob {
  id: string;
  kind: string;
  dueAt: string;
  error?: string;
}

/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2_147_483_647;

export class JobScheduler<T extends JobHost> {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly tenant: T,
    private readonly handlers: JobHandlers<T>,
  ) {}

  schedule(kind: string, delayMs: number, payload: Record<string, unknown>): DueJob {
    if (!this.handlers.has(kind)) throw new Error(`no handler for job kind ${kind}`);
    const job: DueJob = {
      id: this.tenant.ids('Job'),
      kind,
      dueAtMs: this.tenant.clock.nowMs() + Math.max(0, delayMs),
      payload,
      createdAt: this.tenant.clock.nowIso(),
    };
    this.tenant.jobs.insert(job);
    this.arm();
    return job;
  }

  /** Pending jobs, soonest first. */
  pending(): DueJob[] {
    const jobs = [...this.tenant.jobs.values()];
    return jobs.sort((a, b) => a.dueAtMs - b.dueAtMs || (this.tenant.jobs.seqOf(a.id) ?? 0) - (this.tenant.jobs.seqOf(b.id) ?? 0));
  }

  /** Removes pending jobs that match, e.g. those of a resource that went away. */
  cancel(match: (job: DueJob) => boolean): number {
    let removed = 0;
    for (const job of [...this.tenant.jobs.values()]) {
      if (!match(job)) continue;
      this.tenant.jobs.remove(job.id);
      removed++;
    }
    if (removed > 0) this.arm();
    return removed;
  }

  /** Runs, in due order, every job due at or before `untilMs`, then leaves the clock at `untilMs` (or later). */
  runUntil(untilMs: number): RanJob[] {
    const ran: RanJob[] = [];
    for (;;) {
      const next = this.pending()[0];
      if (!next || next.dueAtMs > untilMs) break;
      this.tenant.jobs.remove(next.id);
      const entry: RanJob = { id: next.id, kind: next.kind, dueAt: isoAt(next.dueAtMs) };
      try {
        this.tenant.clock.at(next.dueAtMs, () => this.handlers.get(next.kind)?.(this.tenant, next));
      } catch (err) {
        entry.error = (err as Error).message;
        this.tenant.log.error('due job failed', { tenant: this.tenant.id, job: next.id, kind: next.kind, error: entry.error });
      }
      ran.push(entry);
    }
    this.tenant.clock.moveTo(untilMs);
    this.arm();
    return ran;
  }

  runDue(): RanJob[] {
    return this.runUntil(this.tenant.clock.nowMs());
  }

  /** Arms a real-time timer for the soonest job. */
  arm(): void {
    this.stop();
    const next = this.pending()[0];
    if (!next) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, next.dueAtMs - this.tenant.clock.nowMs()));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.runDue();
    }, delay);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
