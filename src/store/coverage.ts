/**
 * A tenant's integration coverage: what the client's own requests have
 * exercised (operations with their statuses and error codes, rule-table rows
 * that decided an outcome, webhook events emitted, delivered and
 * acknowledged). Plain counters, kept apart from the tenant's data so reset,
 * snapshot restore and scenario loads leave them alone; only clear() empties
 * them. What the sandbox does on its own behalf (a fresh tenant's set-up,
 * reset, restore, scenarios, and the set-up a trigger runs) is done
 * `quietly` and not counted.
 */
import type { RuleHits, RuleTableName } from '../rules/index.js';

export interface OperationCount {
  calls: number;
  statuses: Record<string, number>;
  errorCodes: Record<string, number>;
}

export interface EventCount {
  emitted: number;
  delivered: number;
  acknowledged: number;
}

/** The counters as plain data: what the coverage file holds. */
export interface CoverageData {
  since: string;
  /** By `METHOD /path` (the OpenAPI path). */
  operations: Record<string, OperationCount>;
  /** By table, then row key ("*" for the table's "any other value" row). */
  rules: Record<string, Record<string, number>>;
  events: Record<string, EventCount>;
}

/** The key of a table's "any other value" row. */
export const DEFAULT_ROW = '*';

/** Where the counters are kept between runs (beside the tenant's files); nowhere in memory mode. */
export interface CoverageStore {
  load(): CoverageData | undefined;
  /** Writes soon (the first change after a write schedules one), and now at close. */
  save(data: CoverageData): void;
}

/** Changes are written this long after the first change since the last write. */
export const COVERAGE_WRITE_DELAY_MS = 1000;

function bump(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

export class Coverage implements RuleHits {
  private data: CoverageData;
  /** Depth of `quietly` calls under way: nothing is counted. */
  private quiet = 0;
  /** Depth of `quietRules` calls under way: rule hits are not counted (a trigger's set-up; its events are). */
  private quietRulesDepth = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: CoverageStore | undefined,
    private readonly nowIso: () => string,
  ) {
    this.data = store?.load() ?? Coverage.empty(nowIso());
  }

  private static empty(since: string): CoverageData {
    return { since, operations: {}, rules: {}, events: {} };
  }

  /** The counters as they are (read-only: a copy is made by whoever keeps them). */
  get snapshot(): Readonly<CoverageData> {
    return this.data;
  }

  /** One API request answered by an operation. */
  call(operation: string, status: number, errorCode: string | undefined): void {
    if (this.quiet > 0) return;
    const counts = (this.data.operations[operation] ??= { calls: 0, statuses: {}, errorCodes: {} });
    counts.calls++;
    bump(counts.statuses, String(status));
    if (errorCode !== undefined) bump(counts.errorCodes, errorCode);
    this.changed();
  }

  ruleHit(table: RuleTableName, key: string | null): void {
    if (this.quiet > 0 || this.quietRulesDepth > 0) return;
    bump((this.data.rules[table] ??= {}), key ?? DEFAULT_ROW);
    this.changed();
  }

  private event(type: string): EventCount {
    return (this.data.events[type] ??= { emitted: 0, delivered: 0, acknowledged: 0 });
  }

  emitted(type: string): void {
    if (this.quiet > 0) return;
    this.event(type).emitted++;
    this.changed();
  }

  /** A delivery attempt: `reached` when the endpoint answered at all, `acknowledged` when with a 2xx. */
  delivery(type: string, reached: boolean, acknowledged: boolean): void {
    if (!reached) return;
    const counts = this.event(type);
    counts.delivered++;
    if (acknowledged) counts.acknowledged++;
    this.changed();
  }

  /** Runs what the sandbox does on its own behalf without counting it. */
  quietly<T>(run: () => T): T {
    this.quiet++;
    try {
      return run();
    } finally {
      this.quiet--;
    }
  }

  /**
   * Runs `run`, which is async, without counting anything until it ends: for
   * set-up sent through the API while the tenant's other requests wait.
   */
  quietlyWhile<T>(run: () => Promise<T>): Promise<T> {
    return this.raisedWhile('quiet', run);
  }

  /** Runs `run` (which may be async) with rule hits not counted; operations and events still are. */
  quietRules<T>(run: () => Promise<T>): Promise<T> {
    return this.raisedWhile('quietRulesDepth', run);
  }

  /** Runs `run` with one of the quiet depths raised until it settles. */
  private async raisedWhile<T>(depth: 'quiet' | 'quietRulesDepth', run: () => Promise<T>): Promise<T> {
    this[depth]++;
    try {
      return await run();
    } finally {
      this[depth]--;
    }
  }

  /** Starts over: every counter at zero, `since` now. */
  clear(): void {
    this.data = Coverage.empty(this.nowIso());
    this.changed();
  }

  private changed(): void {
    if (this.timer || !this.store) return;
    this.timer = setTimeout(() => this.flush(), COVERAGE_WRITE_DELAY_MS).unref();
  }

  /** Writes pending changes now (the tenant closing). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.store?.save(this.data);
  }

  /** Stops the write timer, writing what is pending. */
  close(): void {
    if (this.timer) this.flush();
  }
}
