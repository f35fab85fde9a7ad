import { describe, expect, it } from 'vitest';
import { bookProblem, toBookView } from '../../src/market/book-view.js';
import { Decimal } from '../../src/money.js';
import { CheckedBook } from '../../src/venue/checked-book.js';
import type { OrderBookSnapshot } from '../../src/venue/types.js';
import { validateBook } from '../../src/venue/validate/order-book.js';

const snap = (over: Partial<OrderBookSnapshot> = {}): OrderBookSnapshot => ({
  market: '0xm',
  asset_id: '0xm:0',
  timestamp: '1700000000000',
  hash: 'h',
  // Both sides best last, as some venues send them: the check reads them reversed.
  bids: [
    { price: '0.47', size: '2' },
    { price: '0.48', size: '10' },
    { price: '0.49', size: '5.5' },
  ],
  asks: [
    { price: '0.53', size: '7' },
    { price: '0.51', size: '3.25' },
  ],
  min_order_size: '5',
  tick_size: '0.01',
  neg_risk: false,
  last_trade_price: '0.5',
  ...over,
});

/** The book as the client hands it over (the venue client runs this check on every answer). */
const checked = (over: Partial<OrderBookSnapshot> = {}): CheckedBook => validateBook('GET /book', snap(over));

describe('toBookView', () => {
  it('has the levels best first, and computes the mid exactly', () => {
    const v = toBookView(checked());
    expect(v.bids.map((l) => l.price.toString())).toEqual(['0.49', '0.48', '0.47']);
    expect(v.asks.map((l) => l.price.toString())).toEqual(['0.51', '0.53']);
    expect(v.bids[0]!.size.toString()).toBe('5.5');
    expect(v.mid!.toString()).toBe('0.5');
    expect(v.tickSize.toString()).toBe('0.01');
    expect(v.minOrderSize.toString()).toBe('5');
    expect(v.lastTradePrice!.toString()).toBe('0.5');
    expect(v.timestampMs).toBe(1_700_000_000_000);
    expect(v).toMatchObject({ tokenId: '0xm:0', market: '0xm', hash: 'h', negRisk: false });
  });

  it('has no mid when a side is empty', () => {
    expect(toBookView(checked({ asks: [] })).mid).toBeUndefined();
  });

  it('has no last trade price before the first trade ("" or "0")', () => {
    expect(toBookView(checked({ last_trade_price: '' })).lastTradePrice).toBeUndefined();
    expect(toBookView(checked({ last_trade_price: '0' })).lastTradePrice).toBeUndefined();
  });

  it('keeps decimal exactness where floats would not (0.1 + 0.2)', () => {
    const v = toBookView(checked({ bids: [{ price: '0.1', size: '1' }], asks: [{ price: '0.2', size: '1' }] }));
    expect(v.mid!.toString()).toBe('0.15');
  });

  it('reads only what the check parsed: no second parse, no second sort', () => {
    // A checked book whose text says nothing usable: the view must come from the parsed fields.
    const bids = [{ price: new Decimal('0.3'), size: new Decimal('2') }];
    const asks = [{ price: new Decimal('0.4'), size: new Decimal('1') }];
    const book = new CheckedBook({
      snapshot: snap({
        bids: [],
        asks: [],
        tick_size: 'not parsed',
        min_order_size: 'not parsed',
        last_trade_price: 'not parsed',
        timestamp: 'x',
      }),
      levels: { bids, asks },
      tickSize: new Decimal('0.01'),
      minOrderSize: new Decimal('5'),
      lastTradePrice: undefined,
      timestampMs: 1_700_000_000_000,
    });
    const v = toBookView(book);
    expect(v.bids).toBe(bids);
    expect(v.asks).toBe(asks);
    expect(v.tickSize).toBe(book.tickSize);
    expect(v.minOrderSize).toBe(book.minOrderSize);
    expect(v.timestampMs).toBe(1_700_000_000_000);
    expect(v.mid!.toString()).toBe('0.35');
    // @ts-expect-error toBookView takes the checked form only, never a raw snapshot to parse
    expect(() => toBookView(snap())).toThrow();
  });
});

describe('bookProblem', () => {
  const v = toBookView(checked());
  it('accepts a fresh, uncrossed book', () => {
    expect(bookProblem(v, 1_700_000_001_000, 5_000)).toBeUndefined();
  });
  it('flags a stale book', () => {
    expect(bookProblem(v, 1_700_000_005_001, 5_000)).toBe('stale');
  });
  it('flags a crossed book', () => {
    const crossed = toBookView(checked({ bids: [{ price: '0.52', size: '1' }] }));
    expect(bookProblem(crossed, 1_700_000_000_000, 5_000)).toBe('crossed');
  });
  it('flags a timestamp that is not a usable number (zero, or past the safe integers)', () => {
    expect(bookProblem(toBookView(checked({ timestamp: '0' })), 1_700_000_000_000, 5_000)).toBe('bad-timestamp');
    expect(bookProblem(toBookView(checked({ timestamp: '99999999999999999999' })), 1_700_000_000_000, 5_000)).toBe('bad-timestamp');
  });
});
