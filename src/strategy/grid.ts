/**
 * The market's grid, for strategies: prices are multiples of the tick inside [tick, 1 - tick],
 * sizes are multiples of the size step and at least the minimum order size. Rounding always
 * goes away from the touch (bids down, asks up) and sizes always round down, so a strategy never
 * quotes tighter or larger than it computed. Exact Decimal arithmetic throughout.
 */
import { Decimal, ONE, isMultipleOf, roundToTick } from '../money.js';

/** A bid price on the grid: rounded down to the tick (away from the touch). */
export function bidPrice(raw: Decimal, tick: Decimal): Decimal {
  return roundToTick(raw, tick, 'down');
}

/** An ask price on the grid: rounded up to the tick (away from the touch). */
export function askPrice(raw: Decimal, tick: Decimal): Decimal {
  return roundToTick(raw, tick, 'up');
}

/** Clamps a price to the tradable range [tick, 1 - tick]. */
export function clampPrice(p: Decimal, tick: Decimal): Decimal {
  const hi = ONE.minus(tick);
  if (p.lt(tick)) return tick;
  if (p.gt(hi)) return hi;
  return p;
}

/** True when `p` is a multiple of `tick` inside [tick, 1 - tick]. */
export function isOnPriceGrid(p: Decimal, tick: Decimal): boolean {
  return p.gte(tick) && p.lte(ONE.minus(tick)) && isMultipleOf(p, tick);
}

/**
 * `raw` rounded down to a multiple of `sizeStep`; undefined when the result is below `minSize`
 * or not positive (nothing worth quoting).
 */
export function gridSize(raw: Decimal, sizeStep: Decimal, minSize: Decimal): Decimal | undefined {
  const size = raw.div(sizeStep).toDecimalPlaces(0, Decimal.ROUND_FLOOR).mul(sizeStep);
  return size.gt(0) && size.gte(minSize) ? size : undefined;
}

/** True when `size` is a valid order size: a positive multiple of the step, at least the minimum. */
export function isOnSizeGrid(size: Decimal, sizeStep: Decimal, minSize: Decimal): boolean {
  return size.gt(0) && size.gte(minSize) && isMultipleOf(size, sizeStep);
}
