/**
 * The integer shortcuts of the views, grid and legs against the Decimal arithmetic they replace,
 * on thousands of random values: midpoints, complements (1 - p), grid sizes and clamps, and whole
 * quote lists mapped onto token orders. Equal to decimal.js's own representation, so every later
 * use of a value is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { HALF, midPrice } from '../../src/market/book-view.js';
import type { MarketView } from '../../src/market/market-view.js';
import { Decimal, ONE } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import { clampPrice, gridSize } from '../../src/strategy/grid.js';
import { complement, toOrderIntents } from '../../src/strategy/legs.js';
import type { OrderIntent, Quote } from '../../src/strategy/strategy.js';
import { gridValue, shape } from '../support/random-decimals.js';

const CASES = 3_000;
const TICKS = ['0.01', '0.001', '0.0001', '0.005'];

/** toOrderIntents as it was, in Decimal throughout: the reference. */
function legsDecimal(view: MarketView, quotes: readonly Quote[]): OrderIntent[] {
  const { conditionId, tokens } = view.meta;
  const sells = new Array<boolean>(quotes.length).fill(false);
  const commit = (side: 'bid' | 'ask', held: Decimal): void => {
    const order = quotes.map((q, i) => ({ q, i })).filter(({ q }) => q.side === side);
    order.sort((a, b) => (side === 'ask' ? a.q.price.cmp(b.q.price) : b.q.price.cmp(a.q.price)));
    let left = held;
    for (const { q, i } of order) {
      if (q.size.lte(left)) {
        sells[i] = true;
        left = left.minus(q.size);
      }
    }
  };
  commit('ask', view.position.outcome0);
  commit('bid', view.position.outcome1);
  return quotes.map((q, i): OrderIntent => {
    const c = ONE.minus(q.price);
    if (q.side === 'ask')
      return sells[i]
        ? { conditionId, tokenId: tokens[0], side: 'SELL', price: q.price, size: q.size, quoteSide: 'ask' }
        : { conditionId, tokenId: tokens[1], side: 'BUY', price: c, size: q.size, quoteSide: 'ask' };
    return sells[i]
      ? { conditionId, tokenId: tokens[1], side: 'SELL', price: c, size: q.size, quoteSide: 'bid' }
      : { conditionId, tokenId: tokens[0], side: 'BUY', price: q.price, size: q.size, quoteSide: 'bid' };
  });
}

const asText = (intents: readonly OrderIntent[]) => intents.map((i) => ({ ...i, price: shape(i.price), size: shape(i.size) }));

describe('integer shortcuts equal their Decimal arithmetic', () => {
  it(`midpoints and complements of ${CASES} random prices`, () => {
    const r = new SimRng('integer-prices-mid');
    for (let i = 0; i < CASES; i++) {
      const tick = r.pick(TICKS);
      const bid = gridValue(r, tick, 1, 9_999, 0.05);
      const ask = gridValue(r, tick, 1, 9_999, 0.05);
      expect(shape(midPrice(bid, ask)), `${bid} ${ask}`).toEqual(shape(bid.plus(ask).mul(HALF)));
      expect(shape(complement(bid)), bid.toFixed()).toEqual(shape(ONE.minus(bid)));
    }
  });

  it(`grid sizes and clamps of ${CASES} random values`, () => {
    const r = new SimRng('integer-prices-grid');
    for (let i = 0; i < CASES; i++) {
      const step = new Decimal(r.pick(['0.01', '1', '0.1', '0.000001', '0.0000001']));
      const min = new Decimal(r.pick(['5', '0.01', '15', '0']));
      const raw = r.chance(0.1) ? new Decimal(r.int(-30, 0)).div(7) : gridValue(r, '0.0001', 0, 500_000, 0.05);
      const floor = raw.div(step).toDecimalPlaces(0, Decimal.ROUND_FLOOR).mul(step);
      const expected = floor.gt(0) && floor.gte(min) ? floor : undefined;
      expect(shape(gridSize(raw, step, min)), `${raw} ${step} ${min}`).toEqual(shape(expected));
      const tick = new Decimal(r.pick(TICKS));
      const p = gridValue(r, '0.0001', 0, 10_000, 0.05);
      const hi = ONE.minus(tick);
      expect(shape(clampPrice(p, tick))).toEqual(shape(p.lt(tick) ? tick : p.gt(hi) ? hi : p));
    }
  });

  it(`quotes onto token orders: ${CASES} random quote lists and holdings`, () => {
    const r = new SimRng('integer-prices-legs');
    for (let i = 0; i < CASES; i++) {
      const tick = r.pick(TICKS);
      const quotes: Quote[] = [];
      for (let n = r.int(0, 7); n > 0; n--)
        quotes.push({ side: r.chance(0.5) ? 'bid' : 'ask', price: gridValue(r, tick, 1, 99, 0.03), size: gridValue(r, '0.01', 0, 3_000) });
      const held = (): Decimal => (r.chance(0.4) ? new Decimal(0) : gridValue(r, '0.01', 0, 6_000, 0.03));
      const view = {
        meta: { conditionId: 'm', tokens: ['m:0', 'm:1'] },
        position: { outcome0: held(), outcome1: held() },
        liveOrders: [],
      } as unknown as MarketView;
      expect(asText(toOrderIntents(view, quotes)), `case ${i}`).toEqual(asText(legsDecimal(view, quotes)));
    }
  });
});
