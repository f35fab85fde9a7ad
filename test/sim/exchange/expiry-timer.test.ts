/**
 * GTD expiry on the clock itself (not only when someone next calls the exchange): the
 * CANCELLATION event and the book change go out when the expiry second comes, and close()
 * leaves no timer behind.
 */
import { describe, expect, it } from 'vitest';
import { account, harness, YES } from './fixtures.js';

const alice = account('alice', true);
const T0 = 1_700_000_000; // the harness clock, Unix seconds

describe('GTD expiry timer', () => {
  it('cancels the order and announces it when the clock reaches the expiry, with no call in between', () => {
    const h = harness();
    const late = h.place(alice, YES, 'BUY', '0.40', '10', { orderType: 'GTD', expiration: String(T0 + 120) });
    const early = h.place(alice, YES, 'BUY', '0.41', '10', { orderType: 'GTD', expiration: String(T0 + 60) });
    h.events.length = 0;

    h.clock.advance(59_999);
    expect(h.events).toEqual([]);
    h.clock.advance(1);
    expect(h.events.filter((e) => e.type === 'order')).toEqual([
      {
        type: 'order',
        address: alice.address,
        event: 'CANCELLATION',
        order: expect.objectContaining({ id: early.orderID, status: 'CANCELED' }),
      },
    ]);
    expect(h.events).toContainEqual({ type: 'price_change', tokenId: YES, changes: [{ price: '0.41', side: 'BUY', size: '0' }] });

    h.events.length = 0;
    h.clock.advance(60_000);
    expect(h.events.filter((e) => e.type === 'order').map((e) => (e as { order: { id: string } }).order.id)).toEqual([late.orderID]);
    expect(h.ex.operatorStats().open_orders).toBe(0);
    expect(h.clock.pendingTimers).toBe(0);
  });

  it('re-arms for an earlier expiry placed later, skips cancelled orders, and close() clears the timer', () => {
    const h = harness();
    h.place(alice, YES, 'BUY', '0.40', '10', { orderType: 'GTD', expiration: String(T0 + 600) });
    expect(h.clock.pendingTimers).toBe(1);
    const soon = h.place(alice, YES, 'BUY', '0.39', '10', { orderType: 'GTD', expiration: String(T0 + 5) });
    expect(h.clock.pendingTimers).toBe(1);
    expect(h.clock.nextTimerAt()).toBe((T0 + 5) * 1000);
    h.ex.cancelOrder(alice, soon.orderID);
    h.events.length = 0;
    h.clock.advance(5_000);
    expect(h.events).toEqual([]); // the cancelled order's queue entry expires silently
    expect(h.clock.nextTimerAt()).toBe((T0 + 600) * 1000);
    h.ex.close();
    expect(h.clock.pendingTimers).toBe(0);
    // Still usable afterwards; expiry is lazy again.
    h.clock.advance(600_000);
    expect(h.ex.openOrders(alice, {})).toEqual([]);
  });
});
