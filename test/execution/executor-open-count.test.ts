/** The limiter's open-order count (setOpenOrders): told every change of the tracker's count, and only changes. */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { type ExecutionVenue, Executor } from '../../src/execution/executor.js';
import { Decimal } from '../../src/money.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';

const bid = (price: string): OrderIntent => ({
  conditionId: '0xc',
  tokenId: '0xc:0',
  side: 'BUY',
  price: new Decimal(price),
  size: new Decimal('10'),
  quoteSide: 'bid',
});

describe('Executor: the limiter’s open-order count', () => {
  it('hears each new count once: posts pending, confirmed, cancelled', async () => {
    let n = 0;
    const venue: ExecutionVenue = {
      postTrustedOrder: async () => ({
        success: true,
        errorMsg: '',
        orderID: `ord-${++n}`,
        status: 'live',
        makingAmount: '0',
        takingAmount: '0',
      }),
      cancelOrder: async (p) => ({ canceled: [p.orderId], not_canceled: {} }),
      cancelMarketOrders: async () => ({ canceled: ['ord-1', 'ord-2'], not_canceled: {} }),
      getOpenOrders: async () => ({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 }),
    };
    const counts: number[] = [];
    const ex = new Executor({
      venue,
      clock: new FakeClock(),
      settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
      setOpenOrders: (c) => counts.push(c),
    });
    ex.submit('0xc', new Decimal('0.01'), [bid('0.4'), bid('0.3')]);
    await ex.idle();
    // Two posts pending (1, 2), both confirmed (no change: not heard again).
    expect(counts).toEqual([1, 2]);
    expect(ex.tracker.openCount()).toBe(2);
    // Both re-priced: one cancel by market takes both (0: its answer is applied at once), then
    // two posts (1, 2).
    ex.submit('0xc', new Decimal('0.01'), [bid('0.41'), bid('0.31')]);
    await ex.idle();
    expect(counts).toEqual([1, 2, 0, 1, 2]);
    expect(ex.tracker.openCount()).toBe(2);
    await ex.stop();
  });
});
