/**
 * The trading loop with guards: fills reach the market's guard, what the guard does reaches the
 * executor, its changes are counted once and logged once, a cool-down ending re-evaluates the
 * market even with unchanged books, /status sees which guard holds which side, and a guard that
 * throws pulls the market's quotes and is counted.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import type { Executor } from '../../src/execution/executor.js';
import { OrderTracker } from '../../src/execution/order-tracker.js';
import { MarketGuard, parseQuotingParams } from '../../src/guard/index.js';
import type { BookView } from '../../src/market/book-view.js';
import type { MarketMeta } from '../../src/market/market-view.js';
import type { MarketSnapshot } from '../../src/market/poller.js';
import type { Decimal } from '../../src/money.js';
import type { Fill } from '../../src/portfolio/fill.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import type { OrderIntent, Strategy } from '../../src/strategy/strategy.js';
import { BookStore } from '../../src/trading/book-store.js';
import { type MarketBinding, TradingLoop } from '../../src/trading/trading-loop.js';
import bands from '../../strategies/bands.js';
import { logCapture } from '../support/log-capture.js';
import { book, d, MARKET, meta, NOW, T0, T1 } from './fixtures.js';

let clock: FakeClock;
let submitted: string[][];
let loop: TradingLoop;
let binding: MarketBinding;
let capture: ReturnType<typeof logCapture>;

const show = (i: OrderIntent): string => `${i.side} ${i.tokenId} ${i.price.toFixed()} x ${i.size.toFixed()}`;

function snapshot(tag: string): MarketSnapshot {
  const books = new Map<string, BookView>();
  const mids = new Map<string, Decimal>();
  for (const t of [T0, T1]) {
    books.set(t, book(t, { hash: `${tag}-${t}`, timestampMs: clock.now() }));
    mids.set(t, d('0.5'));
  }
  return { atMs: clock.now(), books, mids, unusable: new Map() };
}

function fill(i: number, side: 'BUY' | 'SELL'): Fill {
  return {
    tradeId: `t${i}`,
    conditionId: MARKET,
    tokenId: T0,
    outcomeIndex: 0,
    side,
    price: d(side === 'BUY' ? '0.48' : '0.52'),
    size: d('5'),
    role: 'maker',
    fee: d('0'),
    rebate: d('0'),
    matchTime: new Date(clock.now()).toISOString(),
    timestampMs: clock.now(),
    orderId: `o${i}`,
  };
}

beforeEach(() => {
  clock = new FakeClock(NOW);
  submitted = [];
  capture = logCapture();
  const tracker = new OrderTracker();
  tracker.useClock(() => clock.now());
  const executor = {
    tracker,
    submit(_market: string, _tick: Decimal, wanted: readonly OrderIntent[]): void {
      submitted.push(wanted.map(show));
    },
  } as unknown as Executor;
  const { params, guards } = parseQuotingParams(
    bands,
    {
      guards: {
        jumpTicks: 0,
        sweepLevels: 0,
        tradeThrough: false,
        toxicityMaxTicks: 0,
        burstFills: 2,
        coolDownS: 30,
        returnSteps: 1,
        widenTicks: 3,
      },
    },
    'test',
  );
  binding = {
    conditionId: MARKET,
    tokens: [T0, T1],
    strategy: bands as Strategy,
    params,
    state: null,
    guard: new MarketGuard(MARKET, guards),
  };
  const metadata = { get: (c: string): MarketMeta | undefined => (c === MARKET ? meta(MARKET) : undefined), noteBookTick: () => {} };
  loop = new TradingLoop({
    clock,
    markets: [binding],
    metadata,
    books: new BookStore(),
    positions: () => new Map(),
    risk: new RiskGate(validateRiskLimits({})),
    executor,
    staleAfterMs: 5_000,
    trade: true,
    logger: capture.logger,
  });
});

describe('TradingLoop with guards', () => {
  it('widens the bid after a burst of bid fills, counts and logs the change once, and releases it after the cool-down', () => {
    loop.onSnapshot(snapshot('a'));
    expect(submitted.at(-1)).toEqual([`BUY ${T0} 0.48 x 20`, `BUY ${T1} 0.48 x 20`]);
    loop.onFills([fill(1, 'BUY'), fill(2, 'BUY')]);
    loop.onSnapshot(snapshot('a')); // same books: evaluated because the fills made the market dirty
    expect(submitted.at(-1)).toEqual([`BUY ${T0} 0.45 x 20`, `BUY ${T1} 0.48 x 20`]);
    expect(loop.guardStatus(MARKET)).toEqual({ bid: { guard: 'burst', pulled: false, ticks: 3, untilMs: NOW + 30_000 }, ask: undefined });
    clock.advance(10_000);
    loop.onSnapshot(snapshot('b'));
    expect(submitted.at(-1)).toEqual([`BUY ${T0} 0.45 x 20`, `BUY ${T1} 0.48 x 20`]);
    expect(Object.fromEntries(loop.stats.guardActions)).toEqual({ [`${MARKET}|burst|widen`]: 1 });
    // The cool-down ends at +30 s: the next poll re-evaluates the market although its books are unchanged.
    clock.advance(20_000);
    const before = submitted.length;
    loop.onSnapshot(snapshot('b'));
    expect(submitted.length).toBe(before + 1);
    expect(submitted.at(-1)).toEqual([`BUY ${T0} 0.48 x 20`, `BUY ${T1} 0.48 x 20`]);
    expect(Object.fromEntries(loop.stats.guardActions)).toEqual({ [`${MARKET}|burst|widen`]: 1, [`${MARKET}|burst|release`]: 1 });
    expect(loop.guardStatus(MARKET)).toEqual({ bid: undefined, ask: undefined });
    const lines = capture.lines.filter((l) => String(l.msg).startsWith('guard '));
    expect(lines.map((l) => `${l.msg} ${l.side} ${l.guard} ${l.action}`)).toEqual([
      'guard engaged bid burst widen',
      'guard released bid burst release',
    ]);
  });

  it('pulls the market and counts a guard that throws, and keeps running', () => {
    binding.guard!.observe = () => {
      throw new Error('guard bug');
    };
    loop.onSnapshot(snapshot('a'));
    expect(submitted.at(-1)).toEqual([]);
    expect(loop.stats.skipped['guard-error']).toBe(1);
    expect(Object.fromEntries(loop.stats.guardActions)).toEqual({ [`${MARKET}|error|pull`]: 1 });
    expect(capture.lines.some((l) => l.msg === 'guard failed; pulling quotes' && l.err === 'guard bug')).toBe(true);
  });
});
