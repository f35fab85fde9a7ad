/**
 * The poller never hands on a book it cannot trust, counts every one it holds back, keeps going
 * when a listener throws, and only calls the market "seen" when a usable book arrived.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { createLogger } from '../../src/log/logger.js';
import { bookProblem, toBookView } from '../../src/market/book-view.js';
import { BookPoller, type BookSource, type MarketSnapshot } from '../../src/market/poller.js';
import type { MidpointsResult, OrderBookSnapshot } from '../../src/venue/types.js';

const NOW = 1_767_225_600_000;

function book(token: string, over: Partial<OrderBookSnapshot> = {}): OrderBookSnapshot {
  return {
    market: '0xm',
    asset_id: token,
    timestamp: String(NOW),
    hash: 'h',
    bids: [{ price: '0.48', size: '10' }],
    asks: [{ price: '0.52', size: '10' }],
    min_order_size: '5',
    tick_size: '0.01',
    neg_risk: false,
    last_trade_price: '0.5',
    ...over,
  };
}

/** A BookSource that answers what the test says, for the tokens asked. */
function source(books: () => OrderBookSnapshot[] | Error, mids: () => MidpointsResult = () => ({})): BookSource {
  return {
    postBooks: async () => {
      const b = books();
      if (b instanceof Error) throw b;
      return b;
    },
    postMidpoints: async () => mids(),
  };
}

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _e, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), lines };
}

describe('bookProblem', () => {
  it('flags a timestamp far in the future as bad (it would never turn stale)', () => {
    const v = toBookView(book('t', { timestamp: String(NOW + 60_000) }));
    expect(bookProblem(v, NOW, 5_000)).toBe('bad-timestamp');
    // A little ahead (clock skew within the tolerance) is fine.
    expect(bookProblem(toBookView(book('t', { timestamp: String(NOW + 4_000) })), NOW, 5_000)).toBeUndefined();
  });

  it('flags a locked book (bid = ask) as crossed', () => {
    const v = toBookView(book('t', { bids: [{ price: '0.5', size: '1' }], asks: [{ price: '0.5', size: '1' }] }));
    expect(bookProblem(v, NOW, 5_000)).toBe('crossed');
  });
});

describe('BookPoller guards', () => {
  it('holds back crossed, future-dated and missing books, counts and logs each', async () => {
    const clock = new FakeClock(NOW);
    const { logger, lines } = logCapture();
    const crossed = book('crossed', { bids: [{ price: '0.55', size: '1' }] });
    const future = book('future', { timestamp: String(NOW + 3_600_000) });
    const seen: MarketSnapshot[] = [];
    const p = new BookPoller({
      source: source(() => [book('good'), crossed, future]),
      clock,
      tokens: ['good', 'crossed', 'future', 'absent'],
      intervalMs: 1_000,
      staleAfterMs: 5_000,
      logger,
      onSnapshot: (s) => seen.push(s),
    });
    const s = await p.tick();
    expect([...s.books.keys()]).toEqual(['good']);
    expect(Object.fromEntries(s.unusable)).toEqual({ crossed: 'crossed', future: 'bad-timestamp', absent: 'missing' });
    expect(p.stats.unusableBooks).toEqual({ crossed: 1, 'bad-timestamp': 1, missing: 1 });
    expect(lines.filter((l) => l.msg === 'book not usable').map((l) => l.token)).toEqual(['crossed', 'future']);
    expect(seen).toEqual([s]);
  });

  it('drops midpoints outside (0, 1)', async () => {
    const p = new BookPoller({
      source: source(() => [book('a'), book('b')], () => ({ a: '0.5', b: '1.5' })),
      clock: new FakeClock(NOW),
      tokens: ['a', 'b'],
      intervalMs: 1_000,
      staleAfterMs: 5_000,
      onSnapshot: () => {},
    });
    const s = await p.tick();
    expect(Object.fromEntries([...s.mids].map(([k, v]) => [k, v.toString()]))).toEqual({ a: '0.5' });
  });

  it('marks the market seen only when a usable book arrived', async () => {
    const clock = new FakeClock(NOW);
    let answer: OrderBookSnapshot[] | Error = new MakerdError(ErrorCode.VENUE_FAULT, 'POST /books: venue answered 503');
    const p = new BookPoller({ source: source(() => answer), clock, tokens: ['a'], intervalMs: 1_000, staleAfterMs: 5_000, onSnapshot: () => {} });
    await p.tick();
    expect(p.stats.ticks).toBe(1);
    expect(p.stats.lastTickMs).toBe(NOW);
    expect(p.stats.lastUsableMs).toBeUndefined();
    expect(p.stats.failedRequests).toEqual({ MAKERD_ERR_VENUE_FAULT: 1 });
    clock.advance(10_000);
    answer = [book('a', { timestamp: String(NOW) })]; // 10 s old now: stale
    await p.tick();
    expect(p.stats.lastUsableMs).toBeUndefined();
    answer = [book('a', { timestamp: String(clock.now()) })];
    await p.tick();
    expect(p.stats.lastUsableMs).toBe(clock.now());
  });

  it('a listener that throws is logged and counted, and polling goes on', async () => {
    const clock = new FakeClock(NOW);
    const { logger, lines } = logCapture();
    let calls = 0;
    let second: () => void = () => {};
    const secondCall = new Promise<void>((r) => (second = r));
    const p = new BookPoller({
      source: source(() => [book('a', { timestamp: String(clock.now()) })]),
      clock,
      tokens: ['a'],
      intervalMs: 1_000,
      staleAfterMs: 5_000,
      logger,
      onSnapshot: () => {
        calls++;
        if (calls === 2) second();
        throw new Error('strategy exploded');
      },
    });
    p.start();
    clock.advance(0);
    // The failed tick settles, then the next one is armed on the clock.
    while (p.stats.failedTicks < 1) await new Promise((r) => setImmediate(r));
    clock.advance(1_000);
    await secondCall;
    await p.stop();
    expect(p.stats.failedTicks).toBeGreaterThanOrEqual(1);
    expect(lines.find((l) => l.msg === 'poll tick failed')).toMatchObject({ level: 'error', err: 'strategy exploded' });
  });
});
