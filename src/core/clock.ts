/**
 * The only place that reads the wall clock. Every tenant sees real time plus
 * its own offset, so a test suite can move its tenant's time forward without
 * touching anyone else's. What the outside world minted (an OIDC token's iat
 * and exp) is judged against real time instead: time travel moves only what
 * the sandbox itself issues.
 */
import { performance } from 'node:perf_hooks';

export interface TimeSource {
  nowMs(): number;
}

export const systemTime: TimeSource = { nowMs: () => Date.now() };

/** A hand-driven time source for tests of the clock itself. */
export function manualTime(startMs: number): TimeSource & { set(ms: number): void; advance(ms: number): void } {
  let now = startMs;
  return {
    nowMs: () => now,
    set: (ms) => {
      now = ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/** Milliseconds from an arbitrary origin, for measuring durations only. */
export function monotonicMs(): number {
  return performance.now();
}

// The last instant formatted: a request asks for the same millisecond many times (records, events, journal).
let lastMs = Number.NaN;
let lastIso = '';

export function isoAt(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}

/** Parses an ISO 8601 instant; undefined when it is not one. */
export function parseInstant(value: string): number | undefined {
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Where a tenant keeps its offset, so it survives restarts. */
export interface ClockState {
  clockOffsetMs: number;
}

export class Clock {
  private pinnedMs: number | undefined;

  constructor(
    private readonly time: TimeSource,
    private readonly state: ClockState,
  ) {}

  nowMs(): number {
    return this.pinnedMs ?? this.time.nowMs() + this.state.clockOffsetMs;
  }

  /** Runs `work` with the clock stopped at `ms` (moved there first), so everything it writes carries that instant. */
  at<T>(ms: number, work: () => T): T {
    this.moveTo(ms);
    const instant = Math.max(ms, this.nowMs());
    this.pinnedMs = instant;
    try {
      return work();
    } finally {
      this.pinnedMs = undefined;
    }
  }

  nowIso(): string {
    return isoAt(this.nowMs());
  }

  /**
   * Real time, without the tenant's offset or a pinned instant: for
   * timestamps minted outside the sandbox (an identity provider's token),
   * which travel with the world's clock, not the tenant's.
   */
  realNowMs(): number {
    return this.time.nowMs();
  }

  /** Moves the tenant's time to `ms`; never backwards. */
  moveTo(ms: number): void {
    // Stryker disable next-line EqualityOperator: at `ms` equal to now, moving sets the offset it already has.
    if (ms <= this.nowMs()) return;
    this.state.clockOffsetMs = ms - this.time.nowMs();
  }

  get offsetMs(): number {
    return this.state.clockOffsetMs;
  }
}
