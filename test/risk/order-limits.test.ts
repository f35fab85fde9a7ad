/** The per-order limits of an ACTIVE market: exact approved, trimmed and moved sizes and prices. */
import { describe, expect, it } from 'vitest';
import { RiskGate, validateRiskLimits, type RiskLimits } from '../../src/risk/index.js';
import { T0, ask, bid, book, buyNo, sellNo, show, view } from './view-fixture.js';

const gate = (over: Record<string, unknown> = {}): RiskGate => new RiskGate(validateRiskLimits(over) satisfies RiskLimits);

describe('an ACTIVE market within every limit', () => {
  it('approves every intent unchanged, the same objects, in the strategy order', () => {
    const intents = [bid('0.47', 10), bid('0.48', 10), ask('0.52', 10), buyNo('0.47', 10)];
    const d = gate().evaluate(view(), intents, T0);
    expect(d).toEqual({
      approved: intents,
      state: 'ACTIVE',
      refused: {},
      pulled: false,
      trimmed: 0,
      moved: 0,
      overlap: false,
      unheardFit: expect.any(Function),
    });
    for (const [i, a] of d.approved.entries()) expect(a).toBe(intents[i]);
  });

  it('approves nothing, and pulls nothing, when the strategy wants nothing', () => {
    expect(gate().evaluate(view(), [], T0)).toEqual({
      approved: [],
      state: 'ACTIVE',
      refused: {},
      pulled: false,
      trimmed: 0,
      moved: 0,
      overlap: false,
    });
  });
});

describe('order size', () => {
  it('trims to risk.maxOrderSize rounded down to the size step', () => {
    const d = gate({ maxOrderSize: '12.345' }).evaluate(view(), [bid('0.48', 50), ask('0.52', '12.34'), ask('0.53', 8)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:0 0.48 x 12.34', 'SELL m1:0 0.52 x 12.34', 'SELL m1:0 0.53 x 8']);
    expect(d.trimmed).toBe(1);
    expect(d.refused).toEqual({});
  });

  it("refuses below the market's minimum size, by itself or after the trim", () => {
    expect(gate().evaluate(view(), [bid('0.48', '4.99')], T0).refused).toEqual({ 'below-min-size': 1 });
    const d = gate({ maxOrderSize: 4 }).evaluate(view(), [bid('0.48', 10), ask('0.52', 10)], T0);
    expect(d.approved).toEqual([]);
    expect(d.refused).toEqual({ 'below-min-size': 2 });
  });

  it('refuses a size that is not a positive multiple of the size step', () => {
    const d = gate().evaluate(view(), [bid('0.48', '10.005'), bid('0.47', 0), bid('0.46', -10), bid('0.45', 10)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:0 0.45 x 10']);
    expect(d.refused).toEqual({ 'order-size': 3 });
  });
});

describe('price range', () => {
  it('refuses token prices outside [minPrice, maxPrice] or off the tick; the bounds themselves pass', () => {
    const g = gate({ minPrice: '0.05', maxPrice: '0.95' });
    const book0 = book('m1:0', [['0.04', '10']], [['0.97', '10']]);
    const d = g.evaluate(view({ book0 }), [bid('0.04', 10), bid('0.05', 10), ask('0.96', 10), ask('0.95', 10), bid('0.475', 10)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:0 0.05 x 10', 'SELL m1:0 0.95 x 10']);
    expect(d.refused).toEqual({ 'price-range': 3 });
  });
});

describe('post-only', () => {
  it("moves a BUY at or through the token's best ask to one tick below it, a SELL to one tick above the best bid", () => {
    const d = gate().evaluate(view(), [bid('0.52', 10), bid('0.60', 10), ask('0.48', 10), ask('0.40', 10), bid('0.51', 10)], T0);
    expect(show(d.approved)).toEqual([
      'BUY m1:0 0.51 x 10',
      'BUY m1:0 0.51 x 10',
      'SELL m1:0 0.49 x 10',
      'SELL m1:0 0.49 x 10',
      'BUY m1:0 0.51 x 10',
    ]);
    expect(d.moved).toBe(4);
    expect(d.trimmed).toBe(0);
  });

  it("checks each token against its own book (outcome 1's for outcome-1 orders)", () => {
    const book1 = book('m1:1', [['0.30', '10']], [['0.35', '10']]);
    const d = gate().evaluate(view({ book1 }), [buyNo('0.40', 10), sellNo('0.30', 10), buyNo('0.34', 10)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:1 0.34 x 10', 'SELL m1:1 0.31 x 10', 'BUY m1:1 0.34 x 10']);
    expect(d.moved).toBe(2);
  });

  it('refuses when one tick off the opposite best leaves the price range; an empty opposite side never crosses', () => {
    const g = gate({ minPrice: '0.05', maxPrice: '0.95' });
    const book0 = book('m1:0', [['0.95', '10']], [['0.05', '10']]);
    const d = g.evaluate(view({ book0, mid: '0.5' }), [bid('0.05', 10), ask('0.95', 10)], T0);
    expect(d.approved).toEqual([]);
    expect(d.refused).toEqual({ 'post-only-cross': 2 });
    const oneSided = book('m1:0', [], []);
    expect(show(g.evaluate(view({ book0: oneSided }), [bid('0.90', 10), ask('0.10', 10)], T0).approved)).toEqual([
      'BUY m1:0 0.9 x 10',
      'SELL m1:0 0.1 x 10',
    ]);
  });
});

describe('position per token', () => {
  it('counts approved BUYs of the token cumulatively, best price first, trimming the last and refusing the rest', () => {
    // Held 480 of outcome 0 (limit 500): room for 20 more.
    const d = gate().evaluate(view({ pos: [480, 400] }), [bid('0.46', 10), bid('0.47', 15), bid('0.48', 15)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:0 0.47 x 5', 'BUY m1:0 0.48 x 15']);
    expect(d.trimmed).toBe(1);
    expect(d.refused).toEqual({ 'position-limit': 1 });
  });

  it('limits each token apart; SELLs never count', () => {
    const d = gate().evaluate(view({ pos: [480, 400] }), [buyNo('0.47', 150), ask('0.52', 100), sellNo('0.53', 50)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:1 0.47 x 100', 'SELL m1:0 0.52 x 100', 'SELL m1:1 0.53 x 50']);
    expect(d.trimmed).toBe(1);
  });

  it('refuses under position-limit when the room left is below the minimum size', () => {
    const d = gate().evaluate(view({ pos: [496, 400] }), [bid('0.48', 10)], T0);
    expect(d.refused).toEqual({ 'position-limit': 1 });
  });
});

describe('net exposure, worst case', () => {
  it('keeps q + approved bids <= max and q - approved asks >= -max, trimming on the size grid', () => {
    // q = 100, max 300: bids may add 200, asks may take 400.
    const intents = [bid('0.48', 150), bid('0.47', 100), ask('0.52', 200), ask('0.53', 200), ask('0.54', 200), bid('0.46', 10)];
    const d = gate().evaluate(view({ pos: [100, 0] }), intents, T0);
    expect(show(d.approved)).toEqual(['BUY m1:0 0.48 x 150', 'BUY m1:0 0.47 x 50', 'SELL m1:0 0.52 x 200', 'SELL m1:0 0.53 x 200']);
    expect(d.trimmed).toBe(1);
    expect(d.refused).toEqual({ 'exposure-limit': 2 });
  });

  it('counts outcome-1 orders by the quote they express', () => {
    // q = -290 (short outcome 0): asks (BUY outcome 1) may take 10 more.
    const d = gate().evaluate(view({ pos: [0, 290] }), [buyNo('0.48', 20), sellNo('0.53', 50)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:1 0.48 x 10', 'SELL m1:1 0.53 x 50']);
  });

  it('refuses when less than the minimum size of room is left', () => {
    const d = gate({ maxNetExposure: '23.5' }).evaluate(view(), [bid('0.48', 20), bid('0.47', 20)], T0);
    expect(show(d.approved)).toEqual(['BUY m1:0 0.48 x 20']);
    expect(d.refused).toEqual({ 'exposure-limit': 1 });
  });
});

describe('orders per market', () => {
  it('keeps the orders closest to the touch, measured from the outcome-0 midpoint', () => {
    // mid 0.5: distances 0.02 (bid 0.48), 0.03 (ask 0.53 = BUY outcome 1 at 0.47), 0.04 (bid 0.46), 0.05 (ask 0.55).
    const intents = [ask('0.55', 10), bid('0.46', 10), buyNo('0.47', 10), bid('0.48', 10)];
    const d = gate({ maxOrdersPerMarket: 2 }).evaluate(view(), intents, T0);
    expect(show(d.approved)).toEqual(['BUY m1:1 0.47 x 10', 'BUY m1:0 0.48 x 10']);
    expect(d.refused).toEqual({ 'market-orders': 2 });
  });

  it('keeps the strategy order among intents equally far from the touch', () => {
    const d = gate({ maxOrdersPerMarket: 1 }).evaluate(view(), [ask('0.52', 10), bid('0.48', 10)], T0);
    expect(show(d.approved)).toEqual(['SELL m1:0 0.52 x 10']);
  });

  it("falls back to the books' midpoints when the view has none", () => {
    const book0 = book('m1:0', [['0.60', '10']], [['0.64', '10']]);
    const d = gate({ maxOrdersPerMarket: 1 }).evaluate(view({ book0, mid: null }), [bid('0.55', 10), ask('0.64', 10)], T0);
    // Reference 0.62: the ask is 0.02 away, the bid 0.07.
    expect(show(d.approved)).toEqual(['SELL m1:0 0.64 x 10']);
  });
});

describe('intents of another market', () => {
  it('are a programming error', () => {
    expect(() => gate().evaluate(view(), [bid('0.48', 10, 'm2')], T0)).toThrow(/intent for m2 token m2:0 handed in with market m1/);
  });
});
