/**
 * The variance rate of returns, online: an exponentially weighted mean of r² / dt (r a change
 * over dt seconds), weights halving every `halfLifeS` seconds of time, normalised by the total
 * weight so the first observations are not biased toward zero. Model state (plain numbers), shared
 * by avellaneda's volatility (log-odds) and the guards' jump test (price).
 */
export interface ReturnVariance {
  readonly weightedVar: number;
  readonly weight: number;
  /** Returns observed so far. */
  readonly samples: number;
}

export const NO_RETURNS: ReturnVariance = Object.freeze({ weightedVar: 0, weight: 0, samples: 0 });

/** The estimate after a return `r` over `dtS` > 0 seconds. */
export function addReturn(v: ReturnVariance, r: number, dtS: number, halfLifeS: number): ReturnVariance {
  const keep = 0.5 ** (dtS / halfLifeS);
  return {
    weightedVar: keep * v.weightedVar + (1 - keep) * ((r * r) / dtS),
    weight: keep * v.weight + (1 - keep),
    samples: v.samples + 1,
  };
}

/** Variance per second, or undefined before `minSamples` returns. */
export function variancePerSecond(v: ReturnVariance, minSamples: number): number | undefined {
  return v.samples >= minSamples && v.weight > 0 ? v.weightedVar / v.weight : undefined;
}
