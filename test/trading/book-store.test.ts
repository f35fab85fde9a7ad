/**
 * BookStore: a poll replaces what it covers; a stream `book` replaces the levels (best first, tick
 * and time from the event); a `price_change` sets aggregate sizes (0 removes); stream events for a
 * token never polled, or with levels that are not usable (src/market/book-check.ts: bad text, a
 * price outside (0, 1), a size not above 0, duplicates, no order), change nothing; the midpoint of
 * a stream-updated book is its own best bid and ask. The newer source wins by venue time: a poll
 * older than (or as old as) a stream-updated book leaves it, a stream event older than a polled
 * book changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { StreamBook, StreamPriceChange } from '../../src/market/market-stream.js';
import { BookStore } from '../../src/trading/book-store.js';
import { book, d, MARKET, NOW, show, T0, T1 } from './fixtures.js';

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

function priceChange(changes: StreamPriceChange['changes'], over: Partial<StreamPriceChange> = {}): StreamPriceChange {
  return { event_type: 'price_change', asset_id: T0, market: MARKET, changes, timestamp: String(NOW + 2_000), hash: 'h-change', ...over };
}

/** A store holding T0's polled fixture book: bids 0.49 x 100, 0.48 x 250; asks 0.51 x 80, 0.52 x 12. */
function polledStore(mid = '0.505'): BookStore {
  const s = new BookStore();
  s.setPolled(T0, book(T0, { hash: 'h-poll' }), d(mid));
  return s;
}

describe('BookStore: polls', () => {
  it('stores the polled book with the venue midpoint as given', () => {
    const s = new BookStore();
    expect(s.get(T0)).toBeUndefined();
    const b = book(T0);
    s.setPolled(T0, b, d('0.505'));
    expect(s.get(T0)!.book).toBe(b);
    expect(s.get(T0)!.mid!.toFixed()).toBe('0.505');
    expect(s.get(T1)).toBeUndefined();
  });

  it('a newer poll replaces a stream-updated book, and a poll without a usable book drops the token', () => {
    const s = polledStore();
    expect(s.applyBook(streamBook())).toBe(true);
    const fresh = book(T0, { bids: [['0.3', '1']], asks: [['0.4', '1']], hash: 'h-poll-2', timestampMs: NOW + 1_001 });
    expect(s.setPolled(T0, fresh, d('0.35'))).toBe(true);
    expect(s.get(T0)!.book).toBe(fresh);
    expect(s.get(T0)!.mid!.toFixed()).toBe('0.35');

    s.setPolled(T0, undefined, d('0.35'));
    expect(s.get(T0)).toBeUndefined();
    // Dropped: stream events are ignored until a good snapshot arrives again.
    expect(s.applyBook(streamBook())).toBe(false);
    expect(s.applyPriceChange(priceChange([{ price: '0.45', side: 'BUY', size: '1' }]))).toBe(false);
    expect(s.get(T0)).toBeUndefined();
  });
});

describe('BookStore: a poll and the stream racing', () => {
  it('a poll older than the stream-updated book, or as old, leaves it (levels, midpoint, hash and time)', () => {
    const s = polledStore();
    // The stream's book at NOW + 1,000: 0.45 / 0.55.
    expect(s.applyBook(streamBook())).toBe(true);
    const streamed = s.get(T0)!;
    // A poll answered after the event but taken before it (its own levels, 0.49 / 0.51).
    expect(s.setPolled(T0, book(T0, { hash: 'h-poll-old', timestampMs: NOW + 999 }), d('0.5'))).toBe(false);
    expect(s.get(T0)).toBe(streamed);
    expect(show(s.get(T0)!.book.bids)).toEqual(['0.45 x 10']);
    expect(s.get(T0)!.mid!.toFixed()).toBe('0.5');
    expect(s.get(T0)!.book.hash).toBe('h-stream');
    // The same millisecond: the stream brings whatever else changed in it, in order.
    expect(s.setPolled(T0, book(T0, { hash: 'h-poll-same-ms', timestampMs: NOW + 1_000 }), d('0.5'))).toBe(false);
    expect(s.get(T0)).toBe(streamed);
    expect(s.bookTimeMs(T0)).toBe(NOW + 1_000);
  });

  it('a stream event older than the polled book changes nothing; one of its millisecond or later applies', () => {
    const s = new BookStore();
    s.setPolled(T0, book(T0, { hash: 'h-poll', timestampMs: NOW + 5_000 }), d('0.5'));
    const polled = s.get(T0)!;
    expect(s.applyBook(streamBook({ timestamp: String(NOW + 4_999), hash: 'h-old-book' }))).toBe(false);
    expect(s.applyPriceChange(priceChange([{ price: '0.49', side: 'BUY', size: '1' }], { timestamp: String(NOW + 4_999) }))).toBe(false);
    expect(s.replaceLevels(T0, [], [], String(NOW + 4_000), 'h-old-replay')).toBe(false);
    expect(s.changeLevels(T0, [], String(NOW + 4_000), 'h-old-replay')).toBe(false);
    expect(s.get(T0)).toBe(polled);
    expect(show(s.get(T0)!.book.bids)).toEqual(['0.49 x 100', '0.48 x 250']);

    expect(s.applyPriceChange(priceChange([{ price: '0.49', side: 'BUY', size: '1' }], { timestamp: String(NOW + 5_000) }))).toBe(true);
    expect(show(s.get(T0)!.book.bids)).toEqual(['0.49 x 1', '0.48 x 250']);
    // Stream-updated now: a later stream event applies whatever its time (the stream is in order).
    expect(s.applyPriceChange(priceChange([{ price: '0.48', side: 'BUY', size: '2' }], { timestamp: String(NOW + 4_000) }))).toBe(true);
    expect(show(s.get(T0)!.book.bids)).toEqual(['0.49 x 1', '0.48 x 2']);
  });
});

describe('BookStore: stream book', () => {
  it('replaces the levels, best first (a side best last reversed), with tick, time and hash from the event', () => {
    const s = polledStore();
    const ok = s.applyBook(
      streamBook({
        bids: [
          { price: '0.40', size: '5' },
          { price: '0.46', size: '7.5' },
        ],
        asks: [
          { price: '0.54', size: '11' },
          { price: '0.60', size: '3' },
        ],
        tick_size: '0.001',
        timestamp: String(NOW + 1_234),
        hash: 'h-new',
      }),
    );
    expect(ok).toBe(true);
    const got = s.get(T0)!;
    expect(show(got.book.bids)).toEqual(['0.46 x 7.5', '0.4 x 5']);
    expect(show(got.book.asks)).toEqual(['0.54 x 11', '0.6 x 3']);
    expect(got.book.tickSize.toFixed()).toBe('0.001');
    expect(got.book.timestampMs).toBe(NOW + 1_234);
    expect(got.book.hash).toBe('h-new');
    // The midpoint now comes from the new best bid and ask, not the venue's polled 0.505.
    expect(got.mid!.toFixed()).toBe('0.5');
    expect(got.book.mid!.toFixed()).toBe('0.5');
    // What the event does not carry is kept from the poll.
    expect(got.book.tokenId).toBe(T0);
    expect(got.book.market).toBe(MARKET);
    expect(got.book.minOrderSize.toFixed()).toBe('5');
    expect(got.book.lastTradePrice!.toFixed()).toBe('0.5');
  });

  it('keeps the previous tick when the event has none or an unreadable one, and the previous time when its timestamp is not an integer', () => {
    const s = polledStore();
    const noTick = streamBook({ hash: 'a' }) as Partial<StreamBook>;
    delete noTick.tick_size;
    expect(s.applyBook(noTick as StreamBook)).toBe(true);
    expect(s.get(T0)!.book.tickSize.toFixed()).toBe('0.01');

    expect(s.applyBook(streamBook({ tick_size: 'abc', timestamp: 'soon', hash: 'b' }))).toBe(true);
    const got = s.get(T0)!.book;
    expect(got.tickSize.toFixed()).toBe('0.01');
    expect(got.timestampMs).toBe(NOW + 1_000); // from the first event
    expect(got.hash).toBe('b');
  });

  it('a one-sided book has no midpoint', () => {
    const s = polledStore();
    expect(s.applyBook(streamBook({ asks: [] }))).toBe(true);
    expect(s.get(T0)!.mid).toBeUndefined();
    expect(s.get(T0)!.book.mid).toBeUndefined();
  });

  it('ignores a token never polled (its market rules are unknown)', () => {
    const s = polledStore();
    expect(s.applyBook(streamBook({ asset_id: T1 }))).toBe(false);
    expect(s.get(T1)).toBeUndefined();
  });

  it.each<[string, Partial<StreamBook>]>([
    [
      'a price that is not decimal text',
      {
        bids: [
          { price: '0.45', size: '3' },
          { price: 'abc', size: '1' },
        ],
      },
    ],
    ['a price in exponent notation', { bids: [{ price: '5e-1', size: '1' }] }],
    ['a price of 1', { asks: [{ price: '1', size: '1' }] }],
    ['a price of 0', { bids: [{ price: '0', size: '1' }] }],
    ['a negative size', { asks: [{ price: '0.55', size: '-1' }] }],
    ['a zero size', { asks: [{ price: '0.55', size: '0' }] }],
    ['an empty size', { bids: [{ price: '0.45', size: '' }] }],
    [
      'two levels at one price',
      {
        bids: [
          { price: '0.45', size: '1' },
          { price: '0.450', size: '2' },
        ],
      },
    ],
    [
      'levels in no order',
      {
        asks: [
          { price: '0.55', size: '1' },
          { price: '0.57', size: '1' },
          { price: '0.56', size: '1' },
        ],
      },
    ],
  ])('refuses %s and changes nothing', (_what, over) => {
    const s = polledStore();
    const before = s.get(T0);
    expect(s.applyBook(streamBook(over))).toBe(false);
    expect(s.get(T0)).toBe(before);
    expect(show(s.get(T0)!.book.bids)).toEqual(['0.49 x 100', '0.48 x 250']);
    expect(s.get(T0)!.mid!.toFixed()).toBe('0.505');
  });
});

describe('BookStore: price_change', () => {
  it('sets aggregate sizes (not adds), inserts new levels in order, removes a level at size 0', () => {
    const s = polledStore();
    const ok = s.applyPriceChange(
      priceChange([
        { price: '0.49', side: 'BUY', size: '30' }, // was 100: set, not added
        { price: '0.485', side: 'BUY', size: '4' }, // new, between 0.49 and 0.48
        { price: '0.51', side: 'SELL', size: '0' }, // best ask removed
        { price: '0.515', side: 'SELL', size: '6' }, // new best ask
      ]),
    );
    expect(ok).toBe(true);
    const got = s.get(T0)!;
    expect(show(got.book.bids)).toEqual(['0.49 x 30', '0.485 x 4', '0.48 x 250']);
    expect(show(got.book.asks)).toEqual(['0.515 x 6', '0.52 x 12']);
    // Midpoint recomputed from the changed book: (0.49 + 0.515) / 2.
    expect(got.mid!.toFixed()).toBe('0.5025');
    expect(got.book.mid!.toFixed()).toBe('0.5025');
    expect(got.book.hash).toBe('h-change');
    expect(got.book.timestampMs).toBe(NOW + 2_000);
    expect(got.book.tickSize.toFixed()).toBe('0.01');
  });

  it('a price change applies on top of a stream book', () => {
    const s = polledStore();
    s.applyBook(streamBook());
    expect(
      s.applyPriceChange(
        priceChange([
          { price: '0.45', side: 'BUY', size: '0' },
          { price: '0.44', side: 'BUY', size: '2' },
        ]),
      ),
    ).toBe(true);
    expect(show(s.get(T0)!.book.bids)).toEqual(['0.44 x 2']);
    expect(s.get(T0)!.mid!.toFixed()).toBe('0.495');
  });

  it('removing a level that is not there changes only hash and time', () => {
    const s = polledStore();
    expect(s.applyPriceChange(priceChange([{ price: '0.3', side: 'BUY', size: '0' }]))).toBe(true);
    expect(show(s.get(T0)!.book.bids)).toEqual(['0.49 x 100', '0.48 x 250']);
    expect(show(s.get(T0)!.book.asks)).toEqual(['0.51 x 80', '0.52 x 12']);
    // The stream-updated book's midpoint is its own, no longer the venue's polled 0.505.
    expect(s.get(T0)!.mid!.toFixed()).toBe('0.5');
  });

  it('emptying a side leaves no midpoint', () => {
    const s = polledStore();
    s.applyPriceChange(
      priceChange([
        { price: '0.51', side: 'SELL', size: '0' },
        { price: '0.52', side: 'SELL', size: '0' },
      ]),
    );
    expect(show(s.get(T0)!.book.asks)).toEqual([]);
    expect(s.get(T0)!.mid).toBeUndefined();
  });

  it('ignores a token never polled', () => {
    const s = polledStore();
    expect(s.applyPriceChange(priceChange([{ price: '0.45', side: 'BUY', size: '1' }], { asset_id: T1 }))).toBe(false);
    expect(s.get(T1)).toBeUndefined();
  });

  it.each([
    ['a price that is not decimal text', { price: 'x', side: 'BUY', size: '1' }],
    ['a price of 1', { price: '1', side: 'SELL', size: '1' }],
    ['a negative size', { price: '0.45', side: 'BUY', size: '-0.01' }],
    ['a size in exponent notation', { price: '0.45', side: 'BUY', size: '1e2' }],
  ] as const)('refuses %s, even after good changes in the same event, and changes nothing', (_what, bad) => {
    const s = polledStore();
    const before = s.get(T0);
    expect(s.applyPriceChange(priceChange([{ price: '0.49', side: 'BUY', size: '1' }, bad]))).toBe(false);
    expect(s.get(T0)).toBe(before);
    expect(show(s.get(T0)!.book.bids)).toEqual(['0.49 x 100', '0.48 x 250']);
    expect(s.get(T0)!.book.hash).toBe('h-poll');
  });
});
