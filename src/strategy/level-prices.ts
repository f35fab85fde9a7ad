/**
 * A model's quote prices onto the market's grid (grid.ts): its numbers as Decimals rounded to 12
 * places, then one level's bid and ask rounded away from the touch, widened to a minimum spread,
 * clamped and never crossed. Shared by avellaneda and glft.
 */
import { Decimal, ONE, compareDecimals, fromScaledInt, microOf, roundedNumber } from '../money.js';
import { askPrice, bidPrice, clampPrice } from './grid.js';

/**
 * A model price as a Decimal, rounded to 12 decimal places (below any tick, above float noise):
 * new Decimal(x).toDecimalPlaces(12, ROUND_HALF_EVEN), built by money.ts's roundedNumber.
 */
export const fromModel = (x: number): Decimal => roundedNumber(x, 12);

/** ask - bid < minSpread; with no minimum (the default) that is ask < bid, compared without a Decimal made. */
function spreadBelow(bid: Decimal, ask: Decimal, minSpread: Decimal): boolean {
  if (minSpread.isZero() && bid.isFinite() && ask.isFinite()) return compareDecimals(ask, bid) < 0;
  return ask.minus(bid).lt(minSpread);
}

/**
 * One level's prices on the grid: rounded away from the touch, spread >= minSpread around
 * `centre`, clamped, bid < ask.
 */
export function levelPrices(bidRaw: Decimal, askRaw: Decimal, centre: Decimal, tick: Decimal, minSpread: Decimal): [Decimal, Decimal] {
  let bid = bidPrice(bidRaw, tick);
  let ask = askPrice(askRaw, tick);
  if (spreadBelow(bid, ask, minSpread)) {
    const half = minSpread.div(2);
    bid = Decimal.min(bid, bidPrice(centre.minus(half), tick));
    ask = Decimal.max(ask, askPrice(centre.plus(half), tick));
  }
  bid = clampPrice(bid, tick);
  ask = clampPrice(ask, tick);
  if (bid.isFinite() && ask.isFinite() ? compareDecimals(bid, ask) >= 0 : bid.gte(ask)) {
    if (ask.plus(tick).lte(ONE.minus(tick))) ask = bid.plus(tick);
    else bid = ask.minus(tick);
  }
  return [bid, ask];
}

/** 1 / tick when it is a whole number and the tick has micro-units (every venue tick), else undefined. */
export function ticksPerUnit(tick: Decimal): number | undefined {
  const m = microOf(tick);
  const n = m === undefined || m <= 0 ? Number.NaN : 1_000_000 / m;
  return Number.isSafeInteger(n) && n >= 2 ? n : undefined;
}

/**
 * levelPrices(fromModel(bx), fromModel(ax), centre, tick, 0) in whole ticks, without the model
 * prices' text or Decimals, or undefined (then that path decides). The 12-place rounding moves a
 * price by at most 0.5e-12 (plus the float's own error), so floor and ceiling to the tick of
 * bx x perUnit are those of the rounded price unless it lies within 1e-6 of a whole tick (then:
 * undefined). With bx <= ax the minimum spread of 0 never widens (no centre needed).
 */
export function levelPricesQuick(bx: number, ax: number, tick: Decimal, perUnit: number): [Decimal, Decimal] | undefined {
  const by = bx * perUnit;
  const ay = ax * perUnit;
  let bid = Math.floor(by);
  let ask = Math.ceil(ay);
  if (!(bx <= ax && by - bid > 1e-6 && bid + 1 - by > 1e-6 && ask - ay > 1e-6 && ay - (ask - 1) > 1e-6)) return undefined;
  // Clamped to [1, perUnit - 1] ticks; a bid at or above its ask moves a tick away from the bound.
  bid = Math.min(Math.max(bid, 1), perUnit - 1);
  ask = Math.min(Math.max(ask, 1), perUnit - 1);
  if (bid >= ask) {
    if (ask + 1 <= perUnit - 1) ask = bid + 1;
    else bid = ask - 1;
  }
  const t = microOf(tick)!;
  return [fromScaledInt(bid * t), fromScaledInt(ask * t)];
}
