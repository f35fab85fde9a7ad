import { describe, expect, it } from 'vitest';
import { account, harness, YES } from './fixtures.js';

const alice = account('alice');
const bob = account('bob');

describe('self-trade prevention', () => {
  it('cancels the own resting order instead of filling it and keeps matching behind it', () => {
    const h = harness();
    const own = h.place(alice, YES, 'SELL', '0.50', '10');
    const other = h.place(bob, YES, 'SELL', '0.50', '10');
    h.events.length = 0;
    const res = h.place(alice, YES, 'BUY', '0.50', '10');
    expect(res).toMatchObject({ success: true, status: 'matched', makingAmount: '5', takingAmount: '10' });
    expect(h.ex.order(alice, own.orderID)).toMatchObject({ status: 'CANCELED', size_matched: '0' });
    expect(h.ex.order(bob, other.orderID)).toMatchObject({ status: 'MATCHED', size_matched: '10' });
    const trade = h.ex.accountTrades(alice, {})[0]!;
    expect(trade.maker_orders.map((m) => m.order_id)).toEqual([other.orderID]);
    const cancellations = h.events.filter((e) => e.type === 'order' && e.event === 'CANCELLATION');
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]).toMatchObject({ address: alice.address, order: { id: own.orderID, status: 'CANCELED' } });
    expect(h.ex.book(YES)!.asks).toEqual([]);
    expect(h.ex.positions(alice.address).map((p) => p.size)).toEqual([10]);
  });

  it('with only own orders in the way the incoming order cancels them and rests', () => {
    const h = harness();
    const own = h.place(alice, YES, 'BUY', '0.40', '10');
    const res = h.place(alice, YES, 'SELL', '0.40', '7');
    expect(res).toMatchObject({ success: true, status: 'live', makingAmount: '0', takingAmount: '0' });
    expect(h.ex.order(alice, own.orderID)!.status).toBe('CANCELED');
    const book = h.ex.book(YES)!;
    expect(book.bids).toEqual([]);
    expect(book.asks).toEqual([{ price: '0.4', size: '7' }]);
    expect(h.ex.accountTrades(alice, {})).toEqual([]);
  });

  it("FOK counts only other accounts' liquidity and changes nothing when refused", () => {
    const h = harness();
    const own = h.place(alice, YES, 'SELL', '0.50', '10');
    h.place(bob, YES, 'SELL', '0.50', '5');
    const refused = h.place(alice, YES, 'BUY', '0.50', '10', { orderType: 'FOK' });
    expect(refused).toMatchObject({ success: false, status: 'unmatched', orderID: '' });
    expect(h.ex.order(alice, own.orderID)!.status).toBe('LIVE');
    const ok = h.place(alice, YES, 'BUY', '0.50', '5', { orderType: 'FOK' });
    expect(ok).toMatchObject({ success: true, status: 'matched', takingAmount: '5' });
    expect(h.ex.order(alice, own.orderID)!.status).toBe('CANCELED');
  });
});
