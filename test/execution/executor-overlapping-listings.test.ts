/**
 * Two listings of the open orders in flight at once (the periodic sync, a stream reconnect's, an
 * uncertain post's settling, a market swap's): the one requested earlier may be answered later.
 * It shows an order as it was when it was requested, so an order cancelled since must not come
 * back from it as a live order adopted from the venue, whatever the other listing did meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { Executor, type ExecutionVenue } from '../../src/execution/index.js';
import { Decimal } from '../../src/money.js';
import type { OpenOrder, Paged } from '../../src/venue/types.js';

const M = '0xc';
const T = `${M}:0`;

function row(id: string, clientOrderId: string): OpenOrder {
  return {
    id,
    status: 'LIVE',
    owner: 'key',
    maker_address: '0xabc',
    market: M,
    asset_id: T,
    side: 'BUY',
    original_size: '10',
    size_matched: '0',
    price: '0.40',
    outcome: 'Yes',
    order_type: 'GTC',
    created_at: '1',
    expiration: '0',
    client_order_id: clientOrderId,
  };
}

/** A venue whose listings wait until the test answers them, in any order. */
function venueWithHeldListings() {
  const listings: ((page: Paged<OpenOrder>) => void)[] = [];
  let n = 0;
  const venue: ExecutionVenue = {
    postTrustedOrder: async () => ({
      success: true,
      errorMsg: '',
      orderID: `o${++n}`,
      status: 'live',
      makingAmount: '0',
      takingAmount: '0',
    }),
    cancelOrder: async (p) => ({ canceled: [p.orderId], not_canceled: {} }),
    cancelMarketOrders: async () => ({ canceled: ['o1'], not_canceled: {} }),
    getOpenOrders: () => new Promise((resolve) => listings.push(resolve)),
  };
  const page = (data: OpenOrder[]): Paged<OpenOrder> => ({ data, next_cursor: 'LTE=', limit: 100, count: data.length });
  return { venue, listings, page };
}

describe('Executor: listings answered out of order', () => {
  it('an order cancelled after the earlier listing was requested is not adopted from it', async () => {
    const clock = new FakeClock(1_000_000);
    const v = venueWithHeldListings();
    const ex = new Executor({
      venue: v.venue,
      clock,
      settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
      setOpenOrders: () => {},
    });
    ex.submit(M, new Decimal('0.01'), [
      { conditionId: M, tokenId: T, side: 'BUY', price: new Decimal('0.40'), size: new Decimal('10'), quoteSide: 'bid' },
    ]);
    await ex.idle();
    const placed = ex.tracker.liveOf(M);
    expect(placed.map((o) => o.id)).toEqual(['o1']);

    // The earlier listing is requested while o1 rests: it will show o1.
    const early = ex.sync(new Set([M]));
    clock.advance(500);
    ex.submit(M, new Decimal('0.01'), []);
    await ex.idle();
    expect(ex.tracker.openCount()).toBe(0);

    // A later listing is requested and answered first: o1 is gone from it.
    clock.advance(500);
    const late = ex.sync(new Set([M]));
    v.listings[1]!(v.page([]));
    await late;
    // Then the earlier one, showing o1 as it was when it was requested.
    v.listings[0]!(v.page([row('o1', placed[0]!.clientOrderId)]));
    const r = await early;
    expect(r.adopted).toBe(0);
    expect(ex.tracker.openCount()).toBe(0);
    expect(ex.tracker.byId('o1')).toBeUndefined();
    await ex.stop();
  });
});
