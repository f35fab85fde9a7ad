/**
 * The venue world's distributions (venue-traits.ts draws each market from them). Published
 * figures set the targets (docs/simulator.md shows each against the survey); the figures no
 * public source gives — how fair value moves, news and its aftermath, the informed share — are
 * chosen here and marked so.
 */
import type { FeeSchedule } from '../../venue/types.js';

export const VENUE_WORLD = Object.freeze({
  /** Trades a day per market: log-normal, median 31 (published), p90 about 400 (top 100: 640). */
  tradesPerDayMedian: 31,
  tradesPerDaySigma: 1.8,
  tradesPerDayRange: [2, 2_000] as [number, number],
  /** Taker orders that print more than once (several makers at a level, a sweep): calibrated. */
  printsPerTaker: 1.3,

  /** Distance of the tightest maker from fair value (price units): about a two-cent spread at 0.5. */
  halfSpreadMedian: 0.005,
  halfSpreadSigma: 0.45,
  /** Busier markets quote tighter: x e^(−0.1 · ln(trades a day / median)). Chosen. */
  halfSpreadActivity: 0.1,
  halfSpreadRange: [0.001, 0.03] as [number, number],
  /** Background makers per market (median, more on busy markets, at most 6). */
  makersMedian: 3,
  makersActivity: 0.35,
  makersMax: 6,
  /** Each further maker quotes this much wider, relative to the tightest. */
  makerStepOut: 0.8,
  /** Levels per side of one maker, sizes (shares) and growth per level: an evenly layered book. */
  makerLevels: [2, 6] as [number, number],
  makerSizeMedian: 300,
  makerSizeSigma: 0.5,
  makerGrowth: [1, 1.25] as [number, number],
  /** Maker ladders are refreshed at least this often, and when fair value moved this far (ticks). */
  makerRefreshMs: 300_000,
  makerRequoteTicks: 0.5,

  /** An uninformed taker's reach beyond fair value: exponential, mean log-normal about 1.2 cents. */
  reachMedian: 0.012,
  reachSigma: 0.3,
  /**
   * Informed flow at all times (chosen): a share of takers knows the next move of fair value and
   * trades ahead of it; the move follows its order. With orders twice the size and a move of
   * about 2.2 touch distances the makers' edge at 300 s is about nothing (calibrated).
   */
  informedShare: 0.3,
  informedSizeFactor: 2,
  informedMoveFactor: 2.3,

  /** Median USDC of a taker's order (per market, log-normal across and within markets). */
  takerUsdcMedian: 55,
  takerUsdcAcross: 0.8,
  takerUsdcWithin: 0.9,
  takerUsdcRange: [3, 2_000] as [number, number],

  /** Daily volatility of fair value in log-odds (chosen: a few cents a day at 0.5). */
  dailyVolMedian: 0.15,
  dailyVolSigma: 0.5,
  /**
   * News (chosen): jumps a day per market, each ±newsSize·U(0.5, 1.5) in log-odds, then takers
   * arrive newsBurst times faster, decaying over newsBurstSec, and fair value drifts on by
   * newsDrift of the jump over newsDriftSec.
   */
  newsPerDayMedian: 0.7,
  newsPerDaySigma: 0.6,
  newsSize: 0.5,
  newsBurst: 8,
  newsBurstSec: 600,
  newsDrift: 0.3,
  newsDriftSec: 900,

  /** Reward pools (USDC a day): median about 2, most 1-10; a few featured pools of hundreds. */
  poolMedian: 2.2,
  poolSigma: 1,
  poolRange: [1, 80] as [number, number],
  featuredShare: 0.03,
  featuredPool: [100, 400] as [number, number],
  maxSpreadCents: [3, 3.5, 4, 4.5],
  minSizes: [50, 100, 100, 200],

  /** Fees: crypto markets taker-only at rate 0.07 with makers rebated 0.2; the others none. */
  cryptoFee: { rate: 0.07, exponent: 1, takerOnly: true, rebateRate: 0.2 } as FeeSchedule,
  noFee: { rate: 0, exponent: 1, takerOnly: true, rebateRate: 0 } as FeeSchedule,
});
