/**
 * Integer arithmetic of the flow's hot path. The flow prices orders in micro-units (1e-6 of a
 * dollar, the exchange's price units: src/sim/exchange/units.ts) held in safe integers, so that
 * pricing hundreds of thousands of orders a day costs integer operations, not Decimals; it is
 * exact, not approximate: every value it handles lies on the 1e-6 grid (fair values are rounded to
 * 6 decimals by `toFixed(6)`, ticks are on the exchange's grid), and the results are the same as
 * the Decimal model (maker-ladder.ts `makerLadder`, taker-arrivals.ts `drawTakers`; a test checks
 * them against each other). Orders leave as plain decimal text, formatted once per value.
 */
import { PRICE_SCALE, priceText, toUnits } from '../exchange/units.js';

/** 1.0 in micro-units. */
export const MICRO_ONE = PRICE_SCALE;

/** `x.toFixed(6)` in micro-units (x >= 0 and below 2^53 micro-units), exactly as that text reads. */
export function microOf(x: number): number {
  // Fast path without the text: below 2^31 the product x·1e6 is off by less than 1.2e-7, so unless
  // it lies within 1e-6 of a half its rounding is toFixed's (half up, as Math.round).
  const scaled = x * MICRO_ONE;
  if (x >= 0 && scaled < 2 ** 31) {
    const rounded = Math.round(scaled);
    if (Math.abs(Math.abs(scaled - rounded) - 0.5) > 1e-6) return rounded;
  }
  const units = toUnits(x.toFixed(6), 6);
  if (units === undefined) throw new RangeError(`flow: ${x} is not a non-negative number of micro-units`);
  return units;
}

/** A flow parameter (a number) in micro-units when its decimal text lies on the 1e-6 grid, else undefined. */
export function exactMicro(x: number): number | undefined {
  return Number.isFinite(x) && x >= 0 ? toUnits(String(x), 6) : undefined;
}

/** Largest multiple of `step` (> 0) at or below `a` (any sign): ROUND_FLOOR onto the grid. */
export function floorTo(a: number, step: number): number {
  return a - (((a % step) + step) % step);
}

/** Smallest multiple of `step` (> 0) at or above `a` (any sign): ROUND_CEIL onto the grid. */
export function ceilTo(a: number, step: number): number {
  return -floorTo(-a, step);
}

/** `y / divisor` (y >= 0, divisor > 0, both safe integers) rounded to an integer, ties to even. */
export function divRoundHalfEven(y: number, divisor: number): number {
  const r = y % divisor;
  const q = (y - r) / divisor;
  const twice = 2 * r;
  if (twice > divisor || (twice === divisor && q % 2 === 1)) return q + 1;
  return q;
}

/** Whole-share size texts below this are formatted once (takers send a few dozen sizes all day). */
const SHARE_TEXTS_BELOW = 4096;
const SHARE_TEXTS: string[] = [];

/** `String(shares)` for a whole number of shares (>= 0), from a cache for the usual sizes. */
export function sharesText(shares: number): string {
  if (shares >= SHARE_TEXTS_BELOW) return String(shares);
  let text = SHARE_TEXTS[shares];
  if (text === undefined) {
    text = String(shares);
    SHARE_TEXTS[shares] = text;
  }
  return text;
}

/** Price texts by micro-units, formatted once (a flow quotes the same few hundred prices all day). */
const PRICE_TEXTS = new Map<number, string>();

export function microText(units: number): string {
  let text = PRICE_TEXTS.get(units);
  if (text === undefined) {
    if (PRICE_TEXTS.size >= 100_000) PRICE_TEXTS.clear();
    text = priceText(units);
    PRICE_TEXTS.set(units, text);
  }
  return text;
}
