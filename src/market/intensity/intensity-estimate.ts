/**
 * What a fitted taker-arrival intensity tells a strategy (MarketView.intensity), per side of the
 * market: the fit λ(δ) = A·e^(−kδ), δ the distance from the midpoint in price units, and whether
 * it is to be trusted (market-intensity.ts says when).
 */

/** `fitted`: trusted; otherwise why not (market-intensity.ts). */
export type IntensityStatus = 'fitted' | 'few-trades' | 'one-distance' | 'imprecise' | 'out-of-bounds';
export type IntensitySide = 'bid' | 'ask';

export interface IntensityEstimate {
  readonly status: IntensityStatus;
  /** Takers per second per book side at distance 0, as fitted; undefined when nothing could be fitted. */
  readonly a: number | undefined;
  /** Decay per price unit, as fitted; undefined when nothing could be fitted. */
  readonly k: number | undefined;
  /** Standard error of k; undefined without a fit. */
  readonly kStandardError: number | undefined;
  /** Takers counted on this side within the window. */
  readonly trades: number;
}

/** A market's estimates, one per side. */
export interface IntensitySides {
  readonly bid: IntensityEstimate;
  readonly ask: IntensityEstimate;
}
