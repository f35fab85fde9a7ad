/**
 * avellaneda's level prices compare without making Decimals (compareDecimals, a zero minimum
 * spread as ask < bid); the reference is the Decimal arithmetic they replaced, on thousands of
 * random levels: the same prices, to decimal.js's representation.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, ONE } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import { askPrice, bidPrice, clampPrice } from '../../src/strategy/grid.js';
import { levelPrices } from '../../strategies/avellaneda.js';
import { gridValue, shape } from '../support/random-decimals.js';

const CASES = 4_000;

/** levelPrices as it was, every comparison in decimal.js. */
function levelPricesDecimal(bidRaw: Decimal, askRaw: Decimal, centre: Decimal, tick: Decimal, minSpread: Decimal): [Decimal, Decimal] {
  let bid = bidPrice(bidRaw, tick);
  let ask = askPrice(askRaw, tick);
  if (ask.minus(bid).lt(minSpread)) {
    const half = minSpread.div(2);
    bid = Decimal.min(bid, bidPrice(centre.minus(half), tick));
    ask = Decimal.max(ask, askPrice(centre.plus(half), tick));
  }
  bid = clampPrice(bid, tick);
  ask = clampPrice(ask, tick);
  if (bid.gte(ask)) {
    if (ask.plus(tick).lte(ONE.minus(tick))) ask = bid.plus(tick);
    else bid = ask.minus(tick);
  }
  return [bid, ask];
}

describe('avellaneda level prices', () => {
  it(`equal the Decimal comparisons on ${CASES} random levels (crossed, touching, at the edges)`, () => {
    const r = new SimRng('avellaneda-level-prices');
    let crossed = 0;
    let widened = 0;
    for (let i = 0; i < CASES; i++) {
      const tick = new Decimal(r.pick(['0.01', '0.001', '0.005']));
      // Model prices of 12 decimals, mostly near each other so that levels touch or cross.
      const centre = gridValue(r, '0.000000000001', 1, 999_999_999_999, 0);
      const off = (): Decimal => centre.plus(gridValue(r, '0.000000000001', -30_000_000_000, 30_000_000_000, 0));
      const clampRaw = (d: Decimal): Decimal => Decimal.min(Decimal.max(d, new Decimal('0.000000000001')), new Decimal('0.999999999999'));
      const bidRaw = clampRaw(off());
      const askRaw = clampRaw(off());
      const minSpread = r.chance(0.6) ? new Decimal(0) : gridValue(r, '0.001', 0, 50, 0);
      const fast = levelPrices(bidRaw, askRaw, centre, tick, minSpread);
      const reference = levelPricesDecimal(bidRaw, askRaw, centre, tick, minSpread);
      expect(fast.map(shape), `case ${i}`).toEqual(reference.map(shape));
      if (bidPrice(bidRaw, tick).gte(askPrice(askRaw, tick))) crossed++;
      if (askPrice(askRaw, tick).minus(bidPrice(bidRaw, tick)).lt(minSpread)) widened++;
    }
    expect(crossed).toBeGreaterThan(CASES / 10);
    expect(widened).toBeGreaterThan(CASES / 10);
  });
});
