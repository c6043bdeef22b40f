/**
 * The due-job scheduler (src/store/jobs.ts) on its own: a host with a jobs
 * collection and a clock that only moves when told. Ids, ties in due time,
 * cancelling, a handler that throws or is missing, and the real-time timer
 * armed for the soonest job.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Clock, isoAt, manualTime } from '../../src/core/clock.js';
import { sequentialIds } from '../../src/core/ids.js';
import type { Logger } from '../../src/core/log.js';
import { Collection } from '../../src/store/collection.js';
import { JobScheduler, type DueJob, type JobHandler, type JobHost } from '../../src/store/jobs.js';
import { TEST_EPOCH_MS } from '../helpers.js';

const schedulers: Array<JobScheduler<JobHost>> = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const s of schedulers.splice(0)) s.stop();
});

function host(handlers: Record<string, JobHandler<JobHost>>) {
  const errors: Array<[string, Record<string, unknown> | undefined]> = [];
  const log: Logger = { info() {}, warn() {}, error: (m, f) => void errors.push([m, f]) };
  const tenant: JobHost = { id: 'jobs-client', jobs: new Collection<DueJob>({}), clock: new Clock(manualTime(TEST_EPOCH_MS), { clockOffsetMs: 0 }), ids: sequentialIds(), log };
  const scheduler = new JobScheduler(tenant, new Map(Object.entries(handlers)));
  schedulers.push(scheduler);
  return { tenant, scheduler, errors };
}

const noop: JobHandler<JobHost> = () => {};

describe('JobScheduler', () => {
  it('refuses a kind it has no handler for, and names jobs Job:<id>', () => {
    const { scheduler, tenant } = host({ ping: noop });
    expect(() => scheduler.schedule('pong', 1000, {})).toThrow(new Error('no handler for job kind pong'));
    expect(tenant.jobs.size).toBe(0);
    expect(scheduler.schedule('ping', 1000, { n: 1 })).toEqual({ id: 'Job:00000000-0000-4000-8000-000000000001', kind: 'ping', dueAtMs: TEST_EPOCH_MS + 1000, payload: { n: 1 }, createdAt: isoAt(TEST_EPOCH_MS) });
  });

  it('lists jobs due at the same time in the order they were scheduled', () => {
    const { scheduler } = host({ ping: noop });
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => scheduler.schedule('ping', n === 'd' ? 500 : 1000, { n }).payload.n);
    expect(scheduler.pending().map((j) => j.payload.n)).toEqual(['d', 'a', 'b', 'c', 'e', 'f', 'g']);
    expect(ids).toHaveLength(7);
  });

  it('cancel removes the matching jobs, says how many, and re-arms the timer for the next one', () => {
    const { scheduler } = host({ ping: noop });
    scheduler.schedule('ping', 10_000, { n: 1 });
    scheduler.schedule('ping', 60_000, { n: 2 });
    scheduler.schedule('ping', 60_000, { n: 3 });
    const set = vi.spyOn(globalThis, 'setTimeout');
    expect(scheduler.cancel((j) => j.payload.n !== 2)).toBe(2);
    expect(set.mock.calls).toEqual([[expect.any(Function), 60_000]]);
    expect(scheduler.pending().map((j) => j.payload.n)).toEqual([2]);
  });

  it('a job whose handler throws is reported as ran with its error and logged; one with no handler runs as nothing', () => {
    const seen: unknown[] = [];
    const { scheduler, tenant, errors } = host({
      boom: () => {
        throw new Error('handler broke');
      },
      ping: (_t, job) => void seen.push(job.payload.n),
    });
    const boom = scheduler.schedule('boom', 1000, {});
    tenant.jobs.insert({ id: 'Job:orphan', kind: 'retired-kind', dueAtMs: TEST_EPOCH_MS + 2000, payload: {}, createdAt: isoAt(TEST_EPOCH_MS) });
    scheduler.schedule('ping', 3000, { n: 3 });
    expect(scheduler.runUntil(TEST_EPOCH_MS + 5000)).toEqual([
      { id: boom.id, kind: 'boom', dueAt: isoAt(TEST_EPOCH_MS + 1000), error: 'handler broke' },
      { id: 'Job:orphan', kind: 'retired-kind', dueAt: isoAt(TEST_EPOCH_MS + 2000) },
      { id: 'Job:00000000-0000-4000-8000-000000000002', kind: 'ping', dueAt: isoAt(TEST_EPOCH_MS + 3000) },
    ]);
    expect(seen).toEqual([3]);
    expect(errors).toEqual([['due job failed', { tenant: 'jobs-client', job: boom.id, kind: 'boom', error: 'handler broke' }]]);
    expect(tenant.clock.nowMs()).toBe(TEST_EPOCH_MS + 5000);
    expect(tenant.jobs.size).toBe(0);
  });

  it('stop clears the armed timer; arming again clears the one before', () => {
    const { scheduler } = host({ ping: noop });
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    scheduler.schedule('ping', 10_000, {});
    const first = set.mock.results[0]!.value as NodeJS.Timeout;
    scheduler.schedule('ping', 5_000, {});
    expect(set.mock.calls).toEqual([
      [expect.any(Function), 10_000],
      [expect.any(Function), 5_000],
    ]);
    expect(clear.mock.calls).toEqual([[first]]);
    const second = set.mock.results[1]!.value as NodeJS.Timeout;
    scheduler.stop();
    expect(clear.mock.calls).toEqual([[first], [second]]);
  });
});
