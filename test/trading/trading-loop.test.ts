/**
 * TradingLoop with the real bands strategy, the real RiskGate and BookStore, a stub metadata
 * source and a recording executor (the real OrderTracker behind `tracker`): what it hands the
 * executor, exactly, and when it skips a market (no metadata, a tick change, unchanged books), a
 * kill switch, a strategy that throws, monitor-only mode.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import type { Executor } from '../../src/execution/executor.js';
import { OrderTracker } from '../../src/execution/order-tracker.js';
import type { BookView } from '../../src/market/book-view.js';
import type { MarketMeta } from '../../src/market/market-view.js';
import type { MarketSnapshot } from '../../src/market/poller.js';
import type { Decimal } from '../../src/money.js';
import { RiskGate, validateRiskLimits } from '../../src/risk/index.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import type { OrderIntent, Strategy } from '../../src/strategy/strategy.js';
import { BookStore } from '../../src/trading/book-store.js';
import { TradingLoop, type MarketBinding, type MetadataSource } from '../../src/trading/trading-loop.js';
import bands from '../../strategies/bands.js';
import { logCapture } from '../support/log-capture.js';
import { book, d, MARKET, MARKET2, meta, NOW, T0, T1, U0, U1 } from './fixtures.js';

const STALE_AFTER = 5_000;
const BANDS_DEFAULTS = parseStrategyParams(bands, {}, 'test (bands)');

interface Submission {
  readonly market: string;
  readonly tick: string;
  readonly orders: string[];
}

/** An intent as exact text: "BUY 0xmarket1:0 0.48 x 20 (bid)". */
const showIntent = (i: OrderIntent): string => `${i.side} ${i.tokenId} ${i.price.toFixed()} x ${i.size.toFixed()} (${i.quoteSide})`;

class StubMetadata implements MetadataSource {
  readonly metas = new Map<string, MarketMeta>();
  readonly noted: string[] = [];
  get(conditionId: string): MarketMeta | undefined {
    return this.metas.get(conditionId);
  }
  noteBookTick(conditionId: string, tick: Decimal): void {
    this.noted.push(`${conditionId} ${tick.toFixed()}`);
  }
}

function binding(conditionId: string, strategy: Strategy = bands as Strategy): MarketBinding {
  return { conditionId, tokens: [`${conditionId}:0`, `${conditionId}:1`], strategy, params: BANDS_DEFAULTS, state: null };
}

/** Books around 0.50 on both outcomes (bids 0.49, asks 0.51), hashes tagged with `tag`. */
function snapshot(tag: string, o: { atMs?: number; tick?: string; tokens?: readonly string[] } = {}): MarketSnapshot {
  const tokens = o.tokens ?? [T0, T1];
  const books = new Map<string, BookView>();
  const mids = new Map<string, Decimal>();
  for (const t of tokens) {
    books.set(t, book(t, { hash: `${tag}-${t}`, timestampMs: o.atMs ?? NOW, ...(o.tick === undefined ? {} : { tick: o.tick }) }));
    mids.set(t, d('0.5'));
  }
  return { atMs: o.atMs ?? NOW, books, mids, unusable: new Map() };
}

let clock: FakeClock;
let metadata: StubMetadata;
let risk: RiskGate;
let books: BookStore;
let tracker: OrderTracker;
let submitted: Submission[];
/** Per submission: whether the risk gate let replacements go with their cancels. */
let overlaps: boolean[];
let positions: Map<string, Decimal>;
let executor: Executor;

function makeLoop(
  markets: MarketBinding[],
  o: { trade?: boolean; overlap?: boolean; logger?: ReturnType<typeof logCapture>['logger'] } = {},
): TradingLoop {
  return new TradingLoop({
    clock,
    markets,
    metadata,
    books,
    positions: () => positions,
    risk,
    executor,
    staleAfterMs: STALE_AFTER,
    trade: o.trade ?? true,
    overlapReplacements: o.overlap,
    logger: o.logger,
  });
}

/** A resting order of ours in `market` (bid on outcome 0), as the tracker knows it. */
function restingOrder(market: string): void {
  tracker.addPending(
    { conditionId: market, tokenId: `${market}:0`, side: 'BUY', price: d('0.40'), size: d('10'), quoteSide: 'bid' },
    `c-${market}`,
    clock.now(),
  );
  tracker.confirm(`c-${market}`, `id-${market}`, d('0'), clock.now());
}

const BAND_QUOTES = [`BUY ${T0} 0.48 x 20 (bid)`, `BUY ${T1} 0.48 x 20 (ask)`];

beforeEach(() => {
  clock = new FakeClock(NOW);
  metadata = new StubMetadata();
  metadata.metas.set(MARKET, meta(MARKET));
  metadata.metas.set(MARKET2, meta(MARKET2));
  risk = new RiskGate(validateRiskLimits({}));
  books = new BookStore();
  tracker = new OrderTracker();
  tracker.useClock(() => clock.now());
  submitted = [];
  overlaps = [];
  positions = new Map();
  executor = {
    tracker,
    submit(market: string, tick: Decimal, wanted: readonly OrderIntent[], context?: { overlap?: boolean }): void {
      submitted.push({ market, tick: tick.toFixed(), orders: wanted.map(showIntent) });
      overlaps.push(context?.overlap === true);
    },
  } as unknown as Executor;
});

describe('TradingLoop: what it submits', () => {
  it('hands the executor the bands default quotes around mid 0.50: BUY outcome 0 at 0.48 x 20 and BUY outcome 1 at 0.48 x 20', () => {
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a'));
    expect(submitted).toEqual([{ market: MARKET, tick: '0.01', orders: BAND_QUOTES }]);
    expect(loop.stats.evaluations).toBe(1);
    expect(loop.stats.wanted.get(MARKET)).toBe(2);
    expect(loop.stats.approved.get(MARKET)).toBe(2);
    // The poll's books went into the store.
    expect(books.get(T0)!.book.hash).toBe(`a-${T0}`);
    expect(books.get(T1)!.mid!.toFixed()).toBe('0.5');
  });

  it('maps an ask onto SELL outcome 0 when that much outcome 0 is held (positions reach the view)', () => {
    positions.set(T0, d('20'));
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a'));
    expect(submitted).toEqual([{ market: MARKET, tick: '0.01', orders: [`BUY ${T0} 0.48 x 20 (bid)`, `SELL ${T0} 0.52 x 20 (ask)`] }]);
  });

  it('the strategy does not see an order whose cancel is on its way; the risk gate counts it, and lets the replacement go with the cancel', () => {
    tracker.addPending(
      { conditionId: MARKET, tokenId: T0, side: 'BUY', price: d('0.47'), size: d('20'), quoteSide: 'bid' },
      'c-1',
      clock.now(),
    );
    tracker.confirm('c-1', 'id-1', d('0'), clock.now());
    const loop = makeLoop([binding(MARKET)], { overlap: true });
    loop.onSnapshot(snapshot('a'));
    // In its band (0.03 from the mid): bands keeps it.
    expect(submitted.at(-1)!.orders).toEqual([`BUY ${T0} 0.47 x 20 (bid)`, `BUY ${T1} 0.48 x 20 (ask)`]);
    tracker.markCancelling(['id-1'], true);
    loop.markDirty(MARKET);
    loop.onSnapshot(snapshot('a'));
    // Going: bands quotes the band afresh; the union (0.47, 0.48 and the ask) fits the limits.
    expect(submitted.at(-1)).toEqual({ market: MARKET, tick: '0.01', orders: BAND_QUOTES });
    expect(overlaps.at(-1)).toBe(true);
    expect(risk.snapshot(clock.now()).restingOrders).toBe(3);
  });

  it('with executor.overlapReplacements off (the default) the strategy still sees an order being cancelled, and nothing overlaps', () => {
    tracker.addPending(
      { conditionId: MARKET, tokenId: T0, side: 'BUY', price: d('0.47'), size: d('20'), quoteSide: 'bid' },
      'c-1',
      clock.now(),
    );
    tracker.confirm('c-1', 'id-1', d('0'), clock.now());
    const loop = makeLoop([binding(MARKET)]);
    tracker.markCancelling(['id-1'], true);
    loop.onSnapshot(snapshot('a'));
    expect(submitted.at(-1)!.orders).toEqual([`BUY ${T0} 0.47 x 20 (bid)`, `BUY ${T1} 0.48 x 20 (ask)`]);
    expect(overlaps.at(-1)).toBe(false);
    expect(risk.snapshot(clock.now()).restingOrders).toBe(2);
  });

  it('evaluates each market of a snapshot with its own books', () => {
    const loop = makeLoop([binding(MARKET), binding(MARKET2)]);
    loop.onSnapshot(snapshot('a', { tokens: [T0, T1, U0, U1] }));
    expect(submitted.map((s) => s.market)).toEqual([MARKET, MARKET2]);
    expect(submitted[1]!.orders).toEqual([`BUY ${U0} 0.48 x 20 (bid)`, `BUY ${U1} 0.48 x 20 (ask)`]);
  });

  it('pulls quotes (submits []) and counts the idle reason when a book goes stale', () => {
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a'));
    clock.advance(STALE_AFTER + 1);
    loop.evaluateAll();
    expect(submitted).toHaveLength(2);
    expect(submitted[1]).toEqual({ market: MARKET, tick: '0.01', orders: [] });
    expect(loop.stats.idle).toEqual({ 'no-book': 1 });
    expect(loop.stats.wanted.get(MARKET)).toBe(0);
  });
});

describe('TradingLoop: skipping', () => {
  it('skips unchanged books and risk state; markDirty forces an evaluation; a new hash is evaluated', () => {
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a'));
    loop.onSnapshot(snapshot('a'));
    expect(loop.evaluate(MARKET)).toBe(false);
    expect(submitted).toHaveLength(1);
    expect(loop.stats.skipped.unchanged).toBe(2);
    expect(loop.stats.evaluations).toBe(1);

    loop.markDirty(MARKET);
    expect(loop.evaluate(MARKET)).toBe(true);
    expect(submitted).toHaveLength(2);
    expect(submitted[1]!.orders).toEqual(BAND_QUOTES);
    // The dirty mark is used up.
    expect(loop.evaluate(MARKET)).toBe(false);
    expect(loop.stats.skipped.unchanged).toBe(3);

    loop.onSnapshot(snapshot('b'));
    expect(submitted).toHaveLength(3);
    expect(loop.stats.evaluations).toBe(3);
  });

  it('ignores markDirty and evaluate for a market it does not quote', () => {
    const loop = makeLoop([binding(MARKET)]);
    loop.markDirty('0xnope');
    expect(loop.evaluate('0xnope')).toBe(false);
    expect(loop.binding('0xnope')).toBeUndefined();
    expect(loop.markets.map((m) => m.conditionId)).toEqual([MARKET]);
    expect(submitted).toEqual([]);
  });

  it('without metadata: skips, counts, logs once, and pulls the market orders (submit with [])', () => {
    const { logger, lines } = logCapture();
    metadata.metas.delete(MARKET);
    restingOrder(MARKET);
    const loop = makeLoop([binding(MARKET)], { logger });
    loop.onSnapshot(snapshot('a'));
    loop.onSnapshot(snapshot('b'));
    expect(loop.stats.skipped['no-metadata']).toBe(2);
    expect(loop.stats.evaluations).toBe(0);
    expect(submitted).toEqual([
      { market: MARKET, tick: '1', orders: [] },
      { market: MARKET, tick: '1', orders: [] },
    ]);
    const warned = lines.filter((l) => l.msg === 'no market metadata: not quoting this market');
    expect(warned.map((l) => [l.level, l.market])).toEqual([['warn', MARKET]]);

    // Metadata again: logged once, quoted.
    metadata.metas.set(MARKET, meta(MARKET));
    loop.onSnapshot(snapshot('c'));
    loop.onSnapshot(snapshot('d'));
    expect(lines.filter((l) => l.msg === 'market metadata available: quoting').map((l) => [l.level, l.market])).toEqual([['info', MARKET]]);
    expect(submitted[2]).toEqual({ market: MARKET, tick: '0.01', orders: [`BUY ${T0} 0.48 x 20 (bid)`, `BUY ${T1} 0.48 x 20 (ask)`] });
  });

  it('without metadata and without orders there: nothing to pull, nothing submitted', () => {
    metadata.metas.delete(MARKET);
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a'));
    expect(loop.stats.skipped['no-metadata']).toBe(1);
    expect(submitted).toEqual([]);
  });

  it('a book tick other than the metadata: notes the tick, skips, leaves orders alone; quotes once the metadata agrees', () => {
    restingOrder(MARKET);
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a', { tick: '0.001' }));
    expect(metadata.noted).toEqual([`${MARKET} 0.001`]);
    expect(loop.stats.skipped['tick-change']).toBe(1);
    expect(loop.stats.evaluations).toBe(0);
    expect(submitted).toEqual([]);

    // The refreshed metadata carries the new tick: the same books are now evaluated (the skip did
    // not record them as seen).
    metadata.metas.set(MARKET, meta(MARKET, '0.001'));
    expect(loop.evaluate(MARKET)).toBe(true);
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.tick).toBe('0.001');
    // Our 0.40 bid is in no band (0.10 from the mid): it is not in the wish, so it would be cancelled.
    expect(submitted[0]!.orders).toEqual(BAND_QUOTES);
  });

  it('the kill switch changes the key: the market is re-evaluated and submitted with []; released, quoted again', () => {
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a'));
    risk.setKillSwitch(true, 'test');
    loop.evaluateAll();
    expect(submitted[1]).toEqual({ market: MARKET, tick: '0.01', orders: [] });
    expect(loop.stats.approved.get(MARKET)).toBe(0);
    expect(loop.stats.wanted.get(MARKET)).toBe(2);
    loop.evaluateAll();
    expect(submitted).toHaveLength(2);
    expect(loop.stats.skipped.unchanged).toBe(1);

    risk.setKillSwitch(false, 'test');
    loop.evaluateAll();
    expect(submitted[2]).toEqual({ market: MARKET, tick: '0.01', orders: BAND_QUOTES });
  });

  it('an error back-off changes the key too, and its end as well', () => {
    const limits = validateRiskLimits({ errorBurst: { count: 1, windowMs: 1_000, backoffMs: 2_000 } });
    risk = new RiskGate(limits);
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a'));
    risk.recordVenueFailure('error', clock.now());
    loop.evaluateAll();
    expect(submitted[1]).toEqual({ market: MARKET, tick: '0.01', orders: [] });
    clock.advance(2_000);
    loop.evaluateAll();
    expect(submitted[2]).toEqual({ market: MARKET, tick: '0.01', orders: BAND_QUOTES });
  });
});

describe('TradingLoop: failures and monitor-only', () => {
  it('a strategy that throws: its quotes are pulled, counted, logged, and the other markets go on', () => {
    const { logger, lines } = logCapture();
    const broken: Strategy = {
      ...(bands as Strategy),
      quote() {
        throw new Error('boom');
      },
    };
    const loop = makeLoop([binding(MARKET, broken), binding(MARKET2)], { logger });
    loop.onSnapshot(snapshot('a', { tokens: [T0, T1, U0, U1] }));
    expect(submitted).toEqual([
      { market: MARKET, tick: '0.01', orders: [] },
      { market: MARKET2, tick: '0.01', orders: [`BUY ${U0} 0.48 x 20 (bid)`, `BUY ${U1} 0.48 x 20 (ask)`] },
    ]);
    expect(loop.stats.skipped['strategy-error']).toBe(1);
    expect(loop.stats.evaluations).toBe(2);
    expect(lines.filter((l) => l.msg === 'strategy failed; pulling quotes').map((l) => [l.level, l.market, l.strategy, l.err])).toEqual([
      ['error', MARKET, 'bands', 'boom'],
    ]);
  });

  it('keeps the strategy state between evaluations', () => {
    const seen: unknown[] = [];
    const counting: Strategy<unknown, number> = {
      ...(bands as Strategy),
      initialState: () => 0,
      quote(view, params, state: number) {
        seen.push(state);
        return { ...bands.quote(view, params as never, null), state: state + 1 };
      },
    };
    const b = { ...binding(MARKET, counting as Strategy), state: 0 };
    const loop = makeLoop([b]);
    loop.onSnapshot(snapshot('a'));
    loop.onSnapshot(snapshot('b'));
    expect(seen).toEqual([0, 1]);
    expect(b.state).toBe(2);
  });

  it('monitor-only (trade: false): evaluates and counts, never submits, not even to pull', () => {
    restingOrder(MARKET);
    metadata.metas.delete(MARKET2);
    const loop = makeLoop([binding(MARKET), binding(MARKET2)], { trade: false });
    loop.onSnapshot(snapshot('a', { tokens: [T0, T1, U0, U1] }));
    restingOrder(MARKET2);
    loop.markDirty(MARKET);
    expect(loop.evaluate(MARKET)).toBe(false);
    expect(loop.evaluate(MARKET2)).toBe(false);
    risk.setKillSwitch(true, 'test');
    loop.evaluateAll();
    expect(submitted).toEqual([]);
    expect(loop.stats.evaluations).toBe(3);
    expect(loop.stats.skipped['no-metadata']).toBe(3);
    expect(loop.stats.wanted.get(MARKET)).toBe(2);
  });
});

describe('TradingLoop: a failed poll is not a stale book', () => {
  it('keeps quoting on the last books when one POST /books fails, and pulls once they are stale', () => {
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a'));
    expect(submitted).toEqual([{ market: MARKET, tick: '0.01', orders: BAND_QUOTES }]);
    // The next poll's POST /books failed as a whole: the books of 1 s ago are still fresh.
    clock.advance(1_000);
    loop.onSnapshot({
      atMs: clock.now(),
      books: new Map(),
      mids: new Map(),
      unusable: new Map([
        [T0, 'error'],
        [T1, 'error'],
      ]),
    });
    expect(submitted).toHaveLength(1);
    expect(books.get(T0)?.book.hash).toBe(`a-${T0}`);
    // Past staleAfterMs with no newer book: the quotes are pulled.
    clock.advance(STALE_AFTER);
    loop.onSnapshot({
      atMs: clock.now(),
      books: new Map(),
      mids: new Map(),
      unusable: new Map([
        [T0, 'error'],
        [T1, 'error'],
      ]),
    });
    expect(submitted[1]).toEqual({ market: MARKET, tick: '0.01', orders: [] });
  });

  it('drops a book the venue answered as unusable (stale, crossed, missing) at once', () => {
    const loop = makeLoop([binding(MARKET)]);
    loop.onSnapshot(snapshot('a'));
    clock.advance(1_000);
    loop.onSnapshot({
      atMs: clock.now(),
      books: new Map(),
      mids: new Map(),
      unusable: new Map([
        [T0, 'crossed'],
        [T1, 'missing'],
      ]),
    });
    expect(submitted[1]).toEqual({ market: MARKET, tick: '0.01', orders: [] });
  });
});
