import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../src/clock/fake-clock.js';
import { createSimExchange } from '../../../src/sim/exchange/index.js';
import { account, body, catalog, harness, MARKET_A, NO, YES } from './fixtures.js';

const alice = account('alice', true);
const bob = account('bob');

describe('answers whose ids are made when read (a backtest flow)', () => {
  it('a placement answers the same values as placeOrder, the id included', () => {
    const venue = harness(false);
    const lazy = harness(false);
    const steps: [typeof alice, string, 'BUY' | 'SELL', string, string][] = [
      [bob, YES, 'SELL', '0.55', '10'],
      [bob, YES, 'SELL', '0.56', '7.5'],
      [alice, YES, 'BUY', '0.56', '12.25'],
      [alice, NO, 'BUY', '0.3', '5'],
    ];
    for (const [acct, token, side, price, size] of steps) {
      const a = venue.ex.placeOrder(acct, body(acct, token, side, price, size));
      const b = lazy.ex.placeOrderLazyId(acct, body(acct, token, side, price, size));
      expect({
        success: b.success,
        errorMsg: b.errorMsg,
        orderID: b.orderID,
        status: b.status,
        makingAmount: b.makingAmount,
        takingAmount: b.takingAmount,
      }).toEqual(a);
    }
    // Takes the 5.25 shares left at 0.56 (2.94 USDC); 7 rest.
    const c = lazy.ex.placeOrderLazyId(alice, body(alice, YES, 'BUY', '0.56', '12.25'));
    expect([c.status, c.makingAmount, c.takingAmount]).toEqual(['live', '2.94', '5.25']);
    expect(lazy.ex.order(alice, c.orderID)).toMatchObject({ status: 'LIVE', original_size: '12.25', size_matched: '5.25' });
  });

  it('refusals and parameter errors are those of placeOrder', () => {
    const h = harness(false);
    expect(h.ex.placeOrderLazyId(bob, body(bob, YES, 'BUY', '0.5', '10', { orderType: 'FAK' }))).toEqual({
      success: false,
      errorMsg: 'FAK order found no resting orders to match at its price',
      orderID: '',
      status: 'unmatched',
      makingAmount: '0',
      takingAmount: '0',
    });
    expect(() => h.ex.placeOrderLazyId(bob, body(bob, YES, 'BUY', '0.505', '10'))).toThrow(/tick size 0.01/);
  });

  it('a market cancel counts the orders and lists the same ids as cancelMarketOrders, in placement order', () => {
    const venue = harness(false);
    const lazy = harness(false);
    for (const h of [venue, lazy]) {
      h.place(bob, YES, 'BUY', '0.40', '10');
      h.place(bob, NO, 'BUY', '0.30', '10');
      h.place(bob, YES, 'SELL', '0.60', '10');
      h.place(alice, YES, 'BUY', '0.41', '10');
    }
    const a = venue.ex.cancelMarketOrders(bob, { market: MARKET_A });
    const b = lazy.ex.cancelMarketOrdersLazyIds(bob, { market: MARKET_A });
    expect(b.count).toBe(3);
    expect(b.canceled).toEqual(a.canceled);
    expect(b.not_canceled).toEqual({});
    expect(lazy.ex.openOrders(bob, {})).toEqual([]);
    expect(lazy.ex.openOrders(alice, {}).map((o) => o.price)).toEqual(['0.41']);
    expect(lazy.ex.cancelMarketOrdersLazyIds(bob, { asset_id: YES }).count).toBe(0);
  });
});

describe('orders remembered for order(id)', () => {
  it('an account without history never remembers an order that did not rest; one with history does', () => {
    const ex = createSimExchange({ clock: new FakeClock(1_700_000_000_000), catalog, retention: { operatorHistoryOnly: true } });
    ex.placeOrder(alice, body(alice, YES, 'SELL', '0.50', '20'));
    const taker = ex.placeOrder(bob, body(bob, YES, 'BUY', '0.50', '10', { orderType: 'FAK' }));
    expect(taker.status).toBe('matched');
    expect(ex.order(bob, taker.orderID)).toBeUndefined();
    ex.placeOrder(bob, body(bob, NO, 'SELL', '0.40', '10'));
    const own = ex.placeOrder(alice, body(alice, NO, 'BUY', '0.40', '10', { orderType: 'FAK' }));
    expect(own.status).toBe('matched');
    expect(ex.order(alice, own.orderID)).toMatchObject({ status: 'MATCHED', size_matched: '10' });
    expect(ex.cancelOrder(alice, own.orderID)).toEqual({ canceled: [], not_canceled: { [own.orderID]: 'order already closed' } });
  });

  it('an account without history finds each of its live orders by its whole id', () => {
    const ex = createSimExchange({ clock: new FakeClock(1_700_000_000_000), catalog, retention: { operatorHistoryOnly: true } });
    const ids = ['0.41', '0.42', '0.43'].map((p) => ex.placeOrder(bob, body(bob, YES, 'BUY', p, '10')).orderID);
    expect(ids.map((id) => ex.order(bob, id)?.price)).toEqual(['0.41', '0.42', '0.43']);
    expect(ex.order(alice, ids[1]!)).toBeUndefined();
    const forged = `${ids[1]!.slice(0, 2)}${ids[1]!.slice(2, 50).split('').reverse().join('')}${ids[1]!.slice(50)}`;
    expect(ex.order(bob, forged)).toBeUndefined();
    expect(ex.cancelOrder(bob, ids[1]!)).toEqual({ canceled: [ids[1]], not_canceled: {} });
    expect(ex.order(bob, ids[1]!)).toBeUndefined();
    expect(ex.order(bob, ids[2]!)?.status).toBe('LIVE');
  });
});
