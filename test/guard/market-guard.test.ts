/** The guards one by one: what triggers them, which side they hold, how they return, what they report. */
import { describe, expect, it } from 'vitest';
import { MarketGuard } from '../../src/guard/index.js';
import { Decimal } from '../../src/money.js';
import { CONDITION } from '../strategy/view-fixture.js';
import { TICK, ms, only, q, shown, viewAt } from './guard-fixture.js';

const QUOTES = [q('bid', '0.48'), q('ask', '0.52')];
const fair = (v: ReturnType<typeof viewAt>) => v.mid;
const observe = (g: MarketGuard, v: ReturnType<typeof viewAt>) => g.observe(v, fair(v));

describe('jump guard', () => {
  it('widens the side the move runs into for the cool-down, then returns in steps and releases', () => {
    const g = new MarketGuard(CONDITION, only({ jumpTicks: 3, jumpSigmas: 0, coolDownS: 30, returnSteps: 3, widenTicks: 3 }));
    expect(observe(g, viewAt(0, '0.50'))).toEqual([]);
    expect(observe(g, viewAt(1, '0.52'))).toEqual([]); // 2 ticks: no jump
    const events = observe(g, viewAt(2, '0.55')); // 3 ticks up: asks at risk
    expect(events).toEqual([{ market: CONDITION, side: 'ask', guard: 'jump', action: 'widen', ticks: 3, untilMs: ms(32) }]);
    expect(shown(g.apply(QUOTES, TICK, ms(2)))).toEqual(['bid 0.48 x 10', 'ask 0.55 x 10']);
    // Cool-down over at 32 s; three steps of 10 s: 2 ticks, 1 tick, then nothing.
    expect(observe(g, viewAt(31, '0.55'))).toEqual([]);
    expect(observe(g, viewAt(32, '0.55'))).toEqual([
      { market: CONDITION, side: 'ask', guard: 'jump', action: 'narrow', ticks: 2, untilMs: ms(32) },
    ]);
    expect(shown(g.apply(QUOTES, TICK, ms(32)))).toEqual(['bid 0.48 x 10', 'ask 0.54 x 10']);
    expect(observe(g, viewAt(42, '0.55'))[0]).toMatchObject({ action: 'narrow', ticks: 1 });
    expect(observe(g, viewAt(52, '0.55'))).toEqual([
      { market: CONDITION, side: 'ask', guard: 'jump', action: 'release', ticks: 0, untilMs: 0 },
    ]);
    expect(shown(g.apply(QUOTES, TICK, ms(52)))).toEqual(['bid 0.48 x 10', 'ask 0.52 x 10']);
  });

  it('pulls the side at risk with jumpAction pull, and a fall holds the bids', () => {
    const g = new MarketGuard(CONDITION, only({ jumpTicks: 3, jumpSigmas: 0, jumpAction: 'pull', coolDownS: 10, returnSteps: 1 }));
    observe(g, viewAt(0, '0.50'));
    expect(observe(g, viewAt(1, '0.46'))).toEqual([
      { market: CONDITION, side: 'bid', guard: 'jump', action: 'pull', ticks: 0, untilMs: ms(11) },
    ]);
    expect(shown(g.apply(QUOTES, TICK, ms(1)))).toEqual(['ask 0.52 x 10']);
    expect(g.status(ms(5))).toEqual({ bid: { guard: 'jump', pulled: true, ticks: 0, untilMs: ms(11) }, ask: undefined });
    expect(g.nextChangeMs(ms(5))).toBe(ms(11));
    expect(shown(g.apply(QUOTES, TICK, ms(11)))).toEqual(['bid 0.48 x 10', 'ask 0.52 x 10']);
  });

  it('ignores a move of many ticks that is ordinary for a volatile market (jumpSigmas)', () => {
    const g = new MarketGuard(CONDITION, only({ jumpTicks: 3, jumpSigmas: 4, volHalfLifeS: 1000 }));
    // A market moving +-5 ticks every second: sd of a 1 s move about 0.05.
    let t = 0;
    observe(g, viewAt(t, '0.50'));
    for (let i = 0; i < 20; i++) observe(g, viewAt(++t, i % 2 === 0 ? '0.55' : '0.50'));
    const calm = new MarketGuard(CONDITION, only({ jumpTicks: 3, jumpSigmas: 4, volHalfLifeS: 1000 }));
    observe(calm, viewAt(0, '0.50'));
    for (let i = 1; i <= 20; i++) observe(calm, viewAt(i, i % 2 === 0 ? '0.50' : '0.51'));
    // The same 5-tick move: a jump only where moves are usually one tick.
    expect(observe(g, viewAt(++t, '0.55'))).toEqual([]);
    expect(observe(calm, viewAt(21, '0.55'))).toMatchObject([{ side: 'ask', guard: 'jump', action: 'widen' }]);
  });
});

describe('sweep guard', () => {
  it('holds the side that lost sweepLevels levels at once', () => {
    const g = new MarketGuard(CONDITION, only({ sweepLevels: 3, coolDownS: 20, widenTicks: 2, returnSteps: 1 }));
    const book = (bids: [string, string][]) => ({ bids, asks: [['0.52', '50'] as [string, string]] });
    observe(
      g,
      viewAt(
        0,
        '0.51',
        book([
          ['0.50', '50'],
          ['0.49', '50'],
          ['0.48', '50'],
        ]),
      ),
    );
    // Two levels gone: not a sweep.
    expect(observe(g, viewAt(1, '0.50', book([['0.48', '50']])))).toEqual([]);
    observe(
      g,
      viewAt(
        2,
        '0.51',
        book([
          ['0.50', '50'],
          ['0.49', '50'],
          ['0.48', '50'],
        ]),
      ),
    );
    expect(observe(g, viewAt(3, '0.495', book([['0.47', '50']])))).toEqual([
      { market: CONDITION, side: 'bid', guard: 'sweep', action: 'widen', ticks: 2, untilMs: ms(23) },
    ]);
  });
});

describe('trade-through guard', () => {
  it('holds the side whose fill the fair value then passed', () => {
    const g = new MarketGuard(CONDITION, only({ tradeThrough: true, coolDownS: 10, widenTicks: 1, returnSteps: 1 }));
    observe(g, viewAt(0, '0.50'));
    g.onFill({ side: 'ask', price: new Decimal('0.52'), atMs: ms(1) });
    expect(observe(g, viewAt(2, '0.515'))).toEqual([]); // below our ask: an ordinary fill
    g.onFill({ side: 'ask', price: new Decimal('0.52'), atMs: ms(3) });
    expect(observe(g, viewAt(4, '0.525'))).toEqual([
      { market: CONDITION, side: 'ask', guard: 'trade-through', action: 'widen', ticks: 1, untilMs: ms(14) },
    ]);
  });
});

describe('burst guard', () => {
  it('widens a side after burstFills fills within burstWindowS, not fewer or slower', () => {
    const g = new MarketGuard(CONDITION, only({ burstFills: 3, burstWindowS: 10, coolDownS: 30, widenTicks: 4, returnSteps: 2 }));
    observe(g, viewAt(0, '0.50'));
    const fill = (s: number) => g.onFill({ side: 'bid', price: new Decimal('0.48'), atMs: ms(s) });
    fill(1);
    fill(5);
    fill(12); // the fill at 1 s has left the window: two in it
    expect(observe(g, viewAt(12, '0.50'))).toEqual([]);
    fill(13);
    expect(observe(g, viewAt(13, '0.50'))).toEqual([
      { market: CONDITION, side: 'bid', guard: 'burst', action: 'widen', ticks: 4, untilMs: ms(43) },
    ]);
    expect(shown(g.apply(QUOTES, TICK, ms(13)))).toEqual(['bid 0.44 x 10', 'ask 0.52 x 10']);
  });
});

describe('toxicity guard', () => {
  it('widens a side by a tick per tick of adverse mark-out, capped, and narrows as it relaxes', () => {
    const g = new MarketGuard(
      CONDITION,
      only({
        toxicityMaxTicks: 3,
        toxicityShortS: 5,
        toxicityLongS: 0,
        toxicityHalfLifeFills: 1,
        toxicityDecayS: 60,
        toxicityThreshold: '0',
      }),
    );
    observe(g, viewAt(0, '0.50'));
    // Bought at 0.49; 5 s later the fair value is 0.465: mark-out -0.025 -> 3 ticks (2.5 rounded up).
    g.onFill({ side: 'bid', price: new Decimal('0.49'), atMs: ms(0) });
    expect(observe(g, viewAt(4, '0.465'))).toEqual([]);
    expect(observe(g, viewAt(5, '0.465'))).toEqual([
      { market: CONDITION, side: 'bid', guard: 'toxicity', action: 'widen', ticks: 3, untilMs: 0 },
    ]);
    expect(g.status(ms(5)).bid).toEqual({ guard: 'toxicity', pulled: false, ticks: 3, untilMs: 0 });
    // After one half-life (60 s) the average is -0.0125: 2 ticks; after three, -0.003125: 1 tick.
    expect(observe(g, viewAt(65, '0.465'))[0]).toMatchObject({ action: 'narrow', ticks: 2 });
    expect(observe(g, viewAt(185, '0.465'))[0]).toMatchObject({ action: 'narrow', ticks: 1 });
    // A good fill (sold at 0.50, fair 0.465 later) is the ask side's business, not the bid's.
    g.onFill({ side: 'ask', price: new Decimal('0.50'), atMs: ms(185) });
    expect(observe(g, viewAt(190, '0.465')).filter((e) => e.side === 'ask')).toEqual([]);
  });

  it('takes the worse of the two horizons', () => {
    const g = new MarketGuard(
      CONDITION,
      only({ toxicityMaxTicks: 10, toxicityShortS: 5, toxicityLongS: 30, toxicityHalfLifeFills: 1, toxicityDecayS: 1e6 }),
    );
    observe(g, viewAt(0, '0.50'));
    g.onFill({ side: 'ask', price: new Decimal('0.51'), atMs: ms(0) });
    observe(g, viewAt(5, '0.50')); // +0.01 at 5 s: fine
    expect(g.effect('ask', ms(5)).ticks).toBe(0);
    expect(observe(g, viewAt(30, '0.56'))[0]).toMatchObject({ side: 'ask', guard: 'toxicity', ticks: 5 }); // -0.05 at 30 s
  });
});

describe('settings', () => {
  it('does nothing at all when disabled', () => {
    const g = new MarketGuard(CONDITION, only({ enabled: false, jumpTicks: 1, jumpSigmas: 0 }));
    observe(g, viewAt(0, '0.50'));
    expect(observe(g, viewAt(1, '0.60'))).toEqual([]);
    expect(g.apply(QUOTES, TICK, ms(1))).toBe(QUOTES);
  });

  it('keeps holds across a reload and applies the new settings to the next event', () => {
    const g = new MarketGuard(CONDITION, only({ jumpTicks: 3, jumpSigmas: 0, coolDownS: 30, widenTicks: 1 }));
    observe(g, viewAt(0, '0.50'));
    observe(g, viewAt(1, '0.45'));
    g.reconfigure(only({ jumpTicks: 3, jumpSigmas: 0, coolDownS: 30, widenTicks: 5 }));
    expect(g.effect('bid', ms(2)).ticks).toBe(1);
    observe(g, viewAt(3, '0.40'));
    expect(g.effect('bid', ms(3)).ticks).toBe(5);
  });
});

describe('modelNumber', () => {
  it('reads prices, sizes and model values as Number(text) does', async () => {
    const { modelNumber } = await import('../../src/guard/model-number.js');
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const texts = ['0', '0.5', '0.001', '0.999', '1', '12', '250', '0.0000012', '-0.37', '1234567.891', '0.123456789012345'];
    for (let i = 0; i < 5000; i++) {
      const dp = Math.floor(next() * 7);
      texts.push((next() * 10 ** Math.floor(next() * 5)).toFixed(dp));
    }
    for (const t of texts) expect(modelNumber(new Decimal(t)), t).toBe(Number(t));
  });
});
