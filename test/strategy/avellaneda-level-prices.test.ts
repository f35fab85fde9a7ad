/**
 * avellaneda's level prices compare without making Decimals (compareDecimals, a zero minimum
 * spread as ask < bid); the reference is the Decimal arithmetic they replaced, on thousands of
 * random levels: the same prices, to decimal.js's representation.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, numberOf, ONE, ZERO } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import { askPrice, bidPrice, clampPrice } from '../../src/strategy/grid.js';
import { fromModel, levelPrices, levelPricesQuick, sigmoid, ticksPerUnit } from '../../strategies/avellaneda.js';
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

  it(`in whole ticks from the model's numbers, equal levelPrices of their 12-place Decimals (${CASES * 5} levels)`, () => {
    const r = new SimRng('avellaneda-level-ticks');
    let quick = 0;
    let nearEdge = 0;
    for (let i = 0; i < CASES * 5; i++) {
      const tickText = ['0.01', '0.001', '0.0001', '0.005', '0.1', '0.25'][r.int(0, 5)]!;
      const tick = new Decimal(tickText);
      const perUnit = ticksPerUnit(tick)!;
      const x = r.normal() * 3;
      const spread = r.chance(0.1) ? 0 : r.next() * 0.3;
      let bx = sigmoid(x - spread);
      let ax = sigmoid(x + spread);
      // Now and then a price on or within float noise of a whole tick, at the bounds, or crossed.
      const kind = r.int(0, 9);
      if (kind === 0) bx = r.int(0, perUnit) / perUnit + (r.next() - 0.5) * 1e-12;
      else if (kind === 1) ax = r.int(0, perUnit) / perUnit + (r.next() - 0.5) * 1e-9;
      else if (kind === 2) [bx, ax] = [ax, bx];
      else if (kind === 3) bx = r.chance(0.5) ? 0 : 1;
      else if (kind === 4) ax = r.chance(0.5) ? 1 - 1e-13 : 1e-13;
      const got = levelPricesQuick(bx, ax, tick, perUnit);
      const centre = fromModel(sigmoid(x));
      const reference = levelPrices(fromModel(bx), fromModel(ax), centre, tick, ZERO);
      if (kind <= 1) nearEdge++;
      if (got === undefined) continue;
      quick++;
      expect(got.map(shape), `${bx} ${ax} at ${tickText}`).toEqual(reference.map(shape));
    }
    expect(quick).toBeGreaterThan(CASES * 2);
    expect(nearEdge).toBeGreaterThan(CASES / 2);
    expect(ticksPerUnit(new Decimal('0.003'))).toBeUndefined();
    expect(ticksPerUnit(new Decimal('0.0000001'))).toBeUndefined();
  });

  it(`numberOf equals toNumber (${CASES} values)`, () => {
    const r = new SimRng('number-of');
    const values = [new Decimal('-0'), new Decimal(0), new Decimal('0.1'), new Decimal('0.3'), new Decimal('123456.789012')];
    for (let i = 0; i < CASES; i++) values.push(gridValue(r, r.chance(0.5) ? '0.000001' : '0.01', -1e9, 1e9, 0.1));
    for (const d of values) expect(Object.is(numberOf(d), d.toNumber()), d.toFixed()).toBe(true);
  });
});
