import { describe, expect, it } from 'vitest';
import { account, FINE, harness, MARKET_A, NO, YES } from './fixtures.js';

const alice = account('alice', true);
const bob = account('bob');

describe('cancellation', () => {
  it("cancels one order; unknown ids, other accounts' orders and closed orders are reported", () => {
    const h = harness();
    const a = h.place(alice, YES, 'BUY', '0.40', '10');
    const b = h.place(bob, YES, 'BUY', '0.41', '10');
    h.events.length = 0;
    expect(h.ex.cancelOrder(alice, a.orderID)).toEqual({ canceled: [a.orderID], not_canceled: {} });
    expect(h.events).toEqual([
      {
        type: 'order',
        address: alice.address,
        event: 'CANCELLATION',
        order: expect.objectContaining({ id: a.orderID, status: 'CANCELED' }),
      },
      { type: 'price_change', tokenId: YES, changes: [{ price: '0.4', side: 'BUY', size: '0' }] },
    ]);
    expect(h.ex.cancelOrder(alice, a.orderID)).toEqual({ canceled: [], not_canceled: { [a.orderID]: 'order already closed' } });
    expect(h.ex.cancelOrder(alice, b.orderID)).toEqual({ canceled: [], not_canceled: { [b.orderID]: 'order not found' } });
    expect(h.ex.cancelOrder(alice, '0xnope')).toEqual({ canceled: [], not_canceled: { '0xnope': 'order not found' } });
    expect(h.ex.order(alice, b.orderID)).toBeUndefined();
    expect(h.ex.order(bob, b.orderID)!.status).toBe('LIVE');
    // a filled order is closed too
    const s = h.place(alice, YES, 'SELL', '0.41', '10');
    expect(s.status).toBe('matched');
    expect(h.ex.cancelOrder(bob, b.orderID).not_canceled).toEqual({ [b.orderID]: 'order already closed' });
  });

  it('finds an order by its whole id: the counter it ends with is not enough', () => {
    const h = harness();
    const a = h.place(alice, YES, 'BUY', '0.40', '10').orderID;
    expect(a).toMatch(/^0x[0-9a-f]{64}$/);
    // Same length and counter, another hash: an id the exchange never gave.
    const forged = `0x${a.slice(2, 50).split('').reverse().join('')}${a.slice(50)}`;
    expect(forged).not.toBe(a);
    expect(h.ex.order(alice, forged)).toBeUndefined();
    expect(h.ex.cancelOrder(alice, forged)).toEqual({ canceled: [], not_canceled: { [forged]: 'order not found' } });
    expect(h.ex.cancelOrder(alice, `${a}0`)).toEqual({ canceled: [], not_canceled: { [`${a}0`]: 'order not found' } });
    expect(h.ex.order(alice, a)!.status).toBe('LIVE');
    expect(h.ex.cancelOrder(alice, a)).toEqual({ canceled: [a], not_canceled: {} });
  });

  it("cancels by market, by asset, both, and all; only the account's live orders", () => {
    const h = harness();
    const y1 = h.place(alice, YES, 'BUY', '0.40', '10').orderID;
    const n1 = h.place(alice, NO, 'BUY', '0.40', '10').orderID;
    const f1 = h.place(alice, FINE, 'BUY', '0.401', '10').orderID;
    const y2 = h.place(alice, YES, 'SELL', '0.70', '10').orderID;
    const other = h.place(bob, YES, 'BUY', '0.39', '10').orderID;
    expect(h.ex.operatorStats().open_orders).toBe(4);

    expect(h.ex.cancelMarketOrders(alice, { asset_id: NO })).toEqual({ canceled: [n1], not_canceled: {} });
    expect(h.ex.cancelMarketOrders(alice, { market: MARKET_A, asset_id: FINE })).toEqual({ canceled: [], not_canceled: {} });
    expect(h.ex.cancelMarketOrders(alice, { market: MARKET_A })).toEqual({ canceled: [y1, y2], not_canceled: {} });
    expect(h.ex.openOrders(alice, {}).map((o) => o.id)).toEqual([f1]);
    expect(h.ex.cancelAll(alice)).toEqual({ canceled: [f1], not_canceled: {} });
    expect(h.ex.openOrders(alice, {})).toEqual([]);
    expect(h.ex.operatorStats().open_orders).toBe(0);
    expect(h.ex.openOrders(bob, {}).map((o) => o.id)).toEqual([other]);
    expect(h.ex.book(YES)!.bids).toEqual([{ price: '0.39', size: '10' }]);
  });

  it('openOrders filters by market and asset_id and lists in placement order', () => {
    const h = harness();
    const y1 = h.place(alice, YES, 'BUY', '0.40', '10').orderID;
    const f1 = h.place(alice, FINE, 'BUY', '0.401', '10').orderID;
    const y2 = h.place(alice, YES, 'BUY', '0.30', '10').orderID;
    expect(h.ex.openOrders(alice, { market: MARKET_A }).map((o) => o.id)).toEqual([y1, y2]);
    expect(h.ex.openOrders(alice, { asset_id: FINE }).map((o) => o.id)).toEqual([f1]);
    expect(h.ex.openOrders(alice, { asset_id: NO })).toEqual([]);
    expect(h.ex.openOrders(account('stranger'), {})).toEqual([]);
  });

  it('forgets the oldest closed orders beyond the retention cap, never live ones', async () => {
    const { FakeClock } = await import('../../../src/clock/fake-clock.js');
    const { createSimExchange } = await import('../../../src/sim/exchange/index.js');
    const { catalog, body } = await import('./fixtures.js');
    const ex = createSimExchange({ clock: new FakeClock(), catalog, retention: { closedOrdersPerAccount: 2 } });
    const live = ex.placeOrder(alice, body(alice, YES, 'BUY', '0.10', '10')).orderID;
    const ids = [1, 2, 3].map(() => ex.placeOrder(alice, body(alice, YES, 'BUY', '0.20', '10')).orderID);
    for (const id of ids) ex.cancelOrder(alice, id);
    expect(ex.order(alice, ids[0]!)).toBeUndefined();
    expect(ex.order(alice, ids[1]!)!.status).toBe('CANCELED');
    expect(ex.order(alice, ids[2]!)!.status).toBe('CANCELED');
    expect(ex.order(alice, live)!.status).toBe('LIVE');
  });
});

describe('operator history only (backtests)', () => {
  it("keeps the operator's positions, trades and closed orders; a synthetic user's orders only while they rest", async () => {
    const { FakeClock } = await import('../../../src/clock/fake-clock.js');
    const { createSimExchange } = await import('../../../src/sim/exchange/index.js');
    const { catalog, body } = await import('./fixtures.js');
    const ex = createSimExchange({ clock: new FakeClock(1_700_000_000_000), catalog, retention: { operatorHistoryOnly: true } });
    const resting = ex.placeOrder(bob, body(bob, YES, 'SELL', '0.60', '10')).orderID;
    const filled = ex.placeOrder(bob, body(bob, YES, 'SELL', '0.50', '10')).orderID;
    expect(ex.placeOrder(alice, body(alice, YES, 'BUY', '0.50', '10')).status).toBe('matched');
    // The operator's side of the fill is all there.
    expect(ex.positions(alice.address).map((p) => [p.asset, p.size, p.avgPrice])).toEqual([[YES, 10, 0.5]]);
    expect(ex.accountTrades(alice, {}).map((t) => [t.side, t.size, t.price])).toEqual([['BUY', '10', '0.5']]);
    // The synthetic user's: counted, not kept.
    expect(ex.positions(bob.address)).toEqual([]);
    expect(ex.accountTrades(bob, {})).toEqual([]);
    expect(ex.order(bob, filled)).toBeUndefined();
    expect(ex.order(bob, resting)!.status).toBe('LIVE');
    expect(ex.cancelOrder(bob, resting)).toEqual({ canceled: [resting], not_canceled: {} });
    expect(ex.order(bob, resting)).toBeUndefined();
    expect(ex.openOrders(bob, {})).toEqual([]);
  });
});
