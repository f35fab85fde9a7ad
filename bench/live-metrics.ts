/**
 * What the live bench (daemon-live.bench.ts) reads from a running daemon: one scrape of /metrics
 * boiled down to the figures it reports, quantiles from the daemon's own histogram buckets, and
 * the process's CPU time from /proc. Not a benchmark itself (run.ts only loads `*.bench.js`).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { metricSum, parseSample } from '../soak/metrics-text.js';
import { metricsText } from './daemon.js';

/** Cumulative bucket counts of one histogram: upper bound (seconds, Infinity for +Inf) -> count. */
export type Buckets = ReadonlyMap<number, number>;

/** One budget window of the limiter: admissions counting now, and its capacity before share x safety. */
export interface WindowUse {
  readonly used: number;
  readonly venueCapacity: number;
}

export interface LiveScrape {
  readonly placed: number;
  readonly cancelled: number;
  readonly quotesLive: number;
  readonly marketsQuoted: number;
  readonly pollTicks: number;
  readonly rejections: number;
  /** 429/425 answers the daemon got (makerd_rate_limit_throttled_total). */
  readonly throttles: number;
  /** Requests the limiter could not admit before their deadline. */
  readonly limiterDeadlines: number;
  /** Order posts held back for the write budget (makerd_orders_total{action="deferred"}). */
  readonly deferred: number;
  readonly tickToDispatch: Buckets;
  /** makerd_dispatch_wait_seconds by cause (work the executor held back, timed apart from the tick). */
  readonly dispatchWait: ReadonlyMap<string, Buckets>;
  /** Event-loop lag p99 since the previous scrape (prom-client resets its histogram on each). */
  readonly eventLoopLagP99S: number | undefined;
  /** `POST /order|burst` etc. */
  readonly windows: ReadonlyMap<string, WindowUse>;
  /** makerd_quote_fidelity_ratio by market. */
  readonly fidelity: ReadonlyMap<string, number>;
}

const EMPTY: Buckets = new Map();

export async function scrapeLive(metricsUrl: string): Promise<LiveScrape | undefined> {
  const text = await metricsText(metricsUrl);
  if (text === undefined) return undefined;
  const buckets = new Map<number, number>();
  const waits = new Map<string, Map<number, number>>();
  const used = new Map<string, number>();
  const capacity = new Map<string, number>();
  const fidelity = new Map<string, number>();
  const quoted = new Set<string>();
  let lag: number | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith('makerd_')) continue;
    const s = parseSample(line);
    if (s === undefined) continue;
    if (s.name === 'makerd_tick_to_dispatch_seconds_bucket') buckets.set(s.labels.le === '+Inf' ? Infinity : Number(s.labels.le), s.value);
    else if (s.name === 'makerd_dispatch_wait_seconds_bucket' && s.labels.cause !== undefined) {
      let w = waits.get(s.labels.cause);
      if (w === undefined) waits.set(s.labels.cause, (w = new Map()));
      w.set(s.labels.le === '+Inf' ? Infinity : Number(s.labels.le), s.value);
    } else if (s.name === 'makerd_nodejs_eventloop_lag_p99_seconds') lag = s.value;
    else if (s.name === 'makerd_rate_limit_used' && s.labels.scope?.endsWith(' /order') === true)
      used.set(`${s.labels.scope}|${s.labels.window}`, s.value);
    else if (s.name === 'makerd_rate_limit_capacity' && s.labels.scope?.endsWith(' /order') === true)
      capacity.set(`${s.labels.scope}|${s.labels.window}`, s.value);
    else if (s.name === 'makerd_quote_fidelity_ratio' && s.labels.market !== undefined) fidelity.set(s.labels.market, s.value);
    else if (s.name === 'makerd_quotes_live' && s.value > 0 && s.labels.market !== undefined) quoted.add(s.labels.market);
  }
  const windows = new Map<string, WindowUse>();
  for (const [key, u] of used) windows.set(key, { used: u, venueCapacity: venueCapacityOf(key, capacity.get(key)) });
  return {
    placed: metricSum(text, 'makerd_orders_total', { action: 'placed' }) ?? 0,
    cancelled: metricSum(text, 'makerd_orders_total', { action: 'cancelled' }) ?? 0,
    quotesLive: metricSum(text, 'makerd_quotes_live') ?? 0,
    marketsQuoted: quoted.size,
    pollTicks: metricSum(text, 'makerd_poll_ticks_total') ?? 0,
    rejections: metricSum(text, 'makerd_order_rejections_total') ?? 0,
    throttles: metricSum(text, 'makerd_rate_limit_throttled_total') ?? 0,
    limiterDeadlines: metricSum(text, 'makerd_rate_limit_rejected_total', { reason: 'deadline' }) ?? 0,
    deferred: metricSum(text, 'makerd_orders_total', { action: 'deferred' }) ?? 0,
    tickToDispatch: buckets.size === 0 ? EMPTY : buckets,
    dispatchWait: waits,
    eventLoopLagP99S: lag,
    windows,
    fidelity,
  };
}

/** The venue's own capacity of a trading-write window (venue-api.md 8.3), not the limiter's share x safety. */
function venueCapacityOf(key: string, effective: number | undefined): number {
  if (key.endsWith('|burst')) return 2_400;
  if (key.endsWith('|sustained')) return 24_000;
  return effective ?? Number.NaN;
}

/** Bucket counts of `later` minus those of `earlier` (the observations between two scrapes). */
export function bucketDelta(later: Buckets, earlier: Buckets): Map<number, number> {
  const out = new Map<number, number>();
  for (const [le, n] of later) out.set(le, n - (earlier.get(le) ?? 0));
  return out;
}

/**
 * The q-quantile (0..1) of a cumulative histogram, interpolated linearly inside its bucket the way
 * Prometheus' histogram_quantile does; the last finite bound when it falls in +Inf; NaN when empty.
 */
export function histogramQuantile(buckets: ReadonlyMap<number, number>, q: number): number {
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  const total = buckets.get(Infinity) ?? (bounds.length === 0 ? 0 : buckets.get(bounds[bounds.length - 1]!)!);
  if (!(total > 0)) return Number.NaN;
  const rank = q * total;
  let prevBound = 0;
  let prevCount = 0;
  for (const le of bounds) {
    const count = buckets.get(le)!;
    if (count >= rank) {
      if (le === Infinity) return prevBound;
      return count === prevCount ? le : prevBound + ((le - prevBound) * (rank - prevCount)) / (count - prevCount);
    }
    prevBound = le;
    prevCount = count;
  }
  return prevBound;
}

/** Observations in a cumulative histogram. */
export function histogramCount(buckets: ReadonlyMap<number, number>): number {
  return buckets.get(Infinity) ?? 0;
}

/** CPU seconds (user + system) the process has used so far; undefined once it is gone. */
export function cpuSeconds(pid: number, ticksPerSecond: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

export function clockTicksPerSecond(): number {
  try {
    const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(n) && n > 0 ? n : 100;
  } catch {
    return 100;
  }
}
