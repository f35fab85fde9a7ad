/**
 * The poller never hands on a book it cannot trust, counts every one it holds back, keeps going
 * when a listener throws, and only calls the market "seen" when a usable book arrived.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { bookProblem, toBookView } from '../../src/market/book-view.js';
import { BookPoller, type MarketSnapshot } from '../../src/market/poller.js';
import type { MidpointsResult, OrderBookSnapshot } from '../../src/venue/types.js';
import { validateBook } from '../../src/venue/validate/order-book.js';
import { logCapture } from '../support/log-capture.js';
import { NOW, bookOf, scriptedSource } from './support.js';

const view = (b: OrderBookSnapshot) => toBookView(validateBook('POST /books', b));

describe('bookProblem', () => {
  it('flags a timestamp far in the future as bad (it would never turn stale)', () => {
    const v = view(bookOf('t', { timestamp: String(NOW + 60_000) }));
    expect(bookProblem(v, NOW, 5_000)).toBe('bad-timestamp');
    // A little ahead (clock skew within the tolerance) is fine.
    expect(bookProblem(view(bookOf('t', { timestamp: String(NOW + 4_000) })), NOW, 5_000)).toBeUndefined();
  });

  it('flags a locked book (bid = ask) as crossed', () => {
    const v = view(bookOf('t', { bids: [{ price: '0.5', size: '1' }], asks: [{ price: '0.5', size: '1' }] }));
    expect(bookProblem(v, NOW, 5_000)).toBe('crossed');
  });
});

describe('BookPoller guards', () => {
  it('holds back crossed, future-dated and missing books, counts and logs each once', async () => {
    const clock = new FakeClock(NOW);
    const { logger, lines } = logCapture();
    const crossed = bookOf('crossed', { bids: [{ price: '0.55', size: '1' }] });
    const future = bookOf('future', { timestamp: String(NOW + 3_600_000) });
    const seen: MarketSnapshot[] = [];
    const p = new BookPoller({
      source: scriptedSource(() => [bookOf('good'), crossed, future]),
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
    expect(lines.filter((l) => l.msg === 'book not usable').map((l) => [l.token, l.problem])).toEqual([
      ['crossed', 'crossed'],
      ['future', 'bad-timestamp'],
      ['absent', 'missing'],
    ]);
    expect(seen).toEqual([s]);
  });

  it('takes the midpoints the client parsed; an answer with one outside (0, 1) is refused whole', async () => {
    let mids: MidpointsResult = { a: '0.5', b: '0.25' };
    const p = new BookPoller({
      source: scriptedSource(
        () => [bookOf('a'), bookOf('b')],
        () => mids,
      ),
      clock: new FakeClock(NOW),
      tokens: ['a', 'b'],
      intervalMs: 1_000,
      staleAfterMs: 5_000,
      onSnapshot: () => {},
    });
    let s = await p.tick();
    expect(Object.fromEntries([...s.mids].map(([k, v]) => [k, v.toString()]))).toEqual({ a: '0.5', b: '0.25' });
    mids = { a: '0.5', b: '1.5' };
    s = await p.tick();
    expect(s.mids.size).toBe(0);
    expect(s.books.size).toBe(2);
    expect(p.stats.failedRequests).toEqual({ MAKERD_ERR_BAD_RESPONSE: 1 });
  });

  it('marks the market seen only when a usable book arrived', async () => {
    const clock = new FakeClock(NOW);
    let answer: OrderBookSnapshot[] | Error = new MakerdError(ErrorCode.VENUE_FAULT, 'POST /books: venue answered 503');
    const p = new BookPoller({
      source: scriptedSource(() => answer),
      clock,
      tokens: ['a'],
      intervalMs: 1_000,
      staleAfterMs: 5_000,
      onSnapshot: () => {},
    });
    await p.tick();
    expect(p.stats.ticks).toBe(1);
    expect(p.stats.lastTickMs).toBe(NOW);
    expect(p.stats.lastUsableMs).toBeUndefined();
    expect(p.stats.failedRequests).toEqual({ MAKERD_ERR_VENUE_FAULT: 1 });
    clock.advance(10_000);
    answer = [bookOf('a', { timestamp: String(NOW) })]; // 10 s old now: stale
    await p.tick();
    expect(p.stats.lastUsableMs).toBeUndefined();
    answer = [bookOf('a', { timestamp: String(clock.now()) })];
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
      source: scriptedSource(() => [bookOf('a', { timestamp: String(clock.now()) })]),
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
