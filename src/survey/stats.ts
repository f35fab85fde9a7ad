/**
 * The survey's statistics over plain numbers (money stays Decimal until a figure is formed; a
 * figure may then be a number). Every function returns null for an empty input rather than NaN,
 * so that "not measured" is visible in the JSON as null and in the table as a blank.
 */
import { quantile as quantileOfSorted } from '../backtest/summary.js';

/**
 * The q-quantile (0 <= q <= 1) by linear interpolation between the closest ranks (position
 * q x (n - 1) of the sorted values, as numpy's default and R's type 7, the backtest summary's
 * quantile): the median of [1, 2, 3, 4] is 2.5, its 0.9-quantile 3.7.
 */
export function quantile(xs: readonly number[], q: number): number | null {
  if (xs.length === 0) return null;
  return quantileOfSorted(
    [...xs].sort((a, b) => a - b),
    q,
  );
}

export function median(xs: readonly number[]): number | null {
  return quantile(xs, 0.5);
}

export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** The smallest and largest value, or null. */
export function range(xs: readonly number[]): [number, number] | null {
  if (xs.length === 0) return null;
  let lo = xs[0]!;
  let hi = xs[0]!;
  for (const x of xs) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  return [lo, hi];
}

/** `x` rounded to `dp` decimals (half away from zero, as toFixed), null kept. */
export function round(x: number | null | undefined, dp: number): number | null {
  if (x === null || x === undefined || !Number.isFinite(x)) return null;
  const r = Number(x.toFixed(dp));
  return Object.is(r, -0) ? 0 : r;
}
