/**
 * Figures over runs. Each run's figures are exact Decimals; statistics over runs (mean, standard
 * deviation, quantiles, standard error) are plain numbers, as are chart data: they describe a
 * sample, they are never money that is paid or booked.
 *
 * - sd: the sample standard deviation (n - 1); 0 for a single run.
 * - quantiles: linear interpolation between order statistics (type 7, as R's and numpy's default).
 * - se: sd / sqrt(n), the standard error of the mean.
 */
import type { Decimal } from '../money.js';
import type { RunResult } from './run-backtest.js';

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
  { key: 'realizedPnl', title: 'PnL realized', unit: 'USDC' },
  { key: 'unrealizedPnl', title: 'PnL unrealized', unit: 'USDC' },
  { key: 'fills', title: 'fills', unit: 'fills' },
  { key: 'volumeNotional', title: 'volume', unit: 'USDC' },
  { key: 'fees', title: 'fees paid', unit: 'USDC' },
  { key: 'rebates', title: 'rebates', unit: 'USDC' },
  { key: 'maxInventory', title: 'largest |inventory|', unit: 'shares' },
  { key: 'twoSidedShare', title: 'two-sided time', unit: 'share' },
  { key: 'markout', title: 'mark-out', unit: 'USDC/share' },
] as const;

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
  return { label, strategy, params, runs: runs.length, seeds: runs.map((r) => r.seed), stats, markoutCurve };
}
