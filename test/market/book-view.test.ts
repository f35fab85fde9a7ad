import { describe, expect, it } from 'vitest';
import { bookProblem, toBookView } from '../../src/market/book-view.js';
import type { OrderBookSnapshot } from '../../src/venue/types.js';

const snap = (over: Partial<OrderBookSnapshot> = {}): OrderBookSnapshot => ({
  market: '0xm',
  asset_id: '0xm:0',
  timestamp: '1700000000000',
  hash: 'h',
  bids: [
    { price: '0.48', size: '10' },
    { price: '0.49', size: '5.5' },
    { price: '0.47', size: '0' },
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

describe('toBookView', () => {
  it('sorts best first, drops empty levels and computes the mid exactly', () => {
    const v = toBookView(snap());
    expect(v.bids.map((l) => l.price.toString())).toEqual(['0.49', '0.48']);
    expect(v.asks.map((l) => l.price.toString())).toEqual(['0.51', '0.53']);
    expect(v.bids[0]!.size.toString()).toBe('5.5');
    expect(v.mid!.toString()).toBe('0.5');
    expect(v.tickSize.toString()).toBe('0.01');
    expect(v.lastTradePrice!.toString()).toBe('0.5');
  });

  it('has no mid when a side is empty', () => {
    expect(toBookView(snap({ asks: [] })).mid).toBeUndefined();
  });

  it('keeps decimal exactness where floats would not (0.1 + 0.2)', () => {
    const v = toBookView(snap({ bids: [{ price: '0.1', size: '1' }], asks: [{ price: '0.2', size: '1' }] }));
    expect(v.mid!.toString()).toBe('0.15');
  });
});

describe('bookProblem', () => {
  const v = toBookView(snap());
  it('accepts a fresh, uncrossed book', () => {
    expect(bookProblem(v, 1_700_000_001_000, 5_000)).toBeUndefined();
  });
  it('flags a stale book', () => {
    expect(bookProblem(v, 1_700_000_005_001, 5_000)).toBe('stale');
  });
  it('flags a crossed book', () => {
    const crossed = toBookView(snap({ bids: [{ price: '0.52', size: '1' }] }));
    expect(bookProblem(crossed, 1_700_000_000_000, 5_000)).toBe('crossed');
  });
  it('flags a timestamp that is not a number', () => {
    expect(bookProblem(toBookView(snap({ timestamp: 'abc' })), 1_700_000_000_000, 5_000)).toBe('bad-timestamp');
  });
});
