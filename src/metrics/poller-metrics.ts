/** The poller's health: ticks, age of the last snapshot, unusable books and failed requests. */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { PollerStats } from '../market/index.js';
import { BOOK_LEVEL_PROBLEMS } from '../venue/checked-book.js';
import { cumulative } from './cumulative.js';

/** Why a book was not acted on: the book checks' problems (age, crossing, levels), or absent from the answer. */
const UNUSABLE_BOOK_REASONS = ['stale', 'crossed', 'bad-timestamp', 'missing', ...BOOK_LEVEL_PROBLEMS] as const;

export function registerPollerMetrics(registry: Registry, stats: () => Readonly<PollerStats> | undefined, now: () => number): void {
  // Registered first: a registry collects in registration order, so this collect() must run
  // before the counters it feeds are serialized.
  let refresh: (s: Readonly<PollerStats>) => void = () => {};
  new Gauge({
    name: 'makerd_poll_last_tick_age_seconds',
    help: 'Seconds since the last completed poll (NaN before the first)',
    registers: [registry],
    collect() {
      const s = stats();
      if (s === undefined) return;
      refresh(s);
      this.set(s.lastTickMs === undefined ? Number.NaN : (now() - s.lastTickMs) / 1000);
    },
  });
  const addTicks = cumulative(
    new Counter({ name: 'makerd_poll_ticks_total', help: 'Completed polls of books and midpoints', registers: [registry] }),
  );
  const addFailedTicks = cumulative(
    new Counter({
      name: 'makerd_poll_ticks_failed_total',
      help: 'Polls that threw (a listener error or a bug); logged at error level',
      registers: [registry],
    }),
  );
  const addUnusable = cumulative(
    new Counter({
      name: 'makerd_books_unusable_total',
      help: 'Books not acted on, by reason (stale, crossed, bad-timestamp, missing; levels: too-many-levels, price-out-of-range, bad-size, duplicate-level, unordered-levels, off-tick)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  const addFailed = cumulative(
    new Counter({
      name: 'makerd_poll_requests_failed_total',
      help: 'Failed book/midpoint requests by error code (MAKERD_ERR_BAD_RESPONSE counts malformed venue answers)',
      labelNames: ['code'],
      registers: [registry],
    }),
    { exportZero: true },
  );
  // Known reasons and the malformed-answer code exist from the start, at 0.
  for (const reason of UNUSABLE_BOOK_REASONS) addUnusable({ reason }, 0);
  addFailed({ code: 'MAKERD_ERR_BAD_RESPONSE' }, 0);
  refresh = (s) => {
    addTicks({}, s.ticks);
    addFailedTicks({}, s.failedTicks);
    for (const [reason, n] of Object.entries(s.unusableBooks)) addUnusable({ reason }, n);
    for (const [code, n] of Object.entries(s.failedRequests)) addFailed({ code }, n);
  };
}
