import { describe, expect, it } from 'vitest';
import { ErrorCode, isMakerdError } from '../../../src/errors.js';
import { account, body, FINE, harness, YES } from './fixtures.js';

const alice = account('alice');
const bob = account('bob');

function badParam(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (isMakerdError(err, ErrorCode.BAD_PARAMETER)) return err.message;
    throw err;
  }
  throw new Error('expected a BAD_PARAMETER error');
}

describe('GTC', () => {
  it('rests until cancelled and is listed as an open order', () => {
    const h = harness();
    const res = h.place(alice, YES, 'BUY', '0.45', '10', { clientOrderId: 'c-1' });
    expect(res).toEqual({ success: true, errorMsg: '', orderID: res.orderID, status: 'live', makingAmount: '0', takingAmount: '0' });
    expect(res.orderID).toMatch(/^0x[0-9a-f]{64}$/);
    h.clock.advance(3_600_000);
    expect(h.ex.openOrders(alice, {})).toEqual([
      {
        id: res.orderID,
        status: 'LIVE',
        owner: alice.apiKey,
        maker_address: alice.address,
        market: '0xaaaa',
        asset_id: YES,
        side: 'BUY',
        original_size: '10',
        size_matched: '0',
        price: '0.45',
        outcome: 'Yes',
        order_type: 'GTC',
        created_at: '1700000000',
        expiration: '0',
        client_order_id: 'c-1',
      },
    ]);
  });
});

describe('GTD', () => {
  it('rests until its expiration second, then is cancelled (lazily and by expire())', () => {
    const h = harness();
    const res = h.place(alice, YES, 'SELL', '0.60', '10', { orderType: 'GTD', expiration: '1700000060' });
    expect(res.status).toBe('live');
    h.clock.advance(59_999);
    expect(h.ex.book(YES)!.asks).toEqual([{ price: '0.6', size: '10' }]);
    h.events.length = 0;
    h.clock.advance(1);
    h.ex.expire();
    expect(h.events).toEqual([
      {
        type: 'order',
        address: alice.address,
        event: 'CANCELLATION',
        order: expect.objectContaining({ id: res.orderID, status: 'CANCELED', expiration: '1700000060' }),
      },
      { type: 'price_change', tokenId: YES, changes: [{ price: '0.6', side: 'SELL', size: '0' }] },
    ]);
    expect(h.ex.book(YES)!.asks).toEqual([]);
    expect(h.ex.cancelOrder(alice, res.orderID)).toEqual({ canceled: [], not_canceled: { [res.orderID]: 'order already closed' } });
  });

  it('an expired order never fills: a crossing order placed after expiry rests instead', () => {
    const h = harness();
    h.place(alice, YES, 'SELL', '0.60', '10', { orderType: 'GTD', expiration: '1700000010' });
    h.clock.advance(10_000);
    const res = h.place(bob, YES, 'BUY', '0.60', '10');
    expect(res).toMatchObject({ status: 'live', takingAmount: '0' });
    expect(h.ex.openOrders(alice, {})).toEqual([]);
  });

  it('refuses an expiration that is not in the future', () => {
    const h = harness();
    const msg = badParam(() => h.place(alice, YES, 'BUY', '0.5', '10', { orderType: 'GTD', expiration: '1700000000' }));
    expect(msg).toContain("'order.expiration' must be in the future");
  });
});

describe('FOK', () => {
  it('fills completely across levels or not at all', () => {
    const h = harness();
    h.place(bob, YES, 'SELL', '0.50', '6');
    h.place(bob, YES, 'SELL', '0.51', '6');
    const refused = h.place(alice, YES, 'BUY', '0.51', '13', { orderType: 'FOK' });
    expect(refused).toEqual({
      success: false,
      errorMsg: 'FOK order could not be filled completely at its price',
      orderID: '',
      status: 'unmatched',
      makingAmount: '0',
      takingAmount: '0',
    });
    expect(h.ex.book(YES)!.asks).toHaveLength(2);
    const filled = h.place(alice, YES, 'BUY', '0.51', '12', { orderType: 'FOK' });
    expect(filled).toMatchObject({ success: true, status: 'matched', makingAmount: '6.06', takingAmount: '12' });
    expect(h.ex.order(alice, filled.orderID)).toMatchObject({ status: 'MATCHED', order_type: 'FOK', size_matched: '12' });
  });
});

describe('FAK', () => {
  it('fills what it can and cancels the rest', () => {
    const h = harness();
    h.place(bob, YES, 'BUY', '0.50', '7');
    h.events.length = 0;
    const res = h.place(alice, YES, 'SELL', '0.50', '10', { orderType: 'FAK' });
    expect(res).toMatchObject({ success: true, status: 'matched', makingAmount: '7', takingAmount: '3.5' });
    expect(h.ex.order(alice, res.orderID)).toMatchObject({ status: 'CANCELED', size_matched: '7', original_size: '10' });
    expect(h.ex.book(YES)!.asks).toEqual([]);
    expect(h.ex.openOrders(alice, {})).toEqual([]);
    const own = h.events.filter((e) => e.type === 'order' && e.address === alice.address).map((e) => e.type === 'order' && e.event);
    expect(own).toEqual(['PLACEMENT', 'CANCELLATION']);
  });

  it('is refused when nothing crosses', () => {
    const h = harness();
    h.place(bob, YES, 'BUY', '0.49', '7');
    const res = h.place(alice, YES, 'SELL', '0.50', '10', { orderType: 'FAK' });
    expect(res).toMatchObject({ success: false, status: 'unmatched', orderID: '' });
    expect(res.errorMsg).toContain('FAK');
  });
});

describe('post-only', () => {
  it('rests when it does not cross and is refused (not matched) when it would', () => {
    const h = harness();
    h.place(bob, YES, 'SELL', '0.55', '10');
    expect(h.place(alice, YES, 'BUY', '0.54', '10', { postOnly: true })).toMatchObject({ success: true, status: 'live' });
    const res = h.place(alice, YES, 'BUY', '0.55', '10', { postOnly: true });
    expect(res).toEqual({
      success: false,
      errorMsg: 'post-only order would cross the book',
      orderID: '',
      status: 'unmatched',
      makingAmount: '0',
      takingAmount: '0',
    });
    expect(h.ex.book(YES)!.asks).toEqual([{ price: '0.55', size: '10' }]);
    expect(h.ex.accountTrades(alice, {})).toEqual([]);
  });

  it('works with GTD', () => {
    const h = harness();
    const res = h.place(alice, YES, 'SELL', '0.70', '5', { postOnly: true, orderType: 'GTD', expiration: '1700000100' });
    expect(res.status).toBe('live');
  });
});

describe('market-dependent parameter checks (400 BAD_PARAMETER)', () => {
  it('tick size', () => {
    const h = harness();
    expect(badParam(() => h.place(alice, YES, 'BUY', '0.455', '10'))).toBe(
      `POST /order: parameter 'order.price' must be a multiple of the tick size 0.01 (got "0.455")`,
    );
    expect(h.place(alice, FINE, 'BUY', '0.455', '10').success).toBe(true);
    expect(badParam(() => h.place(alice, FINE, 'BUY', '0.4555', '10'))).toContain('tick size 0.001');
    expect(h.place(alice, YES, 'BUY', '0.4500', '10').success).toBe(true);
  });

  it('minimum size, size decimals and maximum size', () => {
    const h = harness();
    expect(badParam(() => h.place(alice, YES, 'BUY', '0.45', '4.99'))).toContain("'order.size' must be at least the minimum order size 5");
    expect(badParam(() => h.place(alice, YES, 'BUY', '0.45', '5.001'))).toContain('at most 2 decimal places');
    expect(badParam(() => h.place(alice, YES, 'BUY', '0.45', '10000000.01'))).toContain('at most 10000000 shares');
    expect(h.place(alice, YES, 'BUY', '0.45', '5').success).toBe(true);
    expect(h.place(alice, YES, 'BUY', '0.45', '5.010').success).toBe(true);
  });

  it('unknown token and owner mismatch', () => {
    const h = harness();
    expect(badParam(() => h.place(alice, '0xdead:0', 'BUY', '0.45', '10'))).toContain("'order.asset_id'");
    const msg = badParam(() => h.ex.placeOrder(alice, body(bob, YES, 'BUY', '0.45', '10')));
    expect(msg).toContain("'owner' must be the api key of the authenticated account");
    expect(msg).not.toContain(bob.apiKey);
  });

  it('a refused order consumes no order id', () => {
    const a = harness();
    const b = harness();
    a.place(bob, YES, 'SELL', '0.50', '10');
    b.place(bob, YES, 'SELL', '0.50', '10');
    expect(() => a.place(alice, YES, 'BUY', '0.455', '10')).toThrow();
    expect(a.place(alice, YES, 'BUY', '0.50', '10', { postOnly: true }).success).toBe(false);
    expect(a.place(alice, YES, 'BUY', '0.50', '20', { orderType: 'FOK' }).success).toBe(false);
    expect(a.place(alice, YES, 'BUY', '0.45', '10', { orderType: 'FAK' }).success).toBe(false);
    expect(a.place(alice, YES, 'BUY', '0.44', '10').orderID).toBe(b.place(alice, YES, 'BUY', '0.44', '10').orderID);
  });
});
