/**
 * Rate limiter benchmarks (issue 3), in simulated time on a FakeClock; wall time is measured only
 * around the limiter's own work.
 *  - admission: what admitting costs with 5,000 requests queued over mixed routes and classes
 *    (per admitted request during timer-driven passes, per acquire that has to queue, and per
 *    acquire admitted at once on a scope with room), medians over several repetitions.
 *  - booksBudget: a reader that always wants more `POST /books` than allowed, over a simulated
 *    10 minutes: admitted / (effective capacity x 60 windows), and windows exceeded (closed
 *    10 s windows holding more than the effective, and than the venue's, capacity).
 */
import { FakeClock } from '../src/clock/fake-clock.js';
import { RateLimiter, type LimiterTicket } from '../src/limits/rate-limiter.js';
import { priorityOf } from '../src/limits/request-gate.js';
import type { BenchOptions } from './run.js';
import { median, round } from './stats.js';

const T0 = 1_700_000_000_000;
const QUEUED = 5_000;
const REPETITIONS = 7;
const ROUNDS = 150;

const flush = (): Promise<void> => new Promise((r) => setImmediate(r));
const nowNs = (): bigint => process.hrtime.bigint();

/** A backlog mix: every lane blocked by its own row, so the pass sees many lanes, not one. */
const BACKLOG_ROUTES = [
  'POST /books',
  'POST /books',
  'GET /book',
  'GET /price',
  'GET /midpoint',
  'POST /prices',
  'GET /prices-history',
  'GET /data/trades',
  'GET /',
  'GET /events',
  'GET /markets',
  'GET /tags',
  'GET /public-search',
  'POST /order',
  'DELETE /order',
];

async function admissionOnce(rounds: number): Promise<{ perAdmitted: number[]; queueAcquire: number[]; immediate: number[] }> {
  const clock = new FakeClock(T0);
  let admitted = 0;
  const limiter = new RateLimiter({
    clock,
    share: 0.1, // small windows, so that 5,000 waiters stay waiting and every timer pass admits a few
    maxInFlight: 1_000_000,
    maxInFlightPerKey: 1_000_000,
    maxQueue: 1_000_000,
    observer: { admitted: () => void admitted++ },
  });
  const onTicket = (t: LimiterTicket): void => t.release();
  const ignore = (): void => undefined;
  let i = 0;
  const enqueue = (): void => {
    const route = BACKLOG_ROUTES[i++ % BACKLOG_ROUTES.length]!;
    limiter.acquire(route, priorityOf(route)).then(onTicket, ignore);
  };
  const queued = (): number => {
    const q = limiter.snapshot().queued;
    return q.cancel + q.place + q.read;
  };
  while (queued() < QUEUED) enqueue();
  await flush();

  const perAdmitted: number[] = [];
  const queueAcquire: number[] = [];
  const immediate: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // a timer-driven pass: windows free up, the heads that fit are admitted
    const before = admitted;
    const t0 = nowNs();
    clock.runNext();
    const ns = Number(nowNs() - t0);
    if (admitted > before) perAdmitted.push(ns / 1_000 / (admitted - before));
    // top the backlog up to 5,000, timing each acquire that queues
    while (queued() < QUEUED) {
      const b = admitted;
      const s = nowNs();
      enqueue();
      const e = Number(nowNs() - s);
      if (admitted === b) queueAcquire.push(e / 1_000);
    }
    // one request on a scope with room (catalog general window only): admitted inside acquire()
    const b = admitted;
    const s = nowNs();
    limiter.acquire('GET /positions', 'read').then(onTicket, ignore);
    const e = Number(nowNs() - s);
    if (admitted === b + 1) immediate.push(e / 1_000);
    await flush();
  }
  limiter.close();
  await flush();
  return { perAdmitted, queueAcquire, immediate };
}

async function admissionCost(repetitions: number, rounds: number): Promise<Record<string, unknown>> {
  const perAdmitted: number[] = [];
  const queueAcquire: number[] = [];
  const immediate: number[] = [];
  for (let rep = 0; rep < repetitions; rep++) {
    const r = await admissionOnce(rounds);
    if (rep === 0) continue; // warm-up
    perAdmitted.push(median(r.perAdmitted));
    queueAcquire.push(median(r.queueAcquire));
    immediate.push(median(r.immediate));
  }
  return {
    scenario: `${QUEUED} requests queued over ${new Set(BACKLOG_ROUTES).size} routes (share 0.1); timer-driven passes, top-up acquires, and a read on a free scope`,
    queued: QUEUED,
    repetitions: repetitions - 1,
    passesPerRepetition: rounds,
    admitUsPerRequestMedian: round(median(perAdmitted)),
    acquireQueuedUsMedian: round(median(queueAcquire)),
    acquireAdmittedAtOnceUsMedian: round(median(immediate)),
  };
}

/** Most admissions in any closed window [t - windowMs, t]: how many admissions found it over `cap`. */
function windowsOver(times: readonly number[], windowMs: number, cap: number): number {
  let over = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[j]! < times[i]! - windowMs) j++;
    if (i - j + 1 > cap) over++;
  }
  return over;
}

async function booksBudget(RUN_MS: number): Promise<Record<string, unknown>> {
  const clock = new FakeClock(T0);
  const OUTSTANDING = 100;
  const times: number[] = [];
  const limiter = new RateLimiter({ clock, observer: { admitted: (r) => void times.push(r.admittedAtMs) } });
  const capacity = limiter.snapshot().windows.find((w) => w.scope === 'POST /books')!.capacity;
  const want = (): void => {
    limiter.acquire('POST /books', 'read').then(
      (t) => {
        t.release();
        if (clock.now() < T0 + RUN_MS) want(); // always another one waiting
      },
      () => undefined,
    );
  };
  for (let k = 0; k < OUTSTANDING; k++) want();
  await flush();
  while ((clock.nextTimerAt() ?? Infinity) < T0 + RUN_MS) {
    clock.runNext();
    await flush();
  }
  limiter.close();
  await flush();
  const inRun = times.filter((t) => t < T0 + RUN_MS);
  const windows = RUN_MS / 10_000;
  return {
    scenario: `a reader keeping ${OUTSTANDING} POST /books waiting for a simulated ${RUN_MS / 60_000} minutes (share 1, safety 0.9)`,
    simulatedMs: RUN_MS,
    effectiveCapacity: capacity,
    admitted: inRun.length,
    budget: capacity * windows,
    fractionOfBudget: round(inRun.length / (capacity * windows), 4),
    windowsExceeded: windowsOver(inRun, 10_000, capacity),
    venueWindowsExceeded: windowsOver(inRun, 10_000, 80),
  };
}

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const admission = await admissionCost(quick ? 2 : REPETITIONS, quick ? 10 : ROUNDS);
  const books = await booksBudget(quick ? 60_000 : 600_000);
  return {
    limiter_admit_us: admission.admitUsPerRequestMedian,
    books_budget_utilization: books.fractionOfBudget,
    admission,
    booksBudget: books,
  };
}
