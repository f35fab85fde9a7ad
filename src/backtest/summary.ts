/**
 * Figures over runs. Each run's figures are exact Decimals; statistics over runs (mean, standard
 * deviation, quantiles, standard error) are plain numbers, as are chart data: they describe a
 * sample, they are never money that is paid or booked.
 *
 * - sd: the sample standard deviation (n - 1); 0 for a single run.
 * - quantiles: linear interpolation between order statistics (type 7, as R's and numpy's default).
 * - se: sd / sqrt(n), the standard error of the mean.
 *
 * `settlement` is the part of PnL that settled, at 1 / 0, what was held when markets resolved
 * within the run (`--ends-every`; 0 otherwise): in PnL realized and PnL total already.
 *
 * `total` is the run's income counted whole (src/portfolio/income.ts): PnL total + liquidity
 * rewards, where PnL realized already holds the closing gains less fees, the settlement and the
 * rebates. Nothing is added twice: trading = realized - settlement - rebates (the table's note).
 *
 * Mark-out figures per run: `markout` at the main horizon (--markout-s), and `markout5`,
 * `markout60`, `markout300` at those fixed horizons (NaN, left out of the statistics, for a run
 * without fills resolved there or a horizon not measured); `adverseShare` is the run's share of
 * filled shares whose own mark-out at the main horizon is negative (markout.ts).
 */
import type { Decimal } from '../money.js';
import type { GuardSeconds, RunResult } from './run-backtest.js';

export interface Stat {
  readonly mean: number;
  readonly sd: number;
  readonly se: number;
  readonly p5: number;
  readonly p50: number;
  readonly p95: number;
  readonly min: number;
  readonly max: number;
  /** Runs that had a value (mark-out needs fills). */
  readonly n: number;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function stat(values: readonly number[]): Stat {
  const xs = values.filter((v) => Number.isFinite(v));
  const n = xs.length;
  if (n === 0)
    return {
      mean: Number.NaN,
      sd: Number.NaN,
      se: Number.NaN,
      p5: Number.NaN,
      p50: Number.NaN,
      p95: Number.NaN,
      min: Number.NaN,
      max: Number.NaN,
      n: 0,
    };
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return {
    mean,
    sd,
    se: sd / Math.sqrt(n),
    p5: quantile(sorted, 0.05),
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    min: sorted[0]!,
    max: sorted[n - 1]!,
    n,
  };
}

/** The figures reported per run and summarised over runs, in table order. */
export const METRICS = [
  { key: 'totalPnl', title: 'PnL total', unit: 'USDC' },
  { key: 'settlement', title: 'settlement', unit: 'USDC' },
  { key: 'rewards', title: 'liquidity rewards', unit: 'USDC' },
  // A run's income counted whole: rebates and settlement are in PnL total already (realized), rewards beside it.
  { key: 'total', title: 'income = PnL + rewards', unit: 'USDC' },
  { key: 'realizedPnl', title: 'PnL realized', unit: 'USDC' },
  { key: 'unrealizedPnl', title: 'PnL unrealized', unit: 'USDC' },
  { key: 'fills', title: 'fills', unit: 'fills' },
  { key: 'volumeNotional', title: 'volume', unit: 'USDC' },
  { key: 'fees', title: 'fees paid', unit: 'USDC' },
  { key: 'rebates', title: 'rebates', unit: 'USDC' },
  { key: 'maxInventory', title: 'largest |inventory|', unit: 'shares' },
  { key: 'twoSidedShare', title: 'two-sided time', unit: 'share' },
  { key: 'markout', title: 'mark-out', unit: 'USDC/share' },
  { key: 'markout5', title: 'mark-out @5s', unit: 'USDC/share' },
  { key: 'markout60', title: 'mark-out @60s', unit: 'USDC/share' },
  { key: 'markout300', title: 'mark-out @300s', unit: 'USDC/share' },
  { key: 'adverseShare', title: 'adverse fills', unit: 'share of filled shares' },
] as const;

/** Decimals each figure is shown with in the table and the HTML report (2 when not listed). */
export const METRIC_DIGITS: Readonly<Record<string, number>> = {
  fills: 0,
  volumeNotional: 0,
  maxInventory: 1,
  twoSidedShare: 3,
  markout: 5,
  markout5: 5,
  markout60: 5,
  markout300: 5,
  adverseShare: 3,
};

/** The fixed horizons of the keys markout5, markout60 and markout300. */
export const FIXED_MARKOUT_S: Readonly<Record<string, number>> = { markout5: 5, markout60: 60, markout300: 300 };

export type MetricKey = (typeof METRICS)[number]['key'];

const num = (d: Decimal | undefined): number => (d === undefined ? Number.NaN : d.toNumber());

/** A run's figure as a number (for statistics); mark-out at the main horizon. */
export function metricOf(r: RunResult, key: MetricKey, horizonS: number): number {
  switch (key) {
    case 'fills':
      return r.fills;
    case 'twoSidedShare':
      return r.twoSidedShare;
    case 'markout':
      return num(r.markouts.find((m) => m.horizonS === horizonS)?.perShare);
    case 'markout5':
    case 'markout60':
    case 'markout300':
      return num(r.markouts.find((m) => m.horizonS === FIXED_MARKOUT_S[key])?.perShare);
    case 'adverseShare': {
      const m = r.markouts.find((x) => x.horizonS === horizonS);
      return m === undefined || m.shares.isZero() ? Number.NaN : m.adverseShares.div(m.shares).toNumber();
    }
    default:
      return num(r[key]);
  }
}

export interface StrategySummary {
  readonly label: string;
  readonly strategy: string;
  readonly params: unknown;
  readonly runs: number;
  readonly seeds: readonly string[];
  readonly stats: Readonly<Record<MetricKey, Stat>>;
  /** Mean over runs of each run's mark-out per share at each horizon. */
  readonly markoutCurve: readonly { readonly horizonS: number; readonly mean: number; readonly n: number }[];
  /** Mean over runs of the guards' time per side (s); undefined for no runs. */
  readonly guardSeconds: GuardSummary | undefined;
}

export interface GuardSummary {
  readonly bid: { readonly pulled: number; readonly widened: number };
  readonly ask: { readonly pulled: number; readonly widened: number };
  readonly n: number;
}

export function guardSummary(runs: readonly RunResult[]): GuardSummary | undefined {
  if (runs.length === 0) return undefined;
  const mean = (f: (g: GuardSeconds) => number): number => runs.reduce((a, r) => a + f(r.guardSeconds), 0) / runs.length;
  return {
    bid: { pulled: mean((g) => g.bid.pulled), widened: mean((g) => g.bid.widened) },
    ask: { pulled: mean((g) => g.ask.pulled), widened: mean((g) => g.ask.widened) },
    n: runs.length,
  };
}

export function summarise(label: string, strategy: string, params: unknown, runs: readonly RunResult[], horizonS: number): StrategySummary {
  const stats = Object.fromEntries(METRICS.map((m) => [m.key, stat(runs.map((r) => metricOf(r, m.key, horizonS)))])) as Record<
    MetricKey,
    Stat
  >;
  const horizons = runs[0]?.markouts.map((m) => m.horizonS) ?? [];
  const markoutCurve = horizons.map((h) => {
    const s = stat(runs.map((r) => num(r.markouts.find((m) => m.horizonS === h)?.perShare)));
    return { horizonS: h, mean: s.mean, n: s.n };
  });
  return {
    label,
    strategy,
    params,
    runs: runs.length,
    seeds: runs.map((r) => r.seed),
    stats,
    markoutCurve,
    guardSeconds: guardSummary(runs),
  };
}
