/**
 * The market's grid, for strategies: prices are multiples of the tick inside [tick, 1 - tick],
 * sizes are multiples of the size step and at least the minimum order size. Rounding always
 * goes away from the touch (bids down, asks up) and sizes always round down, so a strategy never
 * quotes tighter or larger than it computed. Exact Decimal arithmetic throughout.
 */
import { compareDecimals, type Decimal, isMultipleOf, ONE, roundToTick, ZERO } from '../money.js';

/** A bid price on the grid: rounded down to the tick (away from the touch). */
export function bidPrice(raw: Decimal, tick: Decimal): Decimal {
  return roundToTick(raw, tick, 'down');
}

/** An ask price on the grid: rounded up to the tick (away from the touch). */
export function askPrice(raw: Decimal, tick: Decimal): Decimal {
  return roundToTick(raw, tick, 'up');
}

/** 1 - tick of the last tick asked about: a market's tick is one Decimal, used for every quote. */
let lastTick: Decimal | undefined;
let lastTop: Decimal = ONE;
function topOf(tick: Decimal): Decimal {
  if (tick !== lastTick) {
    lastTop = ONE.minus(tick);
    lastTick = tick;
  }
  return lastTop;
}

/** Clamps a price to the tradable range [tick, 1 - tick]. */
export function clampPrice(p: Decimal, tick: Decimal): Decimal {
  // NaN stays NaN, as decimal.js's comparisons leave it (compareDecimals takes finite values).
  if (!p.isFinite() || !tick.isFinite()) return p.lt(tick) ? tick : p.gt(ONE.minus(tick)) ? ONE.minus(tick) : p;
  if (compareDecimals(p, tick) < 0) return tick;
  const hi = topOf(tick);
  if (compareDecimals(p, hi) > 0) return hi;
  return p;
}

/** True when `p` is a multiple of `tick` inside [tick, 1 - tick]. */
export function isOnPriceGrid(p: Decimal, tick: Decimal): boolean {
  if (!p.isFinite() || !tick.isFinite()) return false;
  return compareDecimals(p, tick) >= 0 && compareDecimals(p, topOf(tick)) <= 0 && isMultipleOf(p, tick);
}

/**
 * `raw` rounded down to a multiple of `sizeStep`; undefined when the result is below `minSize`
 * or not positive (nothing worth quoting).
 */
export function gridSize(raw: Decimal, sizeStep: Decimal, minSize: Decimal): Decimal | undefined {
  // floor(raw / step) x step: roundToTick's exact integer path when it can, decimal.js's otherwise.
  const size = roundToTick(raw, sizeStep, 'down');
  return positiveAtLeast(size, minSize) ? size : undefined;
}

/** size > 0 and size >= min, without the copies decimal.js's comparisons make. */
function positiveAtLeast(size: Decimal, min: Decimal): boolean {
  if (!size.isFinite() || !min.isFinite()) return size.gt(0) && size.gte(min);
  return compareDecimals(size, ZERO) > 0 && compareDecimals(size, min) >= 0;
}

/** True when `size` is a valid order size: a positive multiple of the step, at least the minimum. */
export function isOnSizeGrid(size: Decimal, sizeStep: Decimal, minSize: Decimal): boolean {
  return positiveAtLeast(size, minSize) && isMultipleOf(size, sizeStep);
}
