/** quoteWithVolatility: the step avellaneda and glft share (idle reasons, what the volatility learns, the sigma quoted with). */
import { describe, expect, it } from 'vitest';
import type { MarketView } from '../../src/market/market-view.js';
import type { Decimal } from '../../src/money.js';
import { type LogOddsVolatility, type VolatilityParams, logit, noVolatilityYet } from '../../src/strategy/log-odds-volatility.js';
import { quoteWithVolatility } from '../../src/strategy/quote-with-volatility.js';
import type { Quote } from '../../src/strategy/strategy.js';
import { NOW_MS, makeView } from './view-fixture.js';

const PARAMS: VolatilityParams = { sigmaInitial: 0.01, sigmaFloor: 0.001, sigmaHalfLifeS: 60, sigmaMinSamples: 1, sigmaClip: 2 };
const QUOTE: Quote[] = [];

/** Records each call's midpoint and sigma. */
function recorder() {
  const calls: { mid: string; sigma: number }[] = [];
  const quotesFor = (_view: MarketView, mid: Decimal, _p: VolatilityParams, sigma: number) => {
    calls.push({ mid: mid.toFixed(), sigma });
    return QUOTE;
  };
  return { calls, quotesFor };
}

describe('quoteWithVolatility', () => {
  it.each([
    ['no-book', makeView({ missingBook: 0 })],
    ['no-book', makeView({ missingBook: 1 })],
    ['no-midpoint', makeView({ mid: null })],
    ['no-midpoint', makeView({ mid: '1' })],
  ])('idles with %s, the state untouched and nothing quoted', (reason, view) => {
    const { calls, quotesFor } = recorder();
    const state = noVolatilityYet();
    const out = quoteWithVolatility(view, PARAMS, state, quotesFor);
    expect(out).toEqual({ quotes: [], state, idleReason: reason });
    expect(out.state).toBe(state);
    expect(calls).toEqual([]);
  });

  it('learns the midpoint first, then quotes with the sigma after it, a jump clipped at the sigma before', () => {
    const { calls, quotesFor } = recorder();
    const first = quoteWithVolatility(makeView({ mid: '0.5' }), PARAMS, noVolatilityYet(), quotesFor);
    expect(first.quotes).toBe(QUOTE);
    expect(first.idleReason).toBeUndefined();
    expect(first.state).toEqual({ lastX: 0, lastMs: NOW_MS, weightedVar: 0, weight: 0, samples: 0 });
    // 0.5 -> 0.6 in 10 s is a log-odds move of 0.405; clipped at 2 x 0.01 x sqrt(10), so r^2 / dt = 0.0004.
    const second = quoteWithVolatility(makeView({ mid: '0.6', nowMs: NOW_MS + 10_000 }), PARAMS, first.state, quotesFor);
    expect(second.state).toMatchObject({ lastX: logit(0.6), lastMs: NOW_MS + 10_000, samples: 1 });
    expect(calls.map((c) => c.mid)).toEqual(['0.5', '0.6']);
    expect(calls[0]!.sigma).toBe(0.01);
    expect(calls[1]!.sigma).toBeCloseTo(0.02, 12);
  });

  it('starts each market from its own empty state', () => {
    const a: LogOddsVolatility = noVolatilityYet();
    expect(a).toEqual({ lastX: undefined, lastMs: undefined, weightedVar: 0, weight: 0, samples: 0 });
    expect(noVolatilityYet()).not.toBe(a);
  });
});
