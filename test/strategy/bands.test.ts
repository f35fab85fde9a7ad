/** bands: exact quotes per band, live orders kept, trimmed or dropped, no quotes without a price. */
import { describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import type { MarketView } from '../../src/market/market-view.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import bands, { type BandsParams } from '../../strategies/bands.js';
import { liveOrder, makeView, show } from './view-fixture.js';

const WHERE = 'market 0xabc (bands)';
const INNER = { minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '10', avgAmount: '20', maxAmount: '30' };
const OUTER = { minMargin: '0.03', avgMargin: '0.045', maxMargin: '0.06', minAmount: '20', avgAmount: '40', maxAmount: '60' };
const WIDE = { minMargin: '0', avgMargin: '0.01', maxMargin: '0.02', minAmount: '10', avgAmount: '20', maxAmount: '30' };

const paramsOf = (raw: unknown) => parseStrategyParams(bands, raw, WHERE);
const TWO = paramsOf({ bands: [INNER, OUTER] });

function run(view: MarketView, params: BandsParams = TWO) {
  return bands.quote(view, params, bands.initialState(params));
}
const quotes = (view: MarketView, params: BandsParams = TWO) => show(run(view, params).quotes);

describe('bands: new quotes', () => {
  it('quotes each band at mid -/+ avgMargin for avgAmount, rounded away from the touch', () => {
    const out = run(makeView({ mid: '0.5' }));
    expect(show(out.quotes)).toEqual(['bid 0.48 x 20', 'bid 0.45 x 40', 'ask 0.52 x 20', 'ask 0.55 x 40']);
    expect(out.idleReason).toBeUndefined();
    expect(out.state).toBeNull();
  });

  it('gives the same quotes whatever the order of the bands in the file', () => {
    const shuffled = paramsOf({ bands: [OUTER, INNER] });
    expect(quotes(makeView(), shuffled)).toEqual(['bid 0.48 x 20', 'bid 0.45 x 40', 'ask 0.52 x 20', 'ask 0.55 x 40']);
  });

  it('quotes finer prices after a tick-size change to 0.001', () => {
    expect(quotes(makeView({ tick: '0.001' }))).toEqual(['bid 0.48 x 20', 'bid 0.455 x 40', 'ask 0.52 x 20', 'ask 0.545 x 40']);
  });

  it('rounds toward the touch only when rounding away would leave the band, and skips a band the grid cannot express', () => {
    const narrow = paramsOf({ bands: [{ ...WIDE, minMargin: '0.005', avgMargin: '0.012', maxMargin: '0.014' }] });
    expect(quotes(makeView({ mid: '0.505' }), narrow)).toEqual(['bid 0.5 x 20', 'ask 0.51 x 20']);
    const tooNarrow = paramsOf({ bands: [{ ...WIDE, minMargin: '0.01', avgMargin: '0.011', maxMargin: '0.012' }] });
    expect(quotes(makeView({ mid: '0.505' }), tooNarrow)).toEqual([]);
  });

  it('quotes one side only when asked, cancelling live orders on the other', () => {
    const params = paramsOf({ bands: [INNER], sides: 'ask' });
    expect(quotes(makeView({ live: [liveOrder('b', 0, 'BUY', '0.48', '20')] }), params)).toEqual(['ask 0.52 x 20']);
  });
});

describe('bands: live orders', () => {
  it('keeps live orders inside a band at their own price and remaining size, reading outcome-1 orders as their complement', () => {
    const live = [
      liveOrder('yes-bid', 0, 'BUY', '0.48', '15'), // bid 0.48, inner band
      liveOrder('no-sell', 1, 'SELL', '0.53', '12'), // bid 0.47: at the inner/outer boundary, inner band
      liveOrder('far-bid', 0, 'BUY', '0.4', '10'), // bid 0.40: 0.10 from the mid, in no band
      liveOrder('no-buy', 1, 'BUY', '0.45', '25'), // ask 0.55, outer band
      liveOrder('yes-sell', 0, 'SELL', '0.7', '25'), // ask 0.70, in no band
      { ...liveOrder('other', 0, 'BUY', '0.48', '15'), tokenId: '0xother:0' }, // not this market's: ignored
    ];
    expect(quotes(makeView({ live }))).toEqual(['bid 0.48 x 15', 'bid 0.47 x 12', 'bid 0.45 x 40', 'ask 0.52 x 20', 'ask 0.55 x 25']);
  });

  it('tops a band below minAmount up to avgAmount', () => {
    expect(quotes(makeView({ live: [liveOrder('b', 0, 'BUY', '0.49', '6')] }), paramsOf({ bands: [INNER] }))).toEqual([
      'bid 0.49 x 6',
      'bid 0.48 x 14',
      'ask 0.52 x 20',
    ]);
  });

  it('does not top up a band holding at least minAmount', () => {
    expect(quotes(makeView({ live: [liveOrder('b', 0, 'BUY', '0.49', '10')] }), paramsOf({ bands: [INNER] }))).toEqual([
      'bid 0.49 x 10',
      'ask 0.52 x 20',
    ]);
  });

  it('trims a band above maxAmount, farthest from the mid first', () => {
    const live = [
      liveOrder('b1', 0, 'BUY', '0.46', '30'),
      liveOrder('b2', 0, 'BUY', '0.45', '20'),
      liveOrder('b3', 0, 'BUY', '0.44', '25'),
    ];
    expect(quotes(makeView({ live }), paramsOf({ bands: [OUTER], sides: 'bid' }))).toEqual(['bid 0.46 x 30', 'bid 0.45 x 20']);
  });

  it('trims the smaller of two orders equally far from the mid first', () => {
    const live = [
      liveOrder('b1', 0, 'BUY', '0.46', '35'),
      liveOrder('b2', 0, 'BUY', '0.45', '20'),
      liveOrder('b3', 1, 'SELL', '0.55', '10'),
    ];
    expect(quotes(makeView({ live }), paramsOf({ bands: [OUTER], sides: 'bid' }))).toEqual(['bid 0.46 x 35', 'bid 0.45 x 20']);
  });

  it('refills a band emptied by trimming', () => {
    // 70 in one order over a maximum of 60: dropped, and the band is topped up to 40.
    const live = [liveOrder('big', 1, 'BUY', '0.46', '70')];
    expect(quotes(makeView({ live }), paramsOf({ bands: [OUTER], sides: 'ask' }))).toEqual(['ask 0.55 x 40']);
  });

  it('drops dust left by a partial fill and orders off the current tick, and refills', () => {
    const live = [liveOrder('dust', 0, 'BUY', '0.48', '3'), liveOrder('off', 0, 'SELL', '0.525', '20')];
    expect(quotes(makeView({ live }), paramsOf({ bands: [INNER] }))).toEqual(['bid 0.48 x 20', 'ask 0.52 x 20']);
  });
});

describe('bands: bounds', () => {
  const params = paramsOf({ bands: [WIDE] });

  it('clamps near 0: mid 0.015, tick 0.01', () => {
    expect(quotes(makeView({ mid: '0.015' }), params)).toEqual(['bid 0.01 x 20', 'ask 0.03 x 20']);
  });

  it('clamps near 1: mid 0.995, tick 0.001', () => {
    expect(quotes(makeView({ mid: '0.995', tick: '0.001' }), params)).toEqual(['bid 0.985 x 20', 'ask 0.999 x 20']);
  });

  it('drops a quote the clamp would move across the mid', () => {
    expect(quotes(makeView({ mid: '0.008' }), params)).toEqual(['ask 0.02 x 20']);
    expect(quotes(makeView({ mid: '0.992' }), params)).toEqual(['bid 0.98 x 20']);
  });
});

describe('bands: no invented price', () => {
  const live = [liveOrder('b', 0, 'BUY', '0.48', '20')];

  it('quotes nothing without a midpoint (so live orders are cancelled)', () => {
    const out = run(makeView({ mid: null, live }));
    expect(out.quotes).toEqual([]);
    expect(out.idleReason).toBe('no-midpoint');
  });

  it('quotes nothing when either book is missing or stale', () => {
    for (const missingBook of [0, 1] as const) {
      const out = run(makeView({ missingBook, live }));
      expect(out.quotes).toEqual([]);
      expect(out.idleReason).toBe('no-book');
    }
  });
});

describe('bands: parameters', () => {
  function message(raw: unknown): string {
    try {
      paramsOf(raw);
    } catch (err) {
      if (err instanceof MakerdError && err.code === ErrorCode.CONFIG) return err.message;
      throw err;
    }
    throw new Error('expected a CONFIG error');
  }

  it('has a default band', () => {
    const p = paramsOf({});
    expect(p.sides).toBe('both');
    expect(
      p.bands.map((b) => [b.minMargin, b.avgMargin, b.maxMargin, b.minAmount, b.avgAmount, b.maxAmount].map((d) => d.toFixed())),
    ).toEqual([['0.01', '0.02', '0.04', '10', '20', '30']]);
  });

  it('requires min <= avg <= max for margins and amounts', () => {
    expect(message({ bands: [INNER, { ...OUTER, avgMargin: '0.07' }] })).toBe(
      'market 0xabc (bands): params.bands[1]: minMargin <= avgMargin <= maxMargin is required (got 0.03, 0.07, 0.06)',
    );
    expect(message({ bands: [{ ...INNER, minAmount: '25' }] })).toBe(
      'market 0xabc (bands): params.bands[0]: minAmount <= avgAmount <= maxAmount is required (got 25, 20, 30)',
    );
  });

  it('refuses overlapping bands, naming both as written in the file', () => {
    expect(message({ bands: [OUTER, { ...INNER, maxMargin: '0.035' }] })).toBe(
      'market 0xabc (bands): params.bands[1] and params.bands[0] overlap: margins [0.01, 0.035] and [0.03, 0.06] (bands may touch, not overlap)',
    );
  });

  it('refuses a negative margin through the schema', () => {
    expect(message({ bands: [INNER, { ...OUTER, maxMargin: '-1' }] })).toBe(
      'market 0xabc (bands): params.bands[1].maxMargin must be a decimal >= 0 and <= 1 (got "-1")',
    );
  });
});
