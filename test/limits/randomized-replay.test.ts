/**
 * Thousands of requests over mixed routes and classes in simulated time (bursts, 429/425 pauses,
 * aborts, deadlines, held tickets, orders opening and closing), then the admission log replayed
 * against the seed's table written out plainly below, independent of src/limits/limit-table.ts.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { RateLimiter, type LimiterTicket } from '../../src/limits/rate-limiter.js';
import { priorityOf, type PriorityClass } from '../../src/limits/request-gate.js';
import { flush, T0 } from './support.js';

// ---- the seed's table (venue-api.md section 8), written out by hand ----
const CATALOG_ROUTES = [
  'GET /events',
  'GET /markets',
  'GET /tags',
  'GET /public-search',
  'GET /markets/{condition_id}',
  'GET /positions',
  'GET /events/slug/{slug}',
];
const CLOB_ROUTES = [
  'GET /',
  'GET /book',
  'POST /books',
  'GET /price',
  'POST /prices',
  'GET /midpoint',
  'GET /prices-history',
  'POST /batch-prices-history',
  'GET /data/trades',
  'GET /fee-rate',
  'POST /midpoints',
  'GET /data/orders',
  'POST /order',
  'DELETE /order',
  'DELETE /cancel-market-orders',
];
const only =
  (...routes: string[]) =>
  (r: string) =>
    routes.includes(r);
const SEED: { name: string; counts: (route: string) => boolean; venueCap: number; windowMs: number }[] = [
  { name: 'All catalog routes', counts: (r) => CATALOG_ROUTES.includes(r), venueCap: 4000, windowMs: 10_000 },
  { name: 'GET /events', counts: only('GET /events'), venueCap: 500, windowMs: 10_000 },
  { name: 'GET /markets', counts: only('GET /markets'), venueCap: 300, windowMs: 10_000 },
  { name: 'Combined event and market listings', counts: only('GET /events', 'GET /markets'), venueCap: 900, windowMs: 10_000 },
  { name: 'GET /tags', counts: only('GET /tags'), venueCap: 200, windowMs: 10_000 },
  { name: 'GET /public-search', counts: only('GET /public-search'), venueCap: 350, windowMs: 10_000 },
  { name: 'All CLOB routes', counts: (r) => CLOB_ROUTES.includes(r), venueCap: 5000, windowMs: 10_000 },
  { name: 'GET /', counts: only('GET /'), venueCap: 50, windowMs: 10_000 },
  { name: 'GET /book', counts: only('GET /book'), venueCap: 200, windowMs: 10_000 },
  { name: 'POST /books', counts: only('POST /books'), venueCap: 80, windowMs: 10_000 },
  { name: 'GET /price', counts: only('GET /price'), venueCap: 200, windowMs: 10_000 },
  { name: 'POST /prices', counts: only('POST /prices'), venueCap: 80, windowMs: 10_000 },
  { name: 'GET /midpoint', counts: only('GET /midpoint'), venueCap: 200, windowMs: 10_000 },
  { name: 'GET /prices-history', counts: only('GET /prices-history'), venueCap: 100, windowMs: 10_000 },
  { name: 'POST /batch-prices-history', counts: only('POST /batch-prices-history'), venueCap: 80, windowMs: 10_000 },
  { name: 'GET /data/trades', counts: only('GET /data/trades'), venueCap: 150, windowMs: 10_000 },
  { name: 'POST /order burst', counts: only('POST /order'), venueCap: 2400, windowMs: 10_000 },
  { name: 'POST /order sustained', counts: only('POST /order'), venueCap: 24000, windowMs: 600_000 },
  { name: 'DELETE /order burst', counts: only('DELETE /order'), venueCap: 2400, windowMs: 10_000 },
  { name: 'DELETE /order sustained', counts: only('DELETE /order'), venueCap: 24000, windowMs: 600_000 },
];

const SHARE = 0.05;
const SAFETY = 0.9;
const RESERVE = 5;
const PER_KEY = 12;
const cap = (venueCap: number) => Math.max(1, Math.floor(venueCap * SHARE * SAFETY + 1e-9));
const CANCEL_WINDOWS = SEED.filter((s) => s.counts('DELETE /order'));
/** The most DELETE /order requests one window period can admit: what its waiters may reserve. */
const DELETE_ORDER_MAX_PER_WINDOW = Math.min(...CANCEL_WINDOWS.map((s) => cap(s.venueCap)));
const CANCEL_MARKET_MAX_PER_WINDOW = Math.min(...SEED.filter((s) => s.counts('DELETE /cancel-market-orders')).map((s) => cap(s.venueCap)));

/** mulberry32: small, seeded, reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Admissions so far of the routes a row counts, kept sorted (time never goes back). */
class NaiveCounter {
  readonly times = new Map<string, number[]>(SEED.map((s) => [s.name, []]));
  readonly #first = new Map<string, number>(SEED.map((s) => [s.name, 0]));
  add(route: string, at: number): void {
    for (const s of SEED) if (s.counts(route)) this.times.get(s.name)!.push(at);
  }
  /** Admissions of a row in the closed window [at - windowMs, at]; `at` never decreases between calls. */
  countAt(name: string, at: number): number {
    const row = SEED.find((s) => s.name === name)!;
    const ts = this.times.get(name)!;
    let i = this.#first.get(name)!;
    while (i < ts.length && ts[i]! < at - row.windowMs) i++;
    this.#first.set(name, i);
    return ts.length - i;
  }
}

async function runScenario(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const clock = new FakeClock(T0);
  const counter = new NaiveCounter();
  const log: { seq: number; route: string; cls: PriorityClass; at: number }[] = [];
  const pauses: { route: string; status: number; from: number; until: number }[] = [];
  const violations: string[] = [];
  const waitingCancels = { 'DELETE /order': 0, 'DELETE /cancel-market-orders': 0 } as Record<string, number>;
  let openOrders = 0;
  let placesInFlight = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let minPlaceSlack = Infinity;
  const outcome = { acquired: 0, admitted: 0, aborted: 0, deadline: 0, other: 0 };

  const limiter = new RateLimiter({
    clock,
    share: SHARE,
    safety: SAFETY,
    cancelReserve: RESERVE,
    maxInFlight: 16,
    maxInFlightPerKey: PER_KEY,
    defaultRetryAfterMs: 700,
    maxQueue: 1_000_000,
    observer: {
      admitted: (r) => {
        const at = r.admittedAtMs;
        if (at !== clock.now()) violations.push(`admission stamped ${at} at ${clock.now()}`);
        counter.add(r.route, at);
        log.push({ seq: r.seq, route: r.route, cls: r.cls, at });
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        if (r.cls === 'cancel') waitingCancels[r.route]!--;
        if (r.cls === 'place') placesInFlight++;
        if (r.cls !== 'cancel') {
          // Reads and places never take capacity the waiting cancels need (at most what one window lets them use).
          const needed = (s: (typeof SEED)[number]) =>
            (s.counts('DELETE /order') ? Math.min(waitingCancels['DELETE /order']!, DELETE_ORDER_MAX_PER_WINDOW) : 0) +
            (s.counts('DELETE /cancel-market-orders')
              ? Math.min(waitingCancels['DELETE /cancel-market-orders']!, CANCEL_MARKET_MAX_PER_WINDOW)
              : 0);
          for (const s of SEED) {
            if (!s.counts(r.route)) continue;
            const n = needed(s);
            if (n > 0 && counter.countAt(s.name, at) + n > cap(s.venueCap))
              violations.push(`${r.route} took ${s.name} needed by ${n} waiting cancels at ${at}`);
          }
          // The cancel reserve: every open order (and every order being placed) can still be cancelled.
          const guard = openOrders + placesInFlight + RESERVE;
          for (const s of CANCEL_WINDOWS) {
            if (r.cls === 'read' && !s.counts(r.route)) continue;
            const left = cap(s.venueCap) - counter.countAt(s.name, at);
            if (left < guard) violations.push(`${r.cls} ${r.route} left ${left} < ${guard} in ${s.name} at ${at}`);
            if (r.cls === 'place') minPlaceSlack = Math.min(minPlaceSlack, left - guard);
          }
        }
      },
      rejected: (r) => {
        if (r.cls === 'cancel') waitingCancels[r.route]!--;
        if (r.reason === 'aborted') outcome.aborted++;
        else if (r.reason === 'deadline') outcome.deadline++;
        else outcome.other++;
      },
    },
  });

  /** The executor's side: count an order open before releasing its post's ticket, as documented. */
  const onTicket = (t: LimiterTicket) => {
    outcome.admitted++;
    const hold = rnd() < 0.3 ? 0 : Math.floor(rnd() * 300);
    clock.setTimer(() => {
      if (t.cls === 'place') {
        placesInFlight--;
        openOrders++;
        limiter.setOpenOrders(openOrders);
      } else if (t.route === 'DELETE /order' && openOrders > 0) {
        openOrders--;
        limiter.setOpenOrders(openOrders);
      }
      inFlight--;
      t.release();
    }, hold);
  };

  // ---- the workload: 20 simulated minutes (two sustained windows) of events, generated up front ----
  type Ev = { at: number; run: () => void };
  const events: Ev[] = [];
  const readRoutes = [...CATALOG_ROUTES, ...CLOB_ROUTES.filter((r) => priorityOf(r) === 'read')];
  const acquire = (route: string, cls: PriorityClass, now: number) => {
    outcome.acquired++;
    if (cls === 'cancel') waitingCancels[route]!++;
    let signal: AbortSignal | undefined;
    if (rnd() < 0.06) {
      const ac = new AbortController();
      signal = ac.signal;
      events.push({ at: now + Math.floor(rnd() * 15_000), run: () => ac.abort() });
      events.sort((a, b) => a.at - b.at);
    }
    const deadlineMs = rnd() < 0.12 ? now + Math.floor(rnd() * 20_000) : undefined;
    limiter.acquire(route, cls, { signal, deadlineMs }).then(onTicket, () => undefined);
  };
  let t = 0;
  while (t < 20 * 60_000) {
    t += Math.floor(rnd() * 1_200);
    const at = T0 + t;
    const u = rnd();
    if (u < 0.03) {
      const route = pick([...readRoutes, 'DELETE /order', 'POST /order']);
      const status = rnd() < 0.2 ? 425 : 429;
      const retryAfter = rnd() < 0.5 ? Math.floor(rnd() * 3_000) : undefined;
      events.push({
        at,
        run: () => {
          limiter.reportThrottle(route, status, retryAfter);
          pauses.push({ route, status, from: at, until: at + (retryAfter ?? 700) });
        },
      });
    } else if (u < 0.1) {
      // fills and expiries close some orders
      events.push({
        at,
        run: () => {
          openOrders = Math.max(0, openOrders - Math.ceil(rnd() * 20));
          limiter.setOpenOrders(openOrders);
        },
      });
    } else {
      const kind = rnd();
      const cancelAll = kind < 0.01; // a cancel-all storm, more than one burst window of DELETE /order
      const flood = kind >= 0.32 && kind < 0.35; // a big burst on a route with no row of its own: fills a surface window
      const route = cancelAll
        ? 'DELETE /order'
        : kind < 0.14
          ? pick(['DELETE /order', 'DELETE /order', 'DELETE /cancel-market-orders'])
          : kind < 0.32
            ? 'POST /order'
            : flood
              ? pick(['GET /fee-rate', 'POST /midpoints', 'GET /data/orders', 'GET /markets/{condition_id}'])
              : pick(readRoutes);
      // mostly singles, some bursts
      const burst = cancelAll
        ? 100 + Math.floor(rnd() * 150)
        : flood
          ? 100 + Math.floor(rnd() * 200)
          : rnd() < 0.1
            ? 10 + Math.floor(rnd() * 40)
            : 1 + Math.floor(rnd() * 3);
      events.push({
        at,
        run: () => {
          for (let i = 0; i < burst; i++) acquire(route, priorityOf(route), at);
        },
      });
    }
  }
  events.sort((a, b) => a.at - b.at);

  // ---- drive simulated time: the limiter's timer, the tickets' releases and the events, in order ----
  let next = 0;
  for (let windDown = 0; windDown < 1_000; ) {
    const te = events[next]?.at;
    const tl = clock.nextTimerAt();
    if (te === undefined && tl === undefined) {
      // Wind down: the workload is over; orders close until every waiting place has gone.
      const q = limiter.snapshot().queued;
      if (q.cancel + q.place + q.read === 0) break;
      windDown++;
      events.push({
        at: clock.now() + 1_000,
        run: () => {
          openOrders = 0;
          limiter.setOpenOrders(0);
        },
      });
      continue;
    }
    if (tl !== undefined && (te === undefined || tl <= te)) clock.runNext();
    else {
      clock.advanceTo(te!);
      events[next++]!.run();
    }
    await flush();
  }

  return { limiter, counter, log, pauses, violations, outcome, maxInFlight, minPlaceSlack, openOrders };
}

/** For every admission, the admissions of each row in the closed window ending at it. */
function windowsExceeded(counter: NaiveCounter, capOf: (venueCap: number) => number): string[] {
  const bad: string[] = [];
  for (const s of SEED) {
    const ts = counter.times.get(s.name)!;
    for (let i = 0, j = 0; i < ts.length; i++) {
      while (ts[j]! < ts[i]! - s.windowMs) j++;
      if (i - j + 1 > capOf(s.venueCap)) bad.push(`${s.name}: ${i - j + 1} in [${ts[i]! - s.windowMs}, ${ts[i]}]`);
    }
  }
  return bad;
}

describe('randomized replay against the seed table', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: no window of any scope ever exceeded, cancels never starved, reserve kept, all settled`, async () => {
      const r = await runScenario(seed);
      // Volume and variety actually happened.
      expect(r.outcome.acquired).toBeGreaterThan(5_000);
      expect(r.outcome.aborted).toBeGreaterThan(20);
      expect(r.outcome.deadline).toBeGreaterThan(20);
      expect(r.pauses.length).toBeGreaterThan(20);
      expect(r.log.filter((e) => e.cls === 'cancel').length).toBeGreaterThan(500);
      expect(r.log.filter((e) => e.cls === 'place').length).toBeGreaterThan(500);

      // The replay: every window of every row, at effective capacity and hence at the venue's.
      expect(windowsExceeded(r.counter, cap)).toEqual([]);
      expect(windowsExceeded(r.counter, (c) => c)).toEqual([]);
      // Rows that were actually saturated at some point (the check above was not vacuous).
      const reachedCap = new Set(windowsExceeded(r.counter, (c) => cap(c) - 1).map((b) => b.slice(0, b.indexOf(':'))));
      const saturated = SEED.filter((s) => reachedCap.has(s.name));
      expect(
        saturated.map((s) => s.name),
        JSON.stringify(saturated.map((s) => s.name)),
      ).toEqual(expect.arrayContaining(['All CLOB routes', 'POST /books', 'DELETE /order burst', 'GET /']));

      // Priority, reserve and stamp checks made at each admission.
      expect(r.violations).toEqual([]);
      // The reserve was reached exactly (places were held at its edge, not merely far from it).
      expect(r.minPlaceSlack).toBe(0);

      // No admission while a scope of the route was paused (429: own row, else surface; 425: surface).
      for (const e of r.log) {
        for (const p of r.pauses) {
          if (e.at < p.from || e.at >= p.until) continue;
          const surface = (x: string) => (CATALOG_ROUTES.includes(x) ? 'catalog' : 'clob');
          const hasOwnRow = SEED.some((s) => s.name === p.route || s.name === `${p.route} burst`);
          const hit = p.status === 425 || !hasOwnRow ? surface(e.route) === surface(p.route) : e.route === p.route;
          expect(hit, `${e.route} admitted at ${e.at} during pause of ${p.route} (${p.status}) ${p.from}..${p.until}`).toBe(false);
        }
      }

      // FIFO within each (route, class) lane.
      const lastSeq = new Map<string, number>();
      for (const e of r.log) {
        const k = `${e.cls} ${e.route}`;
        expect(e.seq).toBeGreaterThan(lastSeq.get(k) ?? 0);
        lastSeq.set(k, e.seq);
      }

      // Concurrency bound, and everything settled: admitted, aborted or past its deadline.
      expect(r.maxInFlight).toBeLessThanOrEqual(PER_KEY);
      expect(r.maxInFlight).toBe(PER_KEY);
      expect(r.outcome.admitted + r.outcome.aborted + r.outcome.deadline).toBe(r.outcome.acquired);
      expect(r.outcome.other).toBe(0);
      const snap = r.limiter.snapshot();
      expect(snap.queued).toEqual({ cancel: 0, place: 0, read: 0 });
      expect(snap.inFlight).toBe(0);
    });
  }
});
