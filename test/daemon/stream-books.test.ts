/**
 * The market stream's books and price changes are checked where they enter (stream-books.ts),
 * before the paper venue or the book store sees them: an unusable one drops the token's book (its
 * market is re-evaluated, and pulls), is reported to the poller's count and log, and reaches
 * nothing else; a usable one goes on as before; a price change that leaves a side longer than the
 * bound drops the book too.
 */
import { describe, expect, it } from 'vitest';
import { type StreamBookIntake, takeStreamBook } from '../../src/daemon/stream-books.js';
import type { StreamBook, StreamPriceChange } from '../../src/market/market-stream.js';
import { Decimal } from '../../src/money.js';
import { BookStore } from '../../src/trading/book-store.js';
import type { BookLevelProblem } from '../../src/venue/checked-book.js';
import { book, d, MARKET, NOW, show, T0 } from '../trading/fixtures.js';

function streamBook(over: Partial<StreamBook> = {}): StreamBook {
  return {
    event_type: 'book',
    asset_id: T0,
    market: MARKET,
    bids: [{ price: '0.45', size: '10' }],
    asks: [{ price: '0.55', size: '10' }],
    tick_size: '0.01',
    timestamp: String(NOW + 1_000),
    hash: 'h-stream',
    ...over,
  };
}

function priceChange(changes: StreamPriceChange['changes']): StreamPriceChange {
  return { event_type: 'price_change', asset_id: T0, market: MARKET, changes, timestamp: String(NOW + 2_000), hash: 'h-change' };
}

/** `tick` null: the market's tick is not known. */
function setup(maxLevels = 3, tick: string | null = '0.01') {
  const books = new BookStore();
  books.setPolled(T0, book(T0, { hash: 'h-poll' }), d('0.505'));
  const reported: [string, BookLevelProblem, number | undefined][] = [];
  const paper: string[] = [];
  const intake: StreamBookIntake = {
    books,
    unusable: (token, problem, ts) => reported.push([token, problem, ts]),
    tickOf: (market) => (market === MARKET && tick !== null ? new Decimal(tick) : undefined),
    maxLevels,
    paper: { onBook: (e) => paper.push(`book ${e.hash}`), onPriceChange: (e) => paper.push(`change ${e.hash}`) },
  };
  return { books, reported, paper, intake };
}

describe('stream books checked where they enter', () => {
  it('a usable book goes to the paper venue and the store', () => {
    const t = setup();
    expect(takeStreamBook(t.intake, MARKET, streamBook())).toBe(true);
    expect(show(t.books.get(T0)!.book.bids)).toEqual(['0.45 x 10']);
    expect(t.paper).toEqual(['book h-stream']);
    expect(t.reported).toEqual([]);
  });

  it.each<[string, Partial<StreamBook>, BookLevelProblem]>([
    ['a price off the tick', { bids: [{ price: '0.455', size: '1' }] }, 'off-tick'],
    ['more levels than the bound', { asks: ['0.55', '0.56', '0.57', '0.58'].map((price) => ({ price, size: '1' })) }, 'too-many-levels'],
    ['a size of 0', { asks: [{ price: '0.55', size: '0' }] }, 'bad-size'],
  ])('a book with %s drops the stored book, is reported, and reaches nothing else', (_what, over, problem) => {
    const t = setup();
    expect(takeStreamBook(t.intake, MARKET, streamBook(over))).toBe(true);
    expect(t.books.get(T0)).toBeUndefined();
    expect(t.books.bookTimeMs(T0)).toBe(NOW); // the dropped book keeps ageing
    expect(t.reported).toEqual([[T0, problem, NOW + 1_000]]);
    expect(t.paper).toEqual([]);
    // Until the next usable poll, later events change nothing.
    expect(takeStreamBook(t.intake, MARKET, streamBook())).toBe(false);
  });

  it('an unusable event for a book not held is reported but changes nothing (no re-evaluation)', () => {
    const t = setup();
    t.books.drop(T0);
    expect(takeStreamBook(t.intake, MARKET, streamBook({ bids: [{ price: '0.455', size: '1' }] }))).toBe(false);
    expect(t.reported).toHaveLength(1);
  });

  it('the grid is skipped while the market tick is unknown', () => {
    const t = setup(3, null);
    expect(takeStreamBook(t.intake, MARKET, streamBook({ bids: [{ price: '0.455', size: '1' }] }))).toBe(true);
    expect(show(t.books.get(T0)!.book.bids)).toEqual(['0.455 x 1']);
  });

  it('a price change off the tick drops the book; one that leaves a side longer than the bound too, after the paper venue saw it', () => {
    const off = setup();
    expect(takeStreamBook(off.intake, MARKET, priceChange([{ price: '0.485', side: 'BUY', size: '1' }]))).toBe(true);
    expect(off.books.get(T0)).toBeUndefined();
    expect(off.reported).toEqual([[T0, 'off-tick', NOW + 2_000]]);
    expect(off.paper).toEqual([]);

    const long = setup();
    // The polled book has two bids (0.49, 0.48): two more make four, over the bound of 3.
    const grow = priceChange([
      { price: '0.47', side: 'BUY', size: '1' },
      { price: '0.46', side: 'BUY', size: '1' },
    ]);
    expect(takeStreamBook(long.intake, MARKET, grow)).toBe(true);
    expect(long.books.get(T0)).toBeUndefined();
    expect(long.reported).toEqual([[T0, 'too-many-levels', NOW + 2_000]]);
    expect(long.paper).toEqual(['change h-change']);

    const ok = setup();
    expect(takeStreamBook(ok.intake, MARKET, priceChange([{ price: '0.47', side: 'BUY', size: '1' }]))).toBe(true);
    expect(show(ok.books.get(T0)!.book.bids)).toEqual(['0.49 x 100', '0.48 x 250', '0.47 x 1']);
    expect(ok.reported).toEqual([]);
  });
});
