/**
 * makerd_tick_to_dispatch_seconds: from a polled batch of books (or a stream update) parsed and
 * in hand to the last request it sent at once signed and handed to the HTTP layer (design.md
 * section 6; src/execution/dispatch-trace.ts). Only ticks that caused at least one request are
 * observed. In the daemon the span includes the wait in the rate limiter's queue and for a slot in
 * flight; work the executor holds back on purpose (a market whose earlier requests are unanswered,
 * places waiting for their cancels' answers, posts the write budget defers) is timed apart, from
 * the same start to its first request, in makerd_dispatch_wait_seconds{cause}.
 */
import { performance } from 'node:perf_hooks';
import { Histogram, type Registry } from 'prom-client';
import { DispatchTrace, type HeldCause } from '../execution/index.js';

// Fine between 5 and 100 ms, where the targets are (the live bench's p99 <= 50 ms), so that a
// quantile read from the buckets is not off by a whole 25 ms bucket.
export const TICK_TO_DISPATCH_BUCKETS: readonly number[] = [
  0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5,
];

export interface TickTimer {
  /** Opens a trace for one tick; `inHandAt` (performance.now()) defaults to now. Close it when the synchronous part is over. */
  start(inHandAt?: number): DispatchTrace;
}

export function registerTickMetrics(registry: Registry, now: () => number = () => performance.now()): TickTimer {
  const histogram = new Histogram({
    name: 'makerd_tick_to_dispatch_seconds',
    help: 'From a book batch (or stream update) in hand to the last request it caused handed to the HTTP layer; ticks that caused requests only',
    buckets: [...TICK_TO_DISPATCH_BUCKETS],
    registers: [registry],
  });
  const held = new Histogram({
    name: 'makerd_dispatch_wait_seconds',
    help: "From a tick's data in hand to the first request of work the executor held back, by cause (market_busy, cancel_first, budget)",
    labelNames: ['cause'],
    buckets: [...TICK_TO_DISPATCH_BUCKETS, 5, 10, 30],
    registers: [registry],
  });
  const causes: readonly HeldCause[] = ['market_busy', 'cancel_first', 'budget'];
  for (const cause of causes) held.zero({ cause });
  return {
    start: (inHandAt) =>
      new DispatchTrace(
        inHandAt ?? now(),
        now,
        (seconds) => histogram.observe(seconds),
        (cause, seconds) => held.observe({ cause }, seconds),
      ),
  };
}
