import { describe, expect, it } from 'vitest';
import { account, harness, YES } from './fixtures.js';

const alice = account('alice');
const bob = account('bob');
const carol = account('carol');
const taker = account('taker');

describe('price-time priority', () => {
  it("fills the best price first, then earlier orders within a level, at the makers' prices", () => {
    const h = harness();
    const a1 = h.place(alice, YES, 'SELL', '0.52', '10');
    const b1 = h.place(bob, YES, 'SELL', '0.50', '10');
    const c1 = h.place(carol, YES, 'SELL', '0.50', '10');
    const a2 = h.place(alice, YES, 'SELL', '0.51', '10');

    const res = h.place(taker, YES, 'BUY', '0.52', '25');
    // 10 @ 0.50 (bob, first at best), 10 @ 0.50 (carol), 5 @ 0.51 (alice's second order)
    expect(res).toEqual({
      success: true,
      errorMsg: '',
      orderID: res.orderID,
      status: 'matched',
      makingAmount: '12.55',
      takingAmount: '25',
    });
    expect(h.ex.order(bob, b1.orderID)).toMatchObject({ status: 'MATCHED', size_matched: '10' });
    expect(h.ex.order(carol, c1.orderID)).toMatchObject({ status: 'MATCHED', size_matched: '10' });
    expect(h.ex.order(alice, a2.orderID)).toMatchObject({ status: 'LIVE', size_matched: '5', original_size: '10' });
    expect(h.ex.order(alice, a1.orderID)).toMatchObject({ status: 'LIVE', size_matched: '0' });
    const trade = h.ex.accountTrades(taker, {})[0]!;
    expect(trade.maker_orders.map((m) => [m.order_id, m.price, m.matched_amount])).toEqual([
      [b1.orderID, '0.5', '10'],
      [c1.orderID, '0.5', '10'],
      [a2.orderID, '0.51', '5'],
    ]);
    expect(h.ex.book(YES)!.asks).toEqual([
      { price: '0.51', size: '5' },
      { price: '0.52', size: '10' },
    ]);
  });

  it('a SELL crosses bids at or above its limit, best (highest) first, and rests its remainder', () => {
    const h = harness();
    h.place(alice, YES, 'BUY', '0.40', '10');
    h.place(bob, YES, 'BUY', '0.45', '6');
    h.place(carol, YES, 'BUY', '0.39', '10');
    const res = h.place(taker, YES, 'SELL', '0.40', '20');
    // 6 @ 0.45 + 10 @ 0.40 = 2.7 + 4 = 6.7 USDC; 4 shares rest at 0.40
    expect(res).toMatchObject({ success: true, status: 'live', makingAmount: '16', takingAmount: '6.7' });
    const book = h.ex.book(YES)!;
    expect(book.bids).toEqual([{ price: '0.39', size: '10' }]);
    expect(book.asks).toEqual([{ price: '0.4', size: '4' }]);
    expect(h.ex.order(taker, res.orderID)).toMatchObject({ status: 'LIVE', original_size: '20', size_matched: '16', price: '0.4' });
  });

  it('a later order at a better price goes first; an order that does not cross rests', () => {
    const h = harness();
    const first = h.place(alice, YES, 'SELL', '0.60', '5');
    const better = h.place(bob, YES, 'SELL', '0.59', '5');
    const noCross = h.place(taker, YES, 'BUY', '0.58', '5');
    expect(noCross).toMatchObject({ status: 'live', makingAmount: '0', takingAmount: '0' });
    h.place(taker, YES, 'BUY', '0.60', '5');
    expect(h.ex.order(bob, better.orderID)!.status).toBe('MATCHED');
    expect(h.ex.order(alice, first.orderID)!.status).toBe('LIVE');
    expect(h.ex.lastTradePrice(YES)).toBe('0.59');
  });

  it('partial fill of a resting order keeps its place at the head of the level', () => {
    const h = harness();
    const a = h.place(alice, YES, 'BUY', '0.30', '20');
    const b = h.place(bob, YES, 'BUY', '0.30', '20');
    h.place(taker, YES, 'SELL', '0.30', '5');
    h.place(taker, YES, 'SELL', '0.30', '10');
    expect(h.ex.order(alice, a.orderID)).toMatchObject({ size_matched: '15', status: 'LIVE' });
    expect(h.ex.order(bob, b.orderID)).toMatchObject({ size_matched: '0' });
    h.place(taker, YES, 'SELL', '0.30', '10');
    expect(h.ex.order(alice, a.orderID)).toMatchObject({ size_matched: '20', status: 'MATCHED' });
    expect(h.ex.order(bob, b.orderID)).toMatchObject({ size_matched: '5', status: 'LIVE' });
    expect(h.ex.book(YES)!.bids).toEqual([{ price: '0.3', size: '15' }]);
  });
});
