/**
 * bands' micro-unit path against its Decimal path: the same quotes, in the same order. A live order
 * priced at 7 decimals (off every tick, so dropped by both) has no micro-unit form and sends the
 * evaluation down the Decimal path; without it, the micro path decides.
 */
import { describe, expect, it } from 'vitest';
import type { LiveOrderView, MarketView } from '../../src/market/market-view.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import bands, { type BandsParams } from '../../strategies/bands.js';
import { liveOrder, makeView, show, type ViewOptions } from './view-fixture.js';

const INNER = { minMargin: '0.01', avgMargin: '0.02', maxMargin: '0.03', minAmount: '10', avgAmount: '20', maxAmount: '30' };
const OUTER = { minMargin: '0.03', avgMargin: '0.045', maxMargin: '0.06', minAmount: '20', avgAmount: '40', maxAmount: '60' };
const NARROW = { minMargin: '0.005', avgMargin: '0.012', maxMargin: '0.014', minAmount: '10', avgAmount: '20', maxAmount: '30' };
const WIDE = { minMargin: '0', avgMargin: '0.01', maxMargin: '0.02', minAmount: '10', avgAmount: '20.5', maxAmount: '30' };

const paramsOf = (raw: unknown): BandsParams => parseStrategyParams(bands, raw, 'market 0xabc (bands)');
/** No micro-unit form: the Decimal path. */
const ODD = liveOrder('odd', 0, 'BUY', '0.4800001', '15');

function both(options: ViewOptions, params: BandsParams): { micro: string[]; decimal: string[] } {
  const live: readonly LiveOrderView[] = options.live ?? [];
  const run = (view: MarketView) => show(bands.quote(view, params, null).quotes);
  return { micro: run(makeView(options)), decimal: run(makeView({ ...options, live: [...live, ODD] })) };
}

describe('bands: micro-unit and Decimal paths agree', () => {
  const live = [
    liveOrder('b1', 0, 'BUY', '0.48', '15'),
    liveOrder('b2', 1, 'SELL', '0.53', '12'),
    liveOrder('b3', 0, 'BUY', '0.46', '35'),
    liveOrder('b4', 0, 'BUY', '0.45', '20'),
    liveOrder('b5', 1, 'SELL', '0.55', '20'),
    liveOrder('a1', 1, 'BUY', '0.45', '25'),
    liveOrder('a2', 0, 'SELL', '0.52', '7.5'),
    liveOrder('a3', 0, 'SELL', '0.7', '25'),
    liveOrder('dust', 0, 'SELL', '0.53', '3'),
    liveOrder('off', 0, 'SELL', '0.525', '20'),
  ];

  it('keeps, trims and tops up two bands on both sides', () => {
    const out = both({ live }, paramsOf({ bands: [INNER, OUTER] }));
    expect(out.micro).toEqual([
      'bid 0.48 x 15',
      'bid 0.47 x 12',
      'bid 0.46 x 35',
      'bid 0.45 x 20',
      'ask 0.52 x 7.5',
      'ask 0.52 x 12.5',
      'ask 0.55 x 25',
    ]);
    expect(out.decimal).toEqual(out.micro);
  });

  it('agrees on one side, a finer tick, a narrow band, the clamps and a size off the step', () => {
    const cases: [ViewOptions, BandsParams][] = [
      [{ live }, paramsOf({ bands: [OUTER], sides: 'bid' })],
      [{ live }, paramsOf({ bands: [INNER, OUTER], sides: 'ask' })],
      [{ live, tick: '0.001' }, paramsOf({ bands: [INNER, OUTER] })],
      [{ mid: '0.505' }, paramsOf({ bands: [NARROW] })],
      [{ mid: '0.015' }, paramsOf({ bands: [WIDE] })],
      [{ mid: '0.008' }, paramsOf({ bands: [WIDE] })],
      [{ mid: '0.995', tick: '0.001' }, paramsOf({ bands: [WIDE] })],
      [{ mid: '0.992', sizeStep: '1' }, paramsOf({ bands: [WIDE] })],
    ];
    const quoted = cases.map(([options, params]) => both(options, params));
    for (const { micro, decimal } of quoted) expect(decimal).toEqual(micro);
    expect(quoted.map((q) => q.micro)).toEqual([
      // b4 and b5 are as far and as large: dropped by id.
      ['bid 0.47 x 12', 'bid 0.46 x 35'],
      ['ask 0.52 x 7.5', 'ask 0.52 x 12.5', 'ask 0.55 x 25'],
      // 0.525 is on this tick.
      ['bid 0.48 x 15', 'bid 0.47 x 12', 'bid 0.46 x 35', 'bid 0.45 x 20', 'ask 0.52 x 7.5', 'ask 0.525 x 20', 'ask 0.55 x 25'],
      // Rounded toward the touch: away would leave the band.
      ['bid 0.5 x 20', 'ask 0.51 x 20'],
      ['bid 0.01 x 20.5', 'ask 0.03 x 20.5'],
      ['ask 0.02 x 20.5'],
      ['bid 0.985 x 20.5', 'ask 0.999 x 20.5'],
      ['bid 0.98 x 20'],
    ]);
  });
});
