/**
 * A book whose levels cannot be used is unusable by its reason, counted and logged as a stale book
 * is: one line when a token's book turns unusable (and why), one when it is usable again, every
 * poll counted (makerd_books_unusable_total{reason}). The reasons: more levels on a side than the
 * bound (too-many-levels), a price off the market's tick (off-tick), outside (0, 1)
 * (price-out-of-range), a size not above 0 (bad-size), two levels at one price (duplicate-level),
 * levels in no order (unordered-levels). A book the market stream found unusable is counted and
 * logged here too (noteUnusable). Fake clock, scripted answers: no network, no sleeps.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { BookPoller } from '../../src/market/poller.js';
import { registerPollerMetrics } from '../../src/metrics/poller-metrics.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { Decimal } from '../../src/money.js';
import type { OrderBookSnapshot, PriceLevel } from '../../src/venue/types.js';
import { logCapture } from '../support/log-capture.js';
import { NOW, bookOf, scriptedSource } from './support.js';

const byMsg = (lines: Record<string, unknown>[], msg: string) => lines.filter((l) => l.msg === msg);

/** `n` bids best first from 0.48 down by 0.0001 (a fine grid, so that 1,001 of them fit in (0, 1)). */
function bids(n: number): PriceLevel[] {
  return Array.from({ length: n }, (_, i) => ({ price: ((4_800 - i) / 10_000).toFixed(4), size: '10' }));
}

/** A poller of one token `a` whose book is `over` at the poll's time; the market's tick `tick` (undefined: not known). */
function setup(tick: string | undefined = '0.01') {
  const clock = new FakeClock(NOW);
  const { logger, lines } = logCapture();
  let over: Partial<OrderBookSnapshot> = {};
  let marketTick = tick === undefined ? undefined : new Decimal(tick);
  const p = new BookPoller({
    source: scriptedSource((tokens) => tokens.map((t) => bookOf(t, { timestamp: String(clock.now()), ...over }))),
    clock,
    tokens: ['a'],
    intervalMs: 1_000,
    staleAfterMs: 5_000,
    tickOf: (market) => (market === '0xm' ? marketTick : undefined),
    logger,
    onSnapshot: () => {},
  });
  return {
    p,
    lines,
    clock,
    set: (o: Partial<OrderBookSnapshot>) => {
      over = o;
    },
    setTick: (t: string | undefined) => {
      marketTick = t === undefined ? undefined : new Decimal(t);
    },
    poll: async () => {
      const s = await p.tick();
      clock.advance(1_000);
      return s;
    },
  };
}

describe('poller: books whose levels cannot be used', () => {
  it('a side of more levels than the bound (1,000 by default) is unusable, too-many-levels; a good book after it is usable again', async () => {
    const t = setup('0.0001');
    t.set({ bids: bids(1_000) });
    expect((await t.poll()).books.has('a')).toBe(true); // at the bound: usable
    t.set({ bids: bids(1_001) });
    const s = await t.poll();
    expect(s.books.has('a')).toBe(false);
    expect(s.unusable.get('a')).toBe('too-many-levels');
    await t.poll();
    t.set({});
    expect((await t.poll()).books.has('a')).toBe(true);
    expect(t.p.stats.unusableBooks).toEqual({ 'too-many-levels': 2 });
    expect(t.lines.map((l) => [l.msg, l.problem ?? l.unusablePolls, l.previous ?? l.lastProblem])).toEqual([
      ['book not usable', 'too-many-levels', undefined],
      ['book usable again', 2, 'too-many-levels'],
    ]);
    expect(byMsg(t.lines, 'book not usable')[0]).toMatchObject({ level: 'warn', token: 'a', bookTimestamp: NOW + 1_000 });
  });

  it('a price off the market tick is unusable, off-tick; an unknown tick skips that check alone', async () => {
    const t = setup('0.01');
    t.set({ bids: [{ price: '0.485', size: '1' }] });
    expect((await t.poll()).unusable.get('a')).toBe('off-tick');
    t.set({ asks: [{ price: '0.525', size: '1' }] });
    expect((await t.poll()).unusable.get('a')).toBe('off-tick');
    // Tick not known (no rules read yet): the grid is not checked, the other checks are.
    t.setTick(undefined);
    t.set({ bids: [{ price: '0.485', size: '1' }] });
    expect((await t.poll()).books.has('a')).toBe(true);
    t.set({ bids: [{ price: '0.6', size: '1' }] });
    expect((await t.poll()).unusable.get('a')).toBe('crossed');
    expect(t.p.stats.unusableBooks).toEqual({ 'off-tick': 2, crossed: 1 });
    expect(t.lines.map((l) => [l.msg, l.problem ?? l.unusablePolls])).toEqual([
      ['book not usable', 'off-tick'],
      ['book usable again', 2],
      ['book not usable', 'crossed'],
    ]);
  });

  it('the grid follows the market tick: a finer tick makes the finer prices good; while a change settles, the grid the book declares passes too', async () => {
    const t = setup('0.01');
    t.set({ bids: [{ price: '0.485', size: '1' }] });
    expect((await t.poll()).unusable.get('a')).toBe('off-tick');
    t.setTick('0.001');
    expect((await t.poll()).books.has('a')).toBe(true);
    // The market's rules still say 0.01, the book already shows 0.001 (the trading loop waits for the rules).
    t.setTick('0.01');
    t.set({ bids: [{ price: '0.485', size: '1' }], tick_size: '0.001' });
    expect((await t.poll()).books.has('a')).toBe(true);
    // ... but a price on neither grid is not.
    t.set({ bids: [{ price: '0.4855', size: '1' }], tick_size: '0.001' });
    expect((await t.poll()).unusable.get('a')).toBe('off-tick');
  });

  it.each<[string, PriceLevel[], string]>([
    ['a price of 0', [{ price: '0', size: '1' }], 'price-out-of-range'],
    ['a price of 1', [{ price: '1', size: '1' }], 'price-out-of-range'],
    ['a price above 1', [{ price: '1.25', size: '1' }], 'price-out-of-range'],
    ['a negative price', [{ price: '-0.48', size: '1' }], 'price-out-of-range'],
    ['a size of 0', [{ price: '0.48', size: '0' }], 'bad-size'],
    ['a negative size', [{ price: '0.48', size: '-5' }], 'bad-size'],
    [
      'two levels at one price',
      [
        { price: '0.48', size: '1' },
        { price: '0.480', size: '2' },
      ],
      'duplicate-level',
    ],
    [
      'levels in no order',
      [
        { price: '0.47', size: '1' },
        { price: '0.48', size: '1' },
        { price: '0.46', size: '1' },
      ],
      'unordered-levels',
    ],
  ])('%s is unusable (%s), logged once, counted every poll; usable again after a good book', async (_what, levels, reason) => {
    const t = setup();
    t.set({ bids: levels });
    await t.poll();
    await t.poll();
    t.set({});
    expect((await t.poll()).books.has('a')).toBe(true);
    expect(t.p.stats.unusableBooks).toEqual({ [reason]: 2 });
    expect(t.lines.map((l) => [l.msg, l.problem ?? l.unusablePolls, l.previous ?? l.lastProblem])).toEqual([
      ['book not usable', reason, undefined],
      ['book usable again', 2, reason],
    ]);
  });

  it('one bad book of a batch leaves the others usable', async () => {
    const clock = new FakeClock(NOW);
    const p = new BookPoller({
      source: scriptedSource((tokens) => tokens.map((t) => bookOf(t, t === 'b' ? { bids: [{ price: '1', size: '1' }] } : {}))),
      clock,
      tokens: ['a', 'b', 'c'],
      intervalMs: 1_000,
      staleAfterMs: 5_000,
      onSnapshot: () => {},
    });
    const s = await p.tick();
    expect([...s.books.keys()]).toEqual(['a', 'c']);
    expect([...s.unusable]).toEqual([['b', 'price-out-of-range']]);
    expect(p.stats.failedRequests).toEqual({});
  });

  it('counts each reason on the registry (every reason exported from the start, at 0)', async () => {
    const t = setup();
    const registry = createRegistry();
    registerPollerMetrics(
      registry,
      () => t.p.stats,
      () => t.clock.now(),
    );
    const before = await registry.metrics();
    for (const r of ['too-many-levels', 'off-tick', 'price-out-of-range', 'bad-size', 'duplicate-level', 'unordered-levels'])
      expect(before, r).toContain(`makerd_books_unusable_total{reason="${r}"} 0`);
    t.set({ bids: [{ price: '0.485', size: '1' }] });
    await t.poll();
    await t.poll();
    t.set({ asks: [{ price: '0.52', size: '0' }] });
    await t.poll();
    const text = await registry.metrics();
    expect(text).toContain('makerd_books_unusable_total{reason="off-tick"} 2');
    expect(text).toContain('makerd_books_unusable_total{reason="bad-size"} 1');
    expect(text).toContain('makerd_books_unusable_total{reason="stale"} 0');
  });

  it('a book the stream found unusable is counted and logged as a polled one; the next good poll makes it usable again', async () => {
    const t = setup();
    await t.poll();
    t.p.noteUnusable('a', 'off-tick', NOW + 1_500);
    t.p.noteUnusable('a', 'off-tick', NOW + 1_600);
    t.p.noteUnusable('not-polled', 'off-tick', NOW);
    await t.poll();
    expect(t.p.stats.unusableBooks).toEqual({ 'off-tick': 2 });
    expect(t.lines.map((l) => [l.msg, l.token, l.problem ?? l.unusablePolls, l.bookTimestamp ?? l.lastProblem])).toEqual([
      ['book not usable', 'a', 'off-tick', NOW + 1_500],
      ['book usable again', 'a', 2, 'off-tick'],
    ]);
  });
});
