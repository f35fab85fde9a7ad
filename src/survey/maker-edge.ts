/**
 * The makers' side of the public trade tape (docs/survey.md, "Definitions"). Every public trade
 * has a maker on the other side of the taker, at the trade's price. Against the traded token's
 * polled midpoint `m`, the maker's edge per share is
 *
 *   m - price   when the maker bought (the taker sold),
 *   price - m   when the maker sold (the taker bought).
 *
 * With `m` the midpoint of the last poll answered before the trade's second began, that is the
 * makers' effective half-spread (horizon 0); with `m` the midpoint of the first poll answered at
 * or after the trade's second + h seconds, the mark-out at h. Figures are weighted by the trades'
 * USDC and given in cents. A trade counts at a horizon only when both midpoints exist within
 * `maxGapMs` of the instant they stand for: a trade before the first poll, or whose t + h falls
 * after the last poll, or next to a gap in the polls, does not count there (each figure says how
 * many trades it rests on).
 *
 * Where the polls do not cover a trade at a horizon, the token's price history (`GET
 * /prices-history`, points a fidelity step apart) may: the point at or before the trade's second
 * for horizon 0, the first point at or after its second + h for the others, each within the
 * history's own gap (a step + 1 s). The polls are preferred where they cover; the figures count
 * apart how many trades rest on the history.
 */
import { type Decimal, ZERO } from '../money.js';
import type { MidSeries } from './book-stats.js';

/** One public trade as the survey reads it (the tape's numbers parsed into Decimals). */
export interface TapeTrade {
  /** Unix seconds (the tape's resolution). */
  readonly ts: number;
  readonly token: string;
  /** The taker's side. */
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
  readonly size: Decimal;
  /** The trade's value in USDC, as the tape gives it. */
  readonly usdc: Decimal;
}

/** Sums behind one horizon's figure: Σ usdc x edge, Σ usdc, and the trades counted. */
export interface EdgeSums {
  readonly weighted: Decimal;
  readonly usdc: Decimal;
  readonly trades: number;
  /** Of `trades`, those whose midpoint came from the price history (the others from the polls). */
  readonly fromHistory: number;
}

export const NO_EDGE: EdgeSums = { weighted: ZERO, usdc: ZERO, trades: 0, fromHistory: 0 };

export function addSums(a: EdgeSums, b: EdgeSums): EdgeSums {
  return {
    weighted: a.weighted.add(b.weighted),
    usdc: a.usdc.add(b.usdc),
    trades: a.trades + b.trades,
    fromHistory: a.fromHistory + b.fromHistory,
  };
}

/** Each token's price history (points in time order), and how far a point may be from its instant. */
export interface HistoryMids {
  readonly seriesOf: (token: string) => MidSeries | undefined;
  readonly maxGapMs: number;
}

/** Σ usdc x edge / Σ usdc, in cents; null when no trade counted (or they were worth nothing). */
export function edgeCents(s: EdgeSums): number | null {
  return s.trades === 0 || s.usdc.isZero() ? null : s.weighted.div(s.usdc).mul(100).toNumber();
}

/** Index of the last observation at a time < tMs, or -1. */
function lastBefore(t: readonly number[], tMs: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (t[m]! < tMs) lo = m + 1;
    else hi = m;
  }
  return lo - 1;
}

/** The midpoint of the last poll answered before tMs, when at most maxGapMs before it. */
export function midBefore(s: MidSeries, tMs: number, maxGapMs: number): Decimal | undefined {
  const i = lastBefore(s.t, tMs);
  return i >= 0 && tMs - s.t[i]! <= maxGapMs ? s.mid[i] : undefined;
}

/** The last point at or before tMs, when at most maxGapMs before it (the history's, at horizon 0). */
export function midAtOrBefore(s: MidSeries, tMs: number, maxGapMs: number): Decimal | undefined {
  const i = lastBefore(s.t, tMs + 1);
  return i >= 0 && tMs - s.t[i]! <= maxGapMs ? s.mid[i] : undefined;
}

/** The midpoint of the first poll answered at or after tMs, when at most maxGapMs after it. */
export function midAtOrAfter(s: MidSeries, tMs: number, maxGapMs: number): Decimal | undefined {
  const i = lastBefore(s.t, tMs) + 1;
  return i < s.t.length && s.t[i]! - tMs <= maxGapMs ? s.mid[i] : undefined;
}

/** The maker's edge per share of one trade against midpoint `mid`. */
export function makerEdge(trade: Pick<TapeTrade, 'side' | 'price'>, mid: Decimal): Decimal {
  return trade.side === 'SELL' ? mid.sub(trade.price) : trade.price.sub(mid);
}

/**
 * Per horizon (seconds; 0 is the effective half-spread), the sums over `trades` whose midpoints
 * are known. `seriesOf` gives the traded token's polled midpoints; `history`, when given, its
 * price history for the trades the polls do not cover.
 */
export function makerEdges(
  trades: readonly TapeTrade[],
  seriesOf: (token: string) => MidSeries | undefined,
  horizonsS: readonly number[],
  maxGapMs: number,
  history?: HistoryMids,
): EdgeSums[] {
  const sums = horizonsS.map(() => ({ weighted: ZERO, usdc: ZERO, trades: 0, fromHistory: 0 }));
  for (const trade of trades) {
    const s = seriesOf(trade.token);
    const past = history?.seriesOf(trade.token);
    if (s === undefined && past === undefined) continue;
    const startMs = trade.ts * 1000;
    horizonsS.forEach((h, i) => {
      let mid: Decimal | undefined;
      if (s !== undefined) mid = h === 0 ? midBefore(s, startMs, maxGapMs) : midAtOrAfter(s, startMs + h * 1000, maxGapMs);
      let fromHistory = false;
      if (mid === undefined && past !== undefined) {
        const gap = history!.maxGapMs;
        mid = h === 0 ? midAtOrBefore(past, startMs, gap) : midAtOrAfter(past, startMs + h * 1000, gap);
        fromHistory = mid !== undefined;
      }
      if (mid === undefined) return;
      const sum = sums[i]!;
      sum.weighted = sum.weighted.add(makerEdge(trade, mid).mul(trade.usdc));
      sum.usdc = sum.usdc.add(trade.usdc);
      sum.trades++;
      if (fromHistory) sum.fromHistory++;
    });
  }
  return sums;
}
