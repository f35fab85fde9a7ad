/** Helpers for the limiter tests: simulated time only, no real waiting. */
import { FakeClock } from '../../src/clock/fake-clock.js';
import { RateLimiter, type RateLimiterOptions, type LimiterTicket } from '../../src/limits/rate-limiter.js';
import type { MakerdError } from '../../src/errors.js';
import type { PriorityClass } from '../../src/limits/request-gate.js';
import { priorityOf } from '../../src/limits/request-gate.js';

export const T0 = 1_700_000_000_000;

/** Lets every pending promise callback run (one macrotask turn; no time passes). */
export const flush = (): Promise<void> => new Promise((r) => setImmediate(r));

export interface Tracked {
  readonly route: string;
  ticket: LimiterTicket | undefined;
  error: MakerdError | undefined;
}

/** A limiter on a FakeClock with a log of admissions in decision order. */
export function makeLimiter(opts: Partial<RateLimiterOptions> = {}) {
  const clock = new FakeClock(T0);
  const log: { route: string; cls: PriorityClass; seq: number; at: number }[] = [];
  const limiter = new RateLimiter({
    clock,
    maxInFlight: 100_000,
    maxInFlightPerKey: 100_000,
    ...opts,
    observer: {
      admitted: (r) => {
        log.push({ route: r.route, cls: r.cls, seq: r.seq, at: r.admittedAtMs });
        opts.observer?.admitted?.(r);
      },
      rejected: (r) => opts.observer?.rejected?.(r),
    },
  });
  /** Acquires and releases at once on admission unless `hold`; records the outcome. */
  const request = (route: string, o: { cls?: PriorityClass; hold?: boolean; signal?: AbortSignal; deadlineMs?: number } = {}): Tracked => {
    const t: Tracked = { route, ticket: undefined, error: undefined };
    limiter.acquire(route, o.cls ?? priorityOf(route), { signal: o.signal, deadlineMs: o.deadlineMs }).then(
      (ticket) => {
        t.ticket = ticket;
        if (!o.hold) ticket.release();
      },
      (e: MakerdError) => {
        t.error = e;
      },
    );
    return t;
  };
  const many = (n: number, route: string, o: Parameters<typeof request>[1] = {}): Tracked[] =>
    Array.from({ length: n }, () => request(route, o));
  const admittedCount = (ts: readonly Tracked[]): number => ts.filter((t) => t.ticket !== undefined).length;
  return { clock, limiter, log, request, many, admittedCount };
}
