/**
 * The market's grid (grid.ts) in micro-units (money.ts microOf): the same rules on exact integers,
 * for a strategy's per-evaluation path when its prices, sizes, tick and size step all have that
 * form. The caller converts and falls back to grid.ts when one has not; every result here equals
 * grid.ts's on the same values.
 */

/** 1 in micro-units. */
export const ONE_MICRO = 1_000_000;

/** The greatest multiple of `step` (> 0) at most `x`: exact for any safe integers, negative too. */
export function floorToMultiple(x: number, step: number): number {
  const r = x % step;
  // JavaScript's remainder takes the dividend's sign: a negative x with a remainder rounds one step further down.
  return r < 0 ? x - r - step : x - r;
}

/** The least multiple of `step` (> 0) at least `x`. */
export function ceilToMultiple(x: number, step: number): number {
  const r = x % step;
  return r > 0 ? x - r + step : x - r;
}

/** grid.ts clampPrice: `p` inside [tick, 1 - tick]. */
export function clampPriceMicro(p: number, tick: number): number {
  if (p < tick) return tick;
  const top = ONE_MICRO - tick;
  return p > top ? top : p;
}

/** grid.ts isOnPriceGrid: a multiple of `tick` (> 0) inside [tick, 1 - tick]. */
export function isOnPriceGridMicro(p: number, tick: number): boolean {
  return p >= tick && p <= ONE_MICRO - tick && p % tick === 0;
}

/** grid.ts isOnSizeGrid: a positive multiple of `step` (> 0), at least `min`. */
export function isOnSizeGridMicro(size: number, step: number, min: number): boolean {
  return size > 0 && size >= min && size % step === 0;
}

/** grid.ts gridSize: `raw` rounded down to the step; undefined when not positive or below `min`. */
export function gridSizeMicro(raw: number, step: number, min: number): number | undefined {
  const size = floorToMultiple(raw, step);
  return size > 0 && size >= min ? size : undefined;
}
