/**
 * A model's quote prices onto the market's grid (grid.ts): its numbers as Decimals rounded to 12
 * places, then one level's bid and ask rounded away from the touch, widened to a minimum spread,
 * clamped and never crossed. Shared by avellaneda and glft.
 */
import { Decimal, ONE, compareDecimals, roundedNumber } from '../money.js';
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
