/**
 * User-stream order events can overtake the reply to the executor's own POST /order: the event
 * names the order by venue id and carries our client order id, and must not be lost.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { Executor, type ExecutionVenue } from '../../src/execution/index.js';
import { Decimal } from '../../src/money.js';
import type { OpenOrder, OrderResponse } from '../../src/venue/types.js';

function heldVenue() {
  let release: (r: OrderResponse) => void = () => {};
  let posted: { client_order_id: string } | undefined;
  const venue: ExecutionVenue = {
    postTrustedOrder: (p) => {
      posted = p.order;
      return new Promise((resolve) => (release = resolve));
    },
    cancelOrder: async (p) => ({ canceled: [p.orderId], not_canceled: {} }),
    cancelMarketOrders: async () => ({ canceled: [], not_canceled: {} }),
    getOpenOrders: async () => ({ data: [], next_cursor: 'LTE=', limit: 100, count: 0 }),
  };
  return { venue, release: (r: OrderResponse) => release(r), posted: () => posted! };
}

const event = (type: string, clientOrderId: string, sizeMatched: string): OpenOrder & { type: string } => ({
  type,
  id: 'ord-1',
  status: 'LIVE',
  owner: 'k',
  maker_address: '0xa',
  market: '0xc',
  asset_id: '0xc:0',
  side: 'BUY',
  original_size: '10',
  size_matched: sizeMatched,
  price: '0.4',
  outcome: 'Yes',
  order_type: 'GTC',
  created_at: '0',
  expiration: '0',
  client_order_id: clientOrderId,
});

describe('Executor: order events before the POST reply', () => {
  it('a fill reported before the reply counts once and leaves the right size', async () => {
    const v = heldVenue();
    const ex = new Executor({
      venue: v.venue,
      clock: new FakeClock(),
      settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
      setOpenOrders: () => {},
    });
    const fills: string[] = [];
    ex.tracker.onFill((_o, shares) => fills.push(shares.toFixed()));
    ex.submit('0xc', new Decimal('0.01'), [
      { conditionId: '0xc', tokenId: '0xc:0', side: 'BUY', price: new Decimal('0.4'), size: new Decimal('10'), quoteSide: 'bid' },
    ]);
    await Promise.resolve();
    ex.applyOrderEvent(event('UPDATE', v.posted().client_order_id, '8'));
    v.release({ success: true, errorMsg: '', orderID: 'ord-1', status: 'live', makingAmount: '0', takingAmount: '0' });
    await ex.idle();
    expect(fills).toEqual(['8']);
    expect(ex.tracker.liveOf('0xc').map((o) => o.size.minus(o.matched).toFixed())).toEqual(['2']);
  });

  it('a cancellation reported before the reply leaves nothing tracked', async () => {
    const v = heldVenue();
    const ex = new Executor({
      venue: v.venue,
      clock: new FakeClock(),
      settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
      setOpenOrders: () => {},
    });
    ex.submit('0xc', new Decimal('0.01'), [
      { conditionId: '0xc', tokenId: '0xc:0', side: 'BUY', price: new Decimal('0.4'), size: new Decimal('10'), quoteSide: 'bid' },
    ]);
    await Promise.resolve();
    ex.applyOrderEvent(event('CANCELLATION', v.posted().client_order_id, '0'));
    v.release({ success: true, errorMsg: '', orderID: 'ord-1', status: 'live', makingAmount: '0', takingAmount: '0' });
    await ex.idle();
    expect(ex.tracker.openCount()).toBe(0);
  });
});
