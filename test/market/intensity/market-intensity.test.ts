import { describe, expect, it } from 'vitest';
import { newBookPrices } from '../../../src/market/intensity/book-touches.js';
import { DEFAULT_INTENSITY_SETTINGS, type IntensitySettings } from '../../../src/market/intensity/intensity-settings.js';
import { MarketIntensity } from '../../../src/market/intensity/market-intensity.js';
import { Decimal } from '../../../src/money.js';
import { runFlow } from './synthetic-flow.js';

const T0 = 1_763_800_000_000;
const TOKENS = ['t0', 't1'] as const;
const MOVING = [0.005, 0.01, 0.015, 0.02, 0.025, 0.03];
const dec = (s: string): Decimal => new Decimal(s);
const settings = (s: Partial<IntensitySettings>): IntensitySettings => ({ ...DEFAULT_INTENSITY_SETTINGS, ...s });

describe('MarketIntensity on synthetic flows of known A and k (the exponential-reach model, seeded)', () => {
  for (const { a, k } of [
    { a: 0.5, k: 60 },
    { a: 2, k: 120 },
    { a: 0.2, k: 30 },
  ]) {
    it(`recovers A ${a} and k ${k} within 15 % on each side from two hours of touches between 0.5 and 3 cents`, () => {
      const m = new MarketIntensity(TOKENS);
      runFlow(m, { a, k, seed: `fit:${a}:${k}`, seconds: 7200, distances: MOVING, holdS: 20, startMs: T0 });
      for (const side of ['bid', 'ask'] as const) {
        const e = m.estimate(side, T0 + 7_200_000);
        expect(e.status, side).toBe('fitted');
        expect(Math.abs(e.a! / a - 1), `${side} A ${e.a}`).toBeLessThan(0.15);
        expect(Math.abs(e.k! / k - 1), `${side} k ${e.k}`).toBeLessThan(0.15);
        // Its own standard error says how far it may be off: within three of them here.
        expect(Math.abs(e.k! - k)).toBeLessThan(3 * e.kStandardError!);
      }
    });
  }

  it('pools both sides for the market as a whole (the backtest JSON)', () => {
    const m = new MarketIntensity(TOKENS);
    const traded = runFlow(m, { a: 1, k: 50, seed: 'pooled', seconds: 3600, distances: MOVING, holdS: 15, startMs: T0 });
    const e = m.pooled(T0 + 3_600_000);
    expect(e.trades).toBe(traded.bid + traded.ask);
    expect(e.status).toBe('fitted');
    expect(Math.abs(e.k! / 50 - 1)).toBeLessThan(0.1);
  });
});

describe('when a fit is not trusted', () => {
  it('few-trades below minTrades in the window (a minute of flow), though a fit exists', () => {
    const m = new MarketIntensity(TOKENS);
    runFlow(m, { a: 0.5, k: 60, seed: 'short', seconds: 60, distances: MOVING, holdS: 10, startMs: T0 });
    const e = m.estimate('bid', T0 + 60_000);
    expect(e.trades).toBeLessThan(100);
    expect(e.status).toBe('few-trades');
  });

  it('one-distance when every touch sat at one distance: k cannot be told', () => {
    const m = new MarketIntensity(TOKENS);
    runFlow(m, { a: 1, k: 60, seed: 'one', seconds: 3600, distances: [0.02], holdS: 10, startMs: T0 });
    const e = m.estimate('ask', T0 + 3_600_000);
    expect(e.trades).toBeGreaterThan(100);
    expect(e).toMatchObject({ status: 'one-distance', a: undefined, k: undefined });
  });

  it('out-of-bounds when the fit lies outside the sane bounds, with the refused values kept for the log', () => {
    const m = new MarketIntensity(TOKENS, settings({ maxK: 40 }));
    runFlow(m, { a: 0.5, k: 60, seed: 'bounds', seconds: 3600, distances: MOVING, holdS: 20, startMs: T0 });
    const e = m.estimate('bid', T0 + 3_600_000);
    expect(e.status).toBe('out-of-bounds');
    expect(e.k!).toBeGreaterThan(40);
    const low = new MarketIntensity(TOKENS, settings({ minA: 5 }));
    runFlow(low, { a: 0.5, k: 60, seed: 'bounds', seconds: 3600, distances: MOVING, holdS: 20, startMs: T0 });
    expect(low.estimate('bid', T0 + 3_600_000).status).toBe('out-of-bounds');
  });

  it('imprecise when the standard error of k is above maxRelativeError of it', () => {
    const m = new MarketIntensity(TOKENS, settings({ maxRelativeError: 0.01 }));
    runFlow(m, { a: 0.5, k: 60, seed: 'precise', seconds: 3600, distances: MOVING, holdS: 20, startMs: T0 });
    expect(m.estimate('bid', T0 + 3_600_000).status).toBe('imprecise');
  });

  it('forgets what left the window: four hours after the flow stopped, a 3-hour window holds nothing', () => {
    const m = new MarketIntensity(TOKENS, settings({ windowSec: 3 * 3600 }));
    runFlow(m, { a: 1, k: 60, seed: 'old', seconds: 3600, distances: MOVING, holdS: 20, startMs: T0 });
    expect(m.estimate('bid', T0 + 3_600_000).status).toBe('fitted');
    const later = m.estimate('bid', T0 + 5 * 3_600_000);
    expect(later).toMatchObject({ status: 'few-trades', trades: 0 });
  });
});

describe('touches: ours and others apart', () => {
  const prices = (ask0: number) => {
    const p = newBookPrices();
    p[1] = ask0;
    return p;
  };
  const trust = settings({ minTrades: 10, maxRelativeError: 1 });

  it('counts takers at our quote while it is the best price, then at others: 50 in 100 s at 1 cent, 10 in 100 s at 3 cents', () => {
    const m = new MarketIntensity(TOKENS, trust);
    m.observeBooks(T0, 0.5, prices(0.53));
    m.ownOrders(T0, [{ tokenId: 't0', side: 'SELL', price: dec('0.51') }]);
    // The books are observed every 10 s (others unchanged); our quote stays until it is pulled.
    for (let i = 1; i <= 50; i++) {
      expect(m.trade(T0 + i * 2000, 1)).toBe(true);
      if (i % 5 === 0) m.observeBooks(T0 + i * 2000, 0.5, prices(0.53));
    }
    m.ownOrders(T0 + 100_000, []);
    for (let i = 1; i <= 10; i++) {
      m.trade(T0 + 100_000 + i * 10_000, 1);
      m.observeBooks(T0 + 100_000 + i * 10_000, 0.5, prices(0.53));
    }
    const e = m.estimate('ask', T0 + 200_000);
    // Rates 0.5 and 0.1 a second at 1 and 3 cents: the two-distance fit of intensity-fit.test.ts.
    expect(e.status).toBe('fitted');
    expect(e.k!).toBeCloseTo(Math.log(5) / 0.02, 4);
    expect(e.a!).toBeCloseTo(Math.sqrt(5) / 2, 6);
    expect(m.estimate('bid', T0 + 200_000)).toMatchObject({ trades: 0, status: 'few-trades' });
  });

  it('does not place a taker on a book side with no price, nor before any observation, nor after a gap', () => {
    const m = new MarketIntensity(TOKENS, trust);
    expect(m.trade(T0, 1)).toBe(false);
    m.observeBooks(T0, 0.5, prices(0.53));
    expect(m.trade(T0 + 1000, 0)).toBe(false);
    expect(m.trade(T0 + 1000, 1)).toBe(true);
    expect(m.trade(T0 + 61_000, 1)).toBe(false);
  });

  it('with oursOnly (our fills alone), counts only while our order is the best price', () => {
    const m = new MarketIntensity(TOKENS, trust, { oursOnly: true });
    m.observeBooks(T0, 0.5, prices(0.52));
    expect(m.trade(T0 + 1000, 1)).toBe(false);
    m.ownOrders(T0 + 1000, [{ tokenId: 't0', side: 'SELL', price: dec('0.53') }]);
    expect(m.trade(T0 + 2000, 1)).toBe(false);
    m.ownOrders(T0 + 2000, [{ tokenId: 't0', side: 'SELL', price: dec('0.51') }]);
    expect(m.trade(T0 + 3000, 1)).toBe(true);
  });

  it('counts nothing when the clock goes back', () => {
    const m = new MarketIntensity(TOKENS, trust);
    m.observeBooks(T0, 0.5, prices(0.52));
    m.observeBooks(T0 - 5000, 0.5, prices(0.52));
    m.observeBooks(T0 + 1000, 0.5, prices(0.52));
    m.trade(T0 + 1000, 1);
    // 1 s of exposure (not 6), one taker.
    const e = m.estimate('ask', T0 + 1000);
    expect(e.trades).toBe(1);
  });
});
