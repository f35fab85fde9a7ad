/**
 * Trading over real HTTP: each order type, price-time priority, self-trade prevention, fees to
 * the last decimal, positions after a sequence of fills, the data endpoints and order ownership.
 * Fee schedule pinned: rate 0.25, exponent 2, takerOnly, rebateRate 0.2.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountTrade, OpenOrder } from '../../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectArrayOf, expectError, expectShape, SHAPES } from './shapes.js';
import { orderBody, postOrder, rest, synthetic, tokenWithTick } from './trade-helpers.js';

let h: SimHarness;
let tokenId: string;
let conditionId: string;

beforeEach(async () => {
  h = await startSimHarness({ markets: 6, catalog: { fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 } } });
  const t = tokenWithTick(h, '0.01');
  tokenId = t.tokenId;
  conditionId = t.conditionId;
});
afterEach(() => h.close());

const nowSec = (): number => Math.floor(h.clock.now() / 1000);

async function openOrders(query: Record<string, string> = {}): Promise<OpenOrder[]> {
  const r = await h.signed<{ data: OpenOrder[] }>('GET', '/data/orders', { query });
  expect(r.status).toBe(200);
  return r.body.data;
}

describe('order types', () => {
  it('GTC rests and is listed, then cancels with DELETE /order', async () => {
    const r = await postOrder(h, { tokenId, side: 'BUY', price: '0.30', size: '20', clientOrderId: 'c-1' });
    expect(r.status).toBe(200);
    expectShape(r.body, SHAPES.orderResponse);
    expect(r.body).toMatchObject({ success: true, status: 'live', makingAmount: '0', takingAmount: '0' });
    const open = await openOrders();
    expectArrayOf(open, SHAPES.order);
    expect(open[0]).toMatchObject({
      id: r.body.orderID,
      side: 'BUY',
      price: '0.3',
      original_size: '20',
      size_matched: '0',
      order_type: 'GTC',
      client_order_id: 'c-1',
      market: conditionId,
    });
    const one = await h.signed('GET', `/data/order/${r.body.orderID}`);
    expect(one.status).toBe(200);
    expectShape(one.body, SHAPES.order);

    const c = await h.signed('DELETE', '/order', { body: { orderId: r.body.orderID } });
    expect(c.status).toBe(200);
    expectShape(c.body, SHAPES.cancel);
    expect(c.body).toEqual({ canceled: [r.body.orderID], not_canceled: {} });
    expect(await openOrders()).toEqual([]);
    const again = await h.signed('DELETE', '/order', { body: { orderId: r.body.orderID } });
    expect(again.body).toEqual({ canceled: [], not_canceled: { [r.body.orderID]: 'order already closed' } });
  });

  it('GTD rests until its expiration on the clock', async () => {
    const r = await postOrder(h, { tokenId, side: 'SELL', price: '0.70', size: '20', orderType: 'GTD', expiration: String(nowSec() + 60) });
    expect(r.body).toMatchObject({ success: true, status: 'live' });
    h.clock.advance(59_000);
    expect((await openOrders()).map((o) => o.id)).toEqual([r.body.orderID]);
    h.clock.advance(1_000);
    expect(await openOrders()).toEqual([]);
    const closed = await h.signed<OpenOrder>('GET', `/data/order/${r.body.orderID}`);
    expect(closed.body.status).toBe('CANCELED');
    // A GTD without an expiration is a bad parameter.
    const bad = await h.signed('POST', '/order', {
      body: orderBody(h, { tokenId, side: 'SELL', price: '0.7', size: '20', orderType: 'GTD' }),
    });
    expectError(bad, 400, 'BAD_PARAMETER', "'order.expiration'");
  });

  it('FOK fills completely or not at all', async () => {
    rest(h, synthetic(h, 0), tokenId, 'SELL', '0.50', '20');
    const refused = await postOrder(h, { tokenId, side: 'BUY', price: '0.50', size: '25', orderType: 'FOK' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, status: 'unmatched', orderID: '' });
    expect(refused.body.errorMsg).not.toBe('');
    const filled = await postOrder(h, { tokenId, side: 'BUY', price: '0.50', size: '20', orderType: 'FOK' });
    expect(filled.body).toMatchObject({ success: true, status: 'matched', makingAmount: '10', takingAmount: '20' });
  });

  it('FAK fills what it can and cancels the rest', async () => {
    rest(h, synthetic(h, 0), tokenId, 'BUY', '0.40', '15');
    const r = await postOrder(h, { tokenId, side: 'SELL', price: '0.40', size: '25', orderType: 'FAK' });
    expect(r.body).toMatchObject({ success: true, status: 'matched', makingAmount: '15', takingAmount: '6' });
    expect(await openOrders()).toEqual([]);
    const o = await h.signed<OpenOrder>('GET', `/data/order/${r.body.orderID}`);
    expect(o.body).toMatchObject({ size_matched: '15', status: 'CANCELED' });
  });

  it('post-only is refused when it would cross, and rests when it would not', async () => {
    rest(h, synthetic(h, 0), tokenId, 'SELL', '0.50', '20');
    const crossing = await postOrder(h, { tokenId, side: 'BUY', price: '0.50', size: '20', postOnly: true });
    expect(crossing.body).toMatchObject({ success: false, status: 'unmatched' });
    const resting = await postOrder(h, { tokenId, side: 'BUY', price: '0.49', size: '20', postOnly: true });
    expect(resting.body).toMatchObject({ success: true, status: 'live' });
  });

  it('rejects market-rule violations and a foreign owner with 400 naming the parameter', async () => {
    expectError(
      await h.signed('POST', '/order', { body: orderBody(h, { tokenId, side: 'BUY', price: '0.305', size: '20' }) }),
      400,
      'BAD_PARAMETER',
      'price',
    );
    expectError(
      await h.signed('POST', '/order', { body: orderBody(h, { tokenId, side: 'BUY', price: '0.3', size: '1' }) }),
      400,
      'BAD_PARAMETER',
      'size',
    );
    expectError(
      await h.signed('POST', '/order', { body: orderBody(h, { tokenId, side: 'BUY', price: '1.2', size: '20' }) }),
      400,
      'BAD_PARAMETER',
      "'order.price'",
    );
    expectError(
      await h.signed('POST', '/order', {
        body: orderBody(h, { tokenId, side: 'BUY', price: '0.3', size: '20', owner: synthetic(h, 0).apiKey }),
      }),
      400,
      'BAD_PARAMETER',
      "'owner'",
    );
    expectError(await h.signed('POST', '/order', { body: '{"order":' }), 400, 'BAD_PARAMETER', "'body'");
    expectError(await h.signed('POST', '/order', { body: { owner: h.credentials.apiKey } }), 400, 'BAD_PARAMETER', "'order'");
  });
});

describe('matching', () => {
  it('fills by price first, then time, at the resting price', async () => {
    const a = rest(h, synthetic(h, 0), tokenId, 'SELL', '0.50', '20'); // first at 0.50
    const b = rest(h, synthetic(h, 1), tokenId, 'SELL', '0.50', '20'); // second at 0.50
    const c = rest(h, synthetic(h, 2), tokenId, 'SELL', '0.49', '10'); // better price, latest
    const r = await postOrder(h, { tokenId, side: 'BUY', price: '0.50', size: '25' });
    // 10 @ 0.49 + 15 @ 0.50 = 4.9 + 7.5
    expect(r.body).toMatchObject({ success: true, status: 'matched', makingAmount: '12.4', takingAmount: '25' });
    const trades = await h.signed<{ data: AccountTrade[] }>('GET', '/data/trades');
    expect(trades.status).toBe(200);
    const mine = trades.body.data.filter((t) => t.taker_order_id === r.body.orderID);
    const makerFills = mine.flatMap((t) => t.maker_orders.map((m) => [m.order_id, m.price, m.matched_amount]));
    expect(makerFills).toEqual([
      [c.orderID, '0.49', '10'],
      [a.orderID, '0.5', '15'],
    ]);
    const book = await h.request<{ asks: unknown[] }>('GET', '/book', { query: { token_id: tokenId } });
    expect(book.body.asks).toEqual([{ price: '0.5', size: '25' }]);
    expect(h.sim.world.exchange.order(synthetic(h, 1), b.orderID)!.size_matched).toBe('0');
  });

  it('never matches an account against itself: the resting order is cancelled', async () => {
    const own = await postOrder(h, { tokenId, side: 'SELL', price: '0.50', size: '20' });
    rest(h, synthetic(h, 0), tokenId, 'SELL', '0.51', '20');
    const r = await postOrder(h, { tokenId, side: 'BUY', price: '0.51', size: '20' });
    expect(r.body).toMatchObject({ success: true, status: 'matched', makingAmount: '10.2', takingAmount: '20' });
    const ownAfter = await h.signed<OpenOrder>('GET', `/data/order/${own.body.orderID}`);
    expect(ownAfter.body).toMatchObject({ status: 'CANCELED', size_matched: '0' });
    expect(await openOrders()).toEqual([]);
  });
});

describe('fees and positions', () => {
  it('charges the taker rate x shares x (p(1-p))^2 and rebates the maker, to the micro-dollar', async () => {
    const maker = synthetic(h, 0);
    const taker2 = synthetic(h, 1);
    rest(h, maker, tokenId, 'SELL', '0.37', '17');
    const buy = await postOrder(h, { tokenId, side: 'BUY', price: '0.37', size: '17' });
    expect(buy.body).toMatchObject({ status: 'matched', makingAmount: '6.29', takingAmount: '17' });
    rest(h, taker2, tokenId, 'BUY', '0.45', '7');
    const sell = await postOrder(h, { tokenId, side: 'SELL', price: '0.45', size: '7' });
    expect(sell.body).toMatchObject({ status: 'matched', makingAmount: '7', takingAmount: '3.15' });
    // Quotes that set the midpoint (curPrice) to 0.45.
    rest(h, synthetic(h, 2), tokenId, 'BUY', '0.40', '20');
    rest(h, synthetic(h, 2), tokenId, 'SELL', '0.50', '20');

    // Buy fee: 0.25 x 17 x (0.37 x 0.63)^2 = 0.2309263425 -> 0.230926
    // Sell fee: 0.25 x 7 x (0.45 x 0.55)^2 = 0.1071984375 -> 0.107198
    // Realized: (0.45 - 0.37) x 7 - 0.230926 - 0.107198 = 0.221876
    const pos = await h.request<Record<string, unknown>[]>('GET', '/positions', { query: { user: h.credentials.address } });
    expect(pos.status).toBe(200);
    expect(pos.body).toHaveLength(1);
    expect(pos.body[0]).toMatchObject({
      asset: tokenId,
      conditionId,
      size: 10,
      avgPrice: 0.37,
      initialValue: 3.7,
      curPrice: 0.45,
      currentValue: 4.5,
      cashPnl: 0.8,
      totalBought: 17,
      realizedPnl: 0.221876,
      outcomeIndex: 0,
      oppositeAsset: `${conditionId}:1`,
    });
    // The maker of the first fill: short 17, rebate 0.2 x 0.230926 = 0.0461852 -> 0.046185.
    const makerPos = await h.request<Record<string, unknown>[]>('GET', '/positions', { query: { user: maker.address, sizeThreshold: 0 } });
    expect(makerPos.body[0]).toMatchObject({ size: -17, realizedPnl: 0.046185 });

    const trades = await h.signed<{ data: AccountTrade[] }>('GET', '/data/trades', { query: { market: conditionId } });
    expect(trades.body.data.map((t) => [t.side, t.size, t.price, t.fee_rate_bps, t.type, t.status])).toEqual([
      ['BUY', '17', '0.37', '2500', 'TAKER', 'MATCHED'],
      ['SELL', '7', '0.45', '2500', 'TAKER', 'MATCHED'],
    ]);
    expect(h.sim.stats()).toMatchObject({ open_orders: 0, fills_total: 2 });
  });
});

describe('data endpoints and ownership', () => {
  it('GET /data/trades and GET /builder/trades answer the paged envelope of 2.10 with filters', async () => {
    rest(h, synthetic(h, 0), tokenId, 'SELL', '0.50', '20');
    await postOrder(h, { tokenId, side: 'BUY', price: '0.50', size: '20' });
    const mine = await h.signed<{ data: AccountTrade[] }>('GET', '/data/trades', { query: { next_cursor: 'MA==' } });
    expectShape(mine.body, SHAPES.paged);
    expectArrayOf(mine.body.data, SHAPES.accountTrade, 'data');
    expect(mine.body.data[0]!.owner).toBe(h.credentials.apiKey);
    const builder = await h.signed<{ data: AccountTrade[] }>('GET', '/builder/trades', { query: { asset_id: tokenId } });
    expect(builder.status).toBe(200);
    expectArrayOf(builder.body.data, SHAPES.accountTrade, 'data');
    const none = await h.signed<{ data: AccountTrade[] }>('GET', '/data/trades', { query: { before: String(nowSec()) } });
    expect(none.body.data).toEqual([]);
    expectError(await h.signed('GET', '/data/trades', { query: { before: 'yesterday' } }), 400, 'BAD_PARAMETER', "'before'");
    expectError(await h.signed('GET', '/builder/trades', { query: { after: '-1' } }), 400, 'BAD_PARAMETER', "'after'");
    expectError(await h.signed('GET', '/data/orders', { query: { next_cursor: '%%%' } }), 400, 'BAD_PARAMETER', "'next_cursor'");
  });

  it("never lets an account touch another account's orders", async () => {
    const theirs = rest(h, synthetic(h, 0), tokenId, 'SELL', '0.60', '20');
    const c = await h.signed('DELETE', '/order', { body: { orderId: theirs.orderID } });
    expect(c.body).toEqual({ canceled: [], not_canceled: { [theirs.orderID]: 'order not found' } });
    expectError(await h.signed('GET', `/data/order/${theirs.orderID}`), 404, 'NOT_FOUND');
    const byMarket = await h.signed('DELETE', '/cancel-market-orders', { body: { market: conditionId } });
    expect(byMarket.body).toEqual({ canceled: [], not_canceled: {} });
    expect(h.sim.world.exchange.order(synthetic(h, 0), theirs.orderID)!.status).toBe('LIVE');
  });

  it('DELETE /cancel-market-orders cancels the caller orders of a market or asset', async () => {
    const a = await postOrder(h, { tokenId, side: 'BUY', price: '0.30', size: '20' });
    const b = await postOrder(h, { tokenId, side: 'BUY', price: '0.31', size: '20' });
    const r = await h.signed<{ canceled: string[] }>('DELETE', '/cancel-market-orders', { body: { asset_id: tokenId } });
    expect(r.status).toBe(200);
    expect([...r.body.canceled].sort()).toEqual([a.body.orderID, b.body.orderID].sort());
    expectError(await h.signed('DELETE', '/cancel-market-orders', { body: {} }), 400, 'BAD_PARAMETER', "'market'");
    expectError(await h.signed('DELETE', '/order', { body: { orderId: '' } }), 400, 'BAD_PARAMETER', "'orderId'");
  });
});
