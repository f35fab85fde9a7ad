import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { account, FINE, harness, NO, YES } from './fixtures.js';

const a = account('alice', true);
const b = account('bob');

describe('book snapshots and midpoints', () => {
  it('aggregates levels best first, with token rules and a hash of the levels', () => {
    const h = harness();
    h.place(a, YES, 'BUY', '0.40', '10');
    h.place(b, YES, 'BUY', '0.40', '5.5');
    h.place(b, YES, 'BUY', '0.42', '7');
    h.place(a, YES, 'SELL', '0.47', '8');
    h.place(b, YES, 'SELL', '0.45', '6.25');
    h.clock.advance(1234);
    const book = h.ex.book(YES)!;
    expect(book).toEqual({
      market: '0xaaaa',
      asset_id: YES,
      timestamp: '1700000001234',
      hash: book.hash,
      bids: [
        { price: '0.42', size: '7' },
        { price: '0.4', size: '15.5' },
      ],
      asks: [
        { price: '0.45', size: '6.25' },
        { price: '0.47', size: '8' },
      ],
      min_order_size: '5',
      tick_size: '0.01',
      neg_risk: false,
      last_trade_price: '0.5',
    });
    expect(book.hash).toBe(createHash('sha1').update(`${YES}|0.42:7,0.4:15.5|0.45:6.25,0.47:8`).digest('hex'));
    expect(h.ex.midpoint(YES)).toBe('0.435');
    expect(h.ex.lastTradePrice(YES)).toBeUndefined();
    expect(h.ex.book('0xnope:0')).toBeUndefined();
    expect(h.ex.midpoint(NO)).toBeUndefined();
    expect(h.ex.book(NO)).toMatchObject({ bids: [], asks: [], last_trade_price: '0.5' });
  });

  it('midpoint is exact at half a tick; last trade price follows trades', () => {
    const h = harness();
    h.place(a, FINE, 'BUY', '0.401', '10');
    h.place(b, FINE, 'SELL', '0.404', '10');
    expect(h.ex.midpoint(FINE)).toBe('0.4025');
    h.place(b, FINE, 'SELL', '0.401', '5');
    expect(h.ex.lastTradePrice(FINE)).toBe('0.401');
    expect(h.ex.book(FINE)!.last_trade_price).toBe('0.401');
  });
});

describe('events', () => {
  it('a resting placement: PLACEMENT then one price_change with the new level size', () => {
    const h = harness();
    h.place(b, YES, 'BUY', '0.40', '5');
    h.events.length = 0;
    const res = h.place(a, YES, 'BUY', '0.40', '10');
    expect(h.events).toEqual([
      {
        type: 'order',
        address: a.address,
        event: 'PLACEMENT',
        order: expect.objectContaining({ id: res.orderID, status: 'LIVE', size_matched: '0' }),
      },
      { type: 'price_change', tokenId: YES, changes: [{ price: '0.4', side: 'BUY', size: '15' }] },
    ]);
  });

  it('a trade: order events, trade per account, last_trade_price per match, then book', () => {
    const h = harness();
    const m = h.place(b, YES, 'SELL', '0.45', '10').orderID;
    h.events.length = 0;
    const res = h.place(a, YES, 'BUY', '0.45', '6');
    expect(h.events.map((e) => [e.type, e.type === 'order' ? e.event : e.type === 'trade' ? e.address : ''])).toEqual([
      ['order', 'PLACEMENT'],
      ['order', 'UPDATE'],
      ['trade', a.address],
      ['trade', b.address],
      ['last_trade_price', ''],
      ['book', ''],
    ]);
    expect(h.events[1]).toMatchObject({ address: b.address, order: { id: m, size_matched: '6', status: 'LIVE' } });
    expect(h.events[0]).toMatchObject({ order: { id: res.orderID, status: 'MATCHED' } });
    expect(h.events[4]).toEqual({ type: 'last_trade_price', tokenId: YES, price: '0.45', side: 'BUY', size: '6' });
    expect(h.events[5]).toEqual({ type: 'book', tokenId: YES });
    expect(h.ex.operatorStats()).toEqual({ open_orders: 0, fills_total: 1 });
  });

  it('listeners may call back into the exchange; unsubscribe stops delivery', () => {
    const h = harness(false);
    const seen: string[] = [];
    const off = h.ex.subscribe((e) => {
      seen.push(e.type);
      if (e.type === 'book') seen.push(`mid=${h.ex.midpoint(YES)}`);
    });
    h.place(b, YES, 'SELL', '0.45', '10');
    h.place(b, YES, 'BUY', '0.40', '10');
    h.place(a, YES, 'BUY', '0.45', '5');
    expect(seen.at(-1)).toBe('mid=0.425');
    off();
    const before = seen.length;
    h.place(a, YES, 'BUY', '0.45', '5');
    expect(seen).toHaveLength(before);
  });
});
