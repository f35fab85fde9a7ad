/**
 * What one market's polled books and midpoints say (docs/survey.md, "Definitions"):
 *
 * - quoted spread: best ask - best bid of outcome 0's book, in cents and in basis points of the
 *   book's midpoint ((bid + ask) / 2), put in the bucket of that midpoint: [0, 0.2), [0.2, 0.4),
 *   [0.4, 0.6), [0.6, 0.8), [0.8, 1) (the lower bound belongs to the bucket);
 * - depth ratio: on each side, the size at level 1 over the size of the best 10 levels (all of
 *   them when fewer), averaged over the sides that have levels;
 * - midpoint moves: from the polled midpoints of outcome 0 (`POST /midpoints`), how many polls
 *   saw it differ from the poll before, per hour of the observed span, and the median size of
 *   those changes in cents.
 *
 * Prices and sizes are the client's Decimals; each sample's figures are then numbers.
 */
import { compareDecimals, Decimal, ZERO } from '../money.js';
import type { BookLevels, DecimalLevel } from '../venue/checked-book.js';
import { mean, median } from './stats.js';

/** The midpoint buckets of the spread, by lower bound (included). */
export const MID_BUCKETS = [
  { key: '0_20', label: '0-0.2', lo: new Decimal('0') },
  { key: '20_40', label: '0.2-0.4', lo: new Decimal('0.2') },
  { key: '40_60', label: '0.4-0.6', lo: new Decimal('0.4') },
  { key: '60_80', label: '0.6-0.8', lo: new Decimal('0.6') },
  { key: '80_100', label: '0.8-1', lo: new Decimal('0.8') },
] as const;

export type MidBucketKey = (typeof MID_BUCKETS)[number]['key'];

/** Levels of a side counted in the depth ratio's denominator. */
export const DEPTH_LEVELS = 10;

/** One usable poll of a book. */
export interface BookSample {
  /** Index into MID_BUCKETS of the book's midpoint; undefined when a side is empty. */
  readonly bucket: number | undefined;
  readonly spreadCents: number | undefined;
  readonly spreadBps: number | undefined;
  /** Undefined when both sides are empty. */
  readonly depthRatio: number | undefined;
}

/** The bucket (index into MID_BUCKETS) of a midpoint in (0, 1). */
export function bucketOf(mid: Decimal): number {
  for (let i = MID_BUCKETS.length - 1; i > 0; i--) if (compareDecimals(mid, MID_BUCKETS[i]!.lo) >= 0) return i;
  return 0;
}

/** Size at level 1 over the size of the best DEPTH_LEVELS levels; undefined for an empty side. */
export function sideDepthRatio(levels: readonly DecimalLevel[]): number | undefined {
  if (levels.length === 0) return undefined;
  let top = ZERO;
  for (let i = 0; i < Math.min(DEPTH_LEVELS, levels.length); i++) top = top.add(levels[i]!.size);
  return top.isZero() ? undefined : levels[0]!.size.div(top).toNumber();
}

/** A poll's figures of one book (levels best first); undefined when both sides are empty. */
export function bookSample(levels: BookLevels): BookSample | undefined {
  const ratios = [sideDepthRatio(levels.bids), sideDepthRatio(levels.asks)].filter((r): r is number => r !== undefined);
  if (ratios.length === 0) return undefined;
  const depthRatio = mean(ratios) ?? undefined;
  const bid = levels.bids[0]?.price;
  const ask = levels.asks[0]?.price;
  if (bid === undefined || ask === undefined) return { bucket: undefined, spreadCents: undefined, spreadBps: undefined, depthRatio };
  const spread = ask.sub(bid);
  const mid = bid.add(ask).div(2);
  return {
    bucket: bucketOf(mid),
    spreadCents: spread.mul(100).toNumber(),
    spreadBps: spread.div(mid).mul(10_000).toNumber(),
    depthRatio,
  };
}

export interface BookFigures {
  /** Polls with a usable book (at least one side). */
  readonly samples: number;
  /** Polls with both sides (a spread). */
  readonly twoSided: number;
  readonly spreadCentsMedian: number | null;
  readonly spreadBpsMedian: number | null;
  /** Per MID_BUCKETS entry: the median spread (bps of mid) of the polls in it, and how many. */
  readonly spreadBpsByBucket: readonly { readonly median: number | null; readonly samples: number }[];
  /** Mean over the polls of the depth ratio. */
  readonly depthL1Top10: number | null;
}

export function bookFigures(samples: readonly BookSample[]): BookFigures {
  const cents: number[] = [];
  const bps: number[] = [];
  const byBucket: number[][] = MID_BUCKETS.map(() => []);
  const depth: number[] = [];
  for (const s of samples) {
    if (s.depthRatio !== undefined) depth.push(s.depthRatio);
    if (s.bucket === undefined || s.spreadCents === undefined || s.spreadBps === undefined) continue;
    cents.push(s.spreadCents);
    bps.push(s.spreadBps);
    byBucket[s.bucket]!.push(s.spreadBps);
  }
  return {
    samples: samples.length,
    twoSided: cents.length,
    spreadCentsMedian: median(cents),
    spreadBpsMedian: median(bps),
    spreadBpsByBucket: byBucket.map((xs) => ({ median: median(xs), samples: xs.length })),
    depthL1Top10: mean(depth),
  };
}

/**
 * A token's polled midpoints: the clock time each answer arrived (ms, ascending) and the midpoint
 * it gave.
 */
export interface MidSeries {
  readonly t: number[];
  readonly mid: Decimal[];
}

export function emptySeries(): MidSeries {
  return { t: [], mid: [] };
}

export interface MidMoves {
  /** Consecutive polls whose midpoints differ. */
  readonly moves: number;
  /** From the first poll to the last, in hours. */
  readonly hours: number;
  readonly perHour: number | null;
  readonly medianCents: number | null;
}

/** How often and how far outcome 0's polled midpoint moved. */
export function midMoves(series: MidSeries): MidMoves {
  const sizes: number[] = [];
  for (let i = 1; i < series.mid.length; i++) {
    const d = series.mid[i]!.sub(series.mid[i - 1]!).abs();
    if (!d.isZero()) sizes.push(d.mul(100).toNumber());
  }
  const n = series.t.length;
  const hours = n < 2 ? 0 : (series.t[n - 1]! - series.t[0]!) / 3_600_000;
  return { moves: sizes.length, hours, perHour: hours > 0 ? sizes.length / hours : null, medianCents: median(sizes) };
}
