/**
 * TradingLoop with the fitted flow intensity: every view is observed and carries its market's
 * estimates to the strategy, our orders after each submit are the fit's own touches, a strategy
 * that reads the fit has its fallbacks counted (one that does not, not), and a market the loop
 * drops leaves the fit.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import type { Executor } from '../../src/execution/executor.js';
import { OrderTracker } from '../../src/execution/order-tracker.js';
import type { BookView } from '../../src/market/book-view.js';
import { FlowIntensities } from '../../src/market/intensity/flow-intensities.js';
import { DEFAULT_INTENSITY_SETTINGS } from '../../src/market/intensity/intensity-settings.js';
import type { MarketMeta, MarketView } from '../../src/market/market-view.js';
import type { MarketSnapshot } from '../../src/market/poller.js';
import type { Decimal } from '../../src/money.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import type { OrderIntent, Strategy } from '../../src/strategy/strategy.js';
import { BookStore } from '../../src/trading/book-store.js';
import { TradingLoop, type MarketBinding } from '../../src/trading/trading-loop.js';
import bands from '../../strategies/bands.js';
import glft from '../../strategies/glft.js';
import { book, d, MARKET, meta, NOW, T0, T1 } from './fixtures.js';

let clock: FakeClock;
let tracker: OrderTracker;
let books: BookStore;
let intensity: FlowIntensities;
let seen: MarketView[];

/** The strategy `inner`, recording every view it is handed. */
function spying(inner: Strategy): Strategy {
  return {
    ...inner,
    quote: (view, params, state) => {
      seen.push(view);
      return inner.quote(view, params, state);
    },
  };
}

function loopWith(strategy: Strategy): TradingLoop {
  const metas = new Map<string, MarketMeta>([[MARKET, meta(MARKET)]]);
  const binding: MarketBinding = {
    conditionId: MARKET,
    tokens: [T0, T1],
    strategy: spying(strategy),
    params: parseStrategyParams(strategy, {}, 'test'),
    state: strategy.initialState(parseStrategyParams(strategy, {}, 'test')),
  };
  const executor = {
    tracker,
    submit(_market: string, _tick: Decimal, wanted: readonly OrderIntent[]): void {
      // Places at once what it is asked (the tracker knows it as resting from now).
      for (const [i, o] of wanted.entries()) {
        tracker.addPending(o, `c-${clock.now()}-${i}`, clock.now());
        tracker.confirm(`c-${clock.now()}-${i}`, `id-${clock.now()}-${i}`, d('0'), clock.now());
      }
    },
  } as unknown as Executor;
  return new TradingLoop({
    clock,
    markets: [binding],
    metadata: { get: (c) => metas.get(c), noteBookTick: () => {} },
    books,
    positions: () => new Map(),
    risk: new RiskGate(validateRiskLimits({})),
    executor,
    staleAfterMs: 5_000,
    trade: true,
    intensity,
  });
}

function snapshot(tag: string): MarketSnapshot {
  const m = new Map<string, BookView>([
    [T0, book(T0, { hash: `${tag}-0`, timestampMs: clock.now() })],
    [T1, book(T1, { hash: `${tag}-1`, timestampMs: clock.now() })],
  ]);
  return {
    atMs: clock.now(),
    books: m,
    mids: new Map([
      [T0, d('0.5')],
      [T1, d('0.5')],
    ]),
    unusable: new Map(),
  };
}

beforeEach(() => {
  clock = new FakeClock(NOW);
  tracker = new OrderTracker();
  tracker.useClock(() => clock.now());
  books = new BookStore();
  intensity = new FlowIntensities({ settings: DEFAULT_INTENSITY_SETTINGS });
  seen = [];
});

describe('TradingLoop with the fitted flow intensity', () => {
  it("hands the strategy each view with its market's estimates, and counts glft's fallbacks while the fit is not trusted", () => {
    const loop = loopWith(glft as Strategy);
    loop.onSnapshot(snapshot('a'));
    clock.advance(1000);
    loop.onSnapshot(snapshot('b'));
    expect(seen).toHaveLength(2);
    expect(seen[1]!.intensity?.bid).toMatchObject({ status: 'few-trades', trades: 0 });
    expect(intensity.counts.fallbacks).toEqual(
      new Map([
        [`${MARKET}|bid|few-trades`, 2],
        [`${MARKET}|ask|few-trades`, 2],
      ]),
    );
  });

  it('does not count fallbacks for a strategy that does not read the fit (bands), but still fits its market', () => {
    const loop = loopWith(bands as Strategy);
    loop.onSnapshot(snapshot('a'));
    expect(seen[0]!.intensity?.ask.status).toBe('few-trades');
    expect(intensity.counts.fallbacks.size).toBe(0);
    expect(intensity.snapshot(clock.now()).has(MARKET)).toBe(true);
  });

  it('tells the fit our orders as each submit leaves them', () => {
    const calls: string[][] = [];
    const own = intensity.ownOrders.bind(intensity);
    intensity.ownOrders = (market, orders, nowMs) => {
      calls.push(orders.map((o) => `${o.side} ${o.tokenId} ${o.price.toFixed()}`));
      own(market, orders, nowMs);
    };
    const loop = loopWith(bands as Strategy);
    loop.onSnapshot(snapshot('a'));
    expect(calls).toEqual([[`BUY ${T0} 0.48`, `BUY ${T1} 0.48`]]);
  });

  it('counts a taker a print shows, and forgets a removed market', () => {
    const loop = loopWith(bands as Strategy);
    loop.onSnapshot(snapshot('a'));
    // bands placed BUY outcome 0 at 0.48 and BUY outcome 1 at 0.48 (an ask at 0.52): behind the
    // books' 0.49 / 0.51, so the touches stay others'. A taker buying outcome 0 is counted.
    clock.advance(2000);
    intensity.onStreamTrade({ asset_id: T0, side: 'BUY', timestamp: '1' }, clock.now());
    expect(intensity.counts).toMatchObject({ taken: 1, unplaced: 0 });
    loop.removeMarket(MARKET);
    intensity.onStreamTrade({ asset_id: T0, side: 'BUY', timestamp: '2' }, clock.now());
    expect(intensity.counts).toMatchObject({ taken: 1, unplaced: 0 });
    expect(intensity.snapshot(clock.now()).size).toBe(0);
  });
});
