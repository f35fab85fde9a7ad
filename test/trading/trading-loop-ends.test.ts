/**
 * The trading loop at a market's end: the binding's stop (quoting.stopBeforeEndSec) reaches the
 * view (MarketView.stopAtMs, what the strategy and the guards see); the same books are evaluated
 * again the moment the stop passes, and the risk gate's pull goes to the executor (an empty wish)
 * with no order after it; a listing read that says the venue closed the market does the same.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import type { Executor } from '../../src/execution/executor.js';
import { OrderTracker } from '../../src/execution/order-tracker.js';
import type { BookView } from '../../src/market/book-view.js';
import type { MarketMeta, MarketView } from '../../src/market/market-view.js';
import type { MarketSnapshot } from '../../src/market/poller.js';
import type { Decimal } from '../../src/money.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import type { OrderIntent, Strategy } from '../../src/strategy/strategy.js';
import { BookStore } from '../../src/trading/book-store.js';
import { type MarketBinding, TradingLoop } from '../../src/trading/trading-loop.js';
import bands from '../../strategies/bands.js';
import { book, d, MARKET, meta, NOW, T0, T1 } from './fixtures.js';

const END = NOW + 400_000;
const STOP_BEFORE = 300_000;
const STOP = END - STOP_BEFORE;

let clock: FakeClock;
let metas: Map<string, MarketMeta>;
let risk: RiskGate;
let submitted: { orders: string[]; pull: string | undefined }[];
let seen: MarketView[];

/** bands, with every view it is handed kept. */
const watching: Strategy = {
  ...(bands as Strategy),
  quote: (view, params, state) => {
    seen.push(view);
    return (bands as Strategy).quote(view, params, state);
  },
};

function loop({ stopBeforeEndMs }: { stopBeforeEndMs: number | undefined } = { stopBeforeEndMs: STOP_BEFORE }): TradingLoop {
  const binding: MarketBinding = {
    conditionId: MARKET,
    tokens: [T0, T1],
    strategy: watching,
    params: parseStrategyParams(bands, {}, 'test (bands)'),
    state: null,
    stopBeforeEndMs,
  };
  const tracker = new OrderTracker();
  const executor = {
    tracker,
    submit: (_m: string, _tick: Decimal, wanted: readonly OrderIntent[], context?: { pull?: string }) =>
      submitted.push({ orders: wanted.map((i) => `${i.side} ${i.tokenId} ${i.price.toFixed()}`), pull: context?.pull }),
  } as unknown as Executor;
  return new TradingLoop({
    clock,
    markets: [binding],
    metadata: { get: (id) => metas.get(id), noteBookTick: () => undefined },
    books: new BookStore(),
    positions: () => new Map(),
    risk,
    executor,
    staleAfterMs: 3_600_000,
    trade: true,
  });
}

function snapshot(): MarketSnapshot {
  const books = new Map<string, BookView>([T0, T1].map((t) => [t, book(t, { hash: `h-${t}` })]));
  return { atMs: NOW, books, mids: new Map([T0, T1].map((t) => [t, d('0.5')])), unusable: new Map() };
}

beforeEach(() => {
  clock = new FakeClock(NOW);
  metas = new Map([[MARKET, { ...meta(MARKET), endDateMs: END }]]);
  risk = new RiskGate(validateRiskLimits({}));
  submitted = [];
  seen = [];
});

describe('TradingLoop at a market end', () => {
  it('shows the stop on the view, pulls at the stop with the same books, and places nothing after', () => {
    const l = loop();
    l.onSnapshot(snapshot());
    expect(seen[0]!.stopAtMs).toBe(STOP);
    expect(submitted).toEqual([{ orders: [`BUY ${T0} 0.48`, `BUY ${T1} 0.48`], pull: 'unwanted' }]);

    clock.advanceTo(STOP - 1);
    l.evaluateAll();
    // Same books, same state, before the stop: nothing to do.
    expect(submitted).toHaveLength(1);
    expect(l.stats.skipped.unchanged).toBe(1);

    clock.advanceTo(STOP);
    l.evaluateAll();
    expect(submitted[1]).toEqual({ orders: [], pull: 'risk' });
    expect(risk.snapshot().refusals['market-ending']).toBe(2);

    // Later polls of the same or new books place nothing.
    clock.advance(60_000);
    l.onSnapshot(snapshot());
    l.markDirty(MARKET);
    l.evaluateAll();
    expect(submitted.slice(1).every((s) => s.orders.length === 0)).toBe(true);
  });

  it('without a stop, quotes up to the end date and pulls at it', () => {
    const l = loop({ stopBeforeEndMs: undefined });
    l.onSnapshot(snapshot());
    expect(seen[0]!.stopAtMs).toBeUndefined();
    clock.advanceTo(STOP);
    l.evaluateAll();
    expect(submitted).toHaveLength(1);
    clock.advanceTo(END);
    l.evaluateAll();
    expect(submitted[1]).toEqual({ orders: [], pull: 'risk' });
  });

  it('pulls at once when a listing read says the venue closed the market (the books unchanged)', () => {
    const l = loop();
    l.onSnapshot(snapshot());
    expect(submitted).toHaveLength(1);
    metas.set(MARKET, { ...metas.get(MARKET)!, venueClosed: 'closed' });
    l.evaluateAll();
    expect(submitted[1]).toEqual({ orders: [], pull: 'risk' });
    expect(risk.snapshot().refusals['market-closed']).toBe(2);
  });
});
