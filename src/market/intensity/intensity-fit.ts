/**
 * The fit of a taker-arrival intensity λ(δ) = A·e^(−kδ) to counts: for each distance δ_j from the
 * midpoint, the takers n_j that traded against the best price resting there and the seconds T_j it
 * rested there (its exposure). The counts are Poisson with mean A·e^(−kδ_j)·T_j, so this is a
 * Poisson regression of log rate on distance with log exposure as the offset: the maximum-likelihood
 * form of the regression of log(n_j / T_j) on δ_j weighted by n_j, which also reads the distances
 * where nothing traded.
 *
 * For a given k the best A is N / Σ T_j·e^(−kδ_j) (N = Σ n_j), which leaves one equation in k:
 * the exposure's mean distance tilted by e^(−kδ) equals the trades' mean distance. The tilted mean
 * falls as k grows (its derivative is minus the tilted variance), so Newton's steps kept inside a
 * bracket find the root, if there is one. The standard error of k is 1 / √(N · tilted variance of δ) (the inverse Fisher
 * information): it is infinite when all the exposure sits at one distance, where k cannot be told.
 *
 * Pure numbers (model state, not money).
 */

/** One distance of a window: how far from the midpoint (price units), trades there, seconds resting there. */
export interface DistanceCount {
  readonly distance: number;
  readonly trades: number;
  readonly exposureS: number;
}

export interface IntensityFit {
  /** Takers per second reaching the midpoint (distance 0), per book side. */
  readonly a: number;
  /** Decay per price unit. */
  readonly k: number;
  /** Standard error of k (Infinity when the exposure sits at one distance). */
  readonly kStandardError: number;
}

/** k is looked for within ±K_SEARCH per price unit (a distance of 0.001 then weighs e^(∓10)). */
export const K_SEARCH = 10_000;
const ITERATIONS = 100;

/** Σ T·e^(−kδ), Σ T·δ·e^(−kδ), Σ T·δ²·e^(−kδ), each scaled by e^(k·δ_ref) so that no term overflows. */
function tilted(counts: readonly DistanceCount[], k: number): { w: number; wd: number; wdd: number; ref: number } {
  let ref = k >= 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  for (const c of counts) if (c.exposureS > 0) ref = k >= 0 ? Math.min(ref, c.distance) : Math.max(ref, c.distance);
  let w = 0;
  let wd = 0;
  let wdd = 0;
  for (const c of counts) {
    if (!(c.exposureS > 0)) continue;
    const e = c.exposureS * Math.exp(-k * (c.distance - ref));
    w += e;
    wd += e * c.distance;
    wdd += e * c.distance * c.distance;
  }
  return { w, wd, wdd, ref };
}

/** Why there is no fit: no trade or no exposure; all the exposure at one distance; no root within ±K_SEARCH. */
export type NoFit = 'no-data' | 'one-distance' | 'no-root';

/**
 * The maximum-likelihood A and k of `counts`, or why there is none: nothing to fit, all the
 * exposure at one distance (any k explains it), or a root beyond ±K_SEARCH (trades beyond every
 * exposure, or none but at the nearest distance).
 */
export function fitIntensity(counts: readonly DistanceCount[]): IntensityFit | NoFit {
  let n = 0;
  let nd = 0;
  let exposure = 0;
  let near = Number.POSITIVE_INFINITY;
  let far = Number.NEGATIVE_INFINITY;
  for (const c of counts) {
    n += c.trades;
    nd += c.trades * c.distance;
    if (!(c.exposureS > 0)) continue;
    exposure += c.exposureS;
    near = Math.min(near, c.distance);
    far = Math.max(far, c.distance);
  }
  if (!(n > 0) || !(exposure > 0)) return 'no-data';
  if (!(far > near)) return 'one-distance';
  const tradesMean = nd / n;
  // g(k) = tilted mean - trades' mean: decreasing in k (g' = -tilted variance); the MLE is its root.
  // Newton's steps from k = 0, kept inside the bracket [lo, hi] (bisection where a step leaves it).
  let lo = -K_SEARCH;
  let hi = K_SEARCH;
  const at = (k: number): { g: number; slope: number } => {
    const t = tilted(counts, k);
    const mean = t.wd / t.w;
    return { g: mean - tradesMean, slope: -(t.wdd / t.w - mean * mean) };
  };
  if (!(at(lo).g > 0 && at(hi).g < 0)) return 'no-root';
  let k = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const { g, slope } = at(k);
    if (g > 0) lo = k;
    else hi = k;
    if (g === 0 || hi - lo <= 1e-9) break;
    const step = slope < 0 ? k - g / slope : Number.NaN;
    const next = step > lo && step < hi ? step : (lo + hi) / 2;
    if (Math.abs(next - k) <= 1e-9 * Math.max(1, Math.abs(k))) {
      k = next;
      break;
    }
    k = next;
  }
  const t = tilted(counts, k);
  const mean = t.wd / t.w;
  const variance = Math.max(0, t.wdd / t.w - mean * mean);
  // A = N / sum T e^(-k d), where that sum is w e^(-k ref).
  const a = (n / t.w) * Math.exp(k * t.ref);
  const kStandardError = variance > 0 ? 1 / Math.sqrt(n * variance) : Number.POSITIVE_INFINITY;
  return { a, k, kStandardError };
}
