/**
 * The paper venue: the executor's venue contract answered from virtual orders, public market
 * events driving their fills, and each fill told as the venue would tell it (an account trade the
 * live fill attribution reads, an order UPDATE the executor's tracker applies).
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ErrorCode } from '../../src/errors.js';
import { Executor } from '../../src/execution/executor.js';
import { Decimal } from '../../src/money.js';
import { PaperVenue } from '../../src/paper/paper-venue.js';
import { fillsFromAccountTrade } from '../../src/portfolio/fill-attribution.js';
import type { AccountTrade, OpenOrder } from '../../src/venue/types.js';

const M = '0xm1';
const T0 = `${M}:0`;
const ACCOUNT = { address: 'paper', apiKey: 'paper' };
const FEES = { rate: new Decimal('0.02'), exponent: 1, takerOnly: true, rebateRate: new Decimal('0.25') };

function venue(clock = new FakeClock(1_767_225_600_000)) {
  const v = new PaperVenue({ clock, account: ACCOUNT, runId: 'run1' });
  const heard: { trade: AccountTrade; order: OpenOrder & { type: string } }[] = [];
  v.onFill((trade, order) => heard.push({ trade, order }));
  const ts = String(clock.now());
  v.onBook({
    event_type: 'book',
    asset_id: T0,
    market: M,
    bids: [{ price: '0.48', size: '30' }],
    asks: [{ price: '0.52', size: '30' }],
    tick_size: '0.01',
    timestamp: ts,
    hash: 'h',
  });
  return { v, heard, clock, ts };
}

const post = (v: PaperVenue, side: 'BUY' | 'SELL', price: string, size: string, postOnly = true) =>
  v.postTrustedOrder({
    order: { asset_id: T0, side, price, size, expiration: '0', client_order_id: `c-${price}` },
    orderType: 'GTC',
    postOnly,
  });

describe('PaperVenue', () => {
  it('rests post-only orders, refuses what would cross or has no book, lists and cancels them', async () => {
    const { v } = venue();
    const placed = await post(v, 'BUY', '0.48', '20');
    expect(placed).toEqual({ success: true, errorMsg: '', orderID: 'run1-o1', status: 'live', makingAmount: '0', takingAmount: '0' });
    expect(await post(v, 'BUY', '0.52', '1')).toMatchObject({
      success: false,
      status: 'unmatched',
      errorMsg: expect.stringMatching(/post-only/),
    });
    expect(await post(v, 'SELL', '0.5', '1', false)).toMatchObject({ success: false, errorMsg: 'paper mode places post-only orders only' });
    expect(v.stats).toMatchObject({ placed: 1, refused: 1 });

    const listed = await v.getOpenOrders({ market: M });
    expect(listed.data.map((o) => [o.id, o.side, o.price, o.original_size, o.size_matched, o.client_order_id, o.status])).toEqual([
      ['run1-o1', 'BUY', '0.48', '20', '0', 'c-0.48', 'LIVE'],
    ]);
    expect(listed.next_cursor).toBe('LTE=');
    expect(await v.cancelOrder({ orderId: 'run1-o1' })).toEqual({ canceled: ['run1-o1'], not_canceled: {} });
    expect(await v.cancelOrder({ orderId: 'run1-o1' })).toEqual({ canceled: [], not_canceled: { 'run1-o1': 'order not found' } });
    await post(v, 'BUY', '0.47', '1');
    await post(v, 'SELL', '0.53', '1');
    expect(await v.cancelMarketOrders({ market: M })).toEqual({ canceled: ['run1-o2', 'run1-o3'], not_canceled: {} });
    expect(v.openCount).toBe(0);
    expect(v.model.orders()).toEqual([]);
  });

  it("holds an order for a token whose book the stream has not brought yet, and queues it at the book's arrival", async () => {
    const { v, ts } = venue();
    const T1 = `${M}:1`;
    const gone: OpenOrder[] = [];
    v.onGone((o) => gone.push(o));
    const postT1 = (side: 'BUY' | 'SELL', price: string) =>
      v.postTrustedOrder({
        order: { asset_id: T1, side, price, size: '5', expiration: '0', client_order_id: price },
        orderType: 'GTC',
        postOnly: true,
      });
    expect(await postT1('BUY', '0.3')).toMatchObject({ success: true, status: 'live', orderID: 'run1-o1' });
    expect(await postT1('BUY', '0.45')).toMatchObject({ success: true, status: 'live', orderID: 'run1-o2' });
    expect(await postT1('BUY', '0.2')).toMatchObject({ success: true, orderID: 'run1-o3' });
    expect(await v.cancelOrder({ orderId: 'run1-o3' })).toEqual({ canceled: ['run1-o3'], not_canceled: {} });
    expect(v.model.orders(T1)).toEqual([]);
    expect(v.openCount).toBe(2);
    // The book comes: 0.3 joins behind 12; 0.45 would cross the ask at 0.44 and is dropped, told as a cancellation.
    v.onBook({
      event_type: 'book',
      asset_id: T1,
      market: M,
      bids: [{ price: '0.3', size: '12' }],
      asks: [{ price: '0.44', size: '9' }],
      tick_size: '0.01',
      timestamp: ts,
      hash: 'h1',
    });
    expect(v.model.orders(T1).map((o) => [o.id, o.queueAhead.toFixed()])).toEqual([['run1-o1', '12']]);
    expect(gone.map((o) => [o.id, o.status])).toEqual([['run1-o2', 'CANCELED']]);
    expect(gone[0]).toMatchObject({ type: 'CANCELLATION' });
    expect(v.openCount).toBe(1);
    expect(v.stats).toMatchObject({ placed: 3, refused: 1, cancelled: 1 });
  });

  it('honours the stop signal as the venue client does', async () => {
    const { v } = venue();
    const stop = new AbortController();
    stop.abort();
    await expect(v.cancelOrder({ orderId: 'x' }, { signal: stop.signal })).rejects.toMatchObject({ code: ErrorCode.ABORTED });
  });

  it('tells each fill as a maker account trade and an order UPDATE; the live attribution counts it', async () => {
    const { v, heard, clock } = venue();
    await post(v, 'BUY', '0.48', '20');
    clock.advance(5_000);
    const at = String(clock.now());
    // 35 sold at 0.48: 30 were ahead, 5 are ours.
    v.onTrade({ event_type: 'last_trade_price', asset_id: T0, market: M, price: '0.48', side: 'SELL', size: '35', timestamp: at });
    expect(heard).toHaveLength(1);
    const { trade, order } = heard[0]!;
    expect(order).toMatchObject({ type: 'UPDATE', id: 'run1-o1', size_matched: '5', original_size: '20', status: 'LIVE' });
    const fills = fillsFromAccountTrade(trade, ACCOUNT, FEES);
    expect(
      fills.map((f) => [
        f.tradeId,
        f.role,
        f.side,
        f.price.toFixed(),
        f.size.toFixed(),
        f.fee.toFixed(),
        f.rebate.toFixed(),
        f.timestampMs,
      ]),
    ).toEqual([
      // rebate = 0.25 x round6(0.02 x 5 x 0.48 x 0.52) = 0.25 x 0.02496 = 0.00624
      ['run1-t1:maker:run1-o1', 'maker', 'BUY', '0.48', '5', '0', '0.00624', Number(at)],
    ]);
    // As GET /data/trades: strictly after a second.
    const sec = Math.floor(Number(at) / 1000);
    expect((await v.getAccountTrades({ after: sec - 1 })).data).toEqual([trade]);
    expect((await v.getAccountTrades({ after: sec })).data).toEqual([]);

    // A book event without the level: the rest is first in line; 15 more sold fills it.
    v.onPriceChange({
      event_type: 'price_change',
      asset_id: T0,
      market: M,
      changes: [{ price: '0.48', side: 'BUY', size: '0' }],
      timestamp: at,
      hash: 'h2',
    });
    v.onTrade({ event_type: 'last_trade_price', asset_id: T0, market: M, price: '0.48', side: 'SELL', size: '15', timestamp: at });
    expect(heard.map((x) => [x.order.size_matched, x.order.status])).toEqual([
      ['5', 'LIVE'],
      ['20', 'MATCHED'],
    ]);
    expect(v.openCount).toBe(0);
    expect(v.stats).toMatchObject({ fills: 2, publicTrades: 2, bookEvents: 2 });
    expect(v.stats.filledShares.toFixed()).toBe('20');
  });

  it('is the venue of the daemon executor: placed through its diff, filled into its tracker', async () => {
    const { v, clock, ts } = venue();
    const exec = new Executor({
      venue: v,
      clock,
      settings: { repriceTicks: 0, resizeFraction: 0, cancelMarketFraction: 0.5 },
      setOpenOrders: () => {},
      nextClientOrderId: (() => {
        let n = 0;
        return () => `mk-${++n}`;
      })(),
    });
    v.onFill((_trade, order) => exec.applyOrderEvent(order));
    const wanted = [
      { conditionId: M, tokenId: T0, side: 'BUY' as const, price: new Decimal('0.48'), size: new Decimal('10'), quoteSide: 'bid' as const },
    ];
    exec.submit(M, new Decimal('0.01'), wanted);
    await exec.idle();
    expect(exec.tracker.liveOf(M).map((o) => [o.id, o.clientOrderId, o.price.toFixed(), o.size.toFixed()])).toEqual([
      ['run1-o1', 'mk-1', '0.48', '10'],
    ]);
    v.onTrade({ event_type: 'last_trade_price', asset_id: T0, market: M, price: '0.47', side: 'SELL', size: '4', timestamp: ts });
    expect(exec.tracker.liveOf(M).map((o) => o.matched.toFixed())).toEqual(['4']);
    // Wanted nothing: cancelled at the paper venue.
    exec.submit(M, new Decimal('0.01'), []);
    await exec.idle();
    expect(exec.tracker.openCount()).toBe(0);
    expect(v.openCount).toBe(0);
    expect(exec.stats).toBeDefined();
  });
});

describe('PaperVenue GTD expiry', () => {
  const gtd = (v: PaperVenue, price: string, expiration: string) =>
    v.postTrustedOrder({
      order: { asset_id: T0, side: 'BUY', price, size: '20', expiration, client_order_id: `g-${price}` },
      orderType: 'GTD',
      postOnly: true,
    });

  function listen(v: PaperVenue) {
    const gone: string[] = [];
    v.onGone((o) => gone.push(`${o.id} ${o.status} ${o.type}`));
    return gone;
  }

  it('refuses a GTD expiration that is not in the future, as the venue', async () => {
    const { v, clock } = venue();
    const nowSec = clock.now() / 1000;
    await expect(gtd(v, '0.48', String(nowSec))).rejects.toMatchObject({
      code: ErrorCode.BAD_PARAMETER,
      message: `POST /order: parameter 'order.expiration' must be in the future for GTD orders (now ${nowSec}) (got "${nowSec}")`,
    });
    await expect(gtd(v, '0.48', 'soon')).rejects.toMatchObject({ code: ErrorCode.BAD_PARAMETER });
    expect(v.openCount).toBe(0);
  });

  it('removes the order on time with no event coming, told as a CANCELLATION; a GTC order stays', async () => {
    const { v, clock } = venue();
    const gone = listen(v);
    const nowSec = clock.now() / 1000;
    await gtd(v, '0.48', String(nowSec + 10));
    await gtd(v, '0.47', String(nowSec + 20));
    await post(v, 'BUY', '0.46', '5');
    expect(clock.nextTimerAt()).toBe((nowSec + 10) * 1000);

    clock.advance(9_999);
    expect(gone).toEqual([]);
    clock.advance(1);
    expect(gone).toEqual(['run1-o1 CANCELED CANCELLATION']);
    expect(clock.nextTimerAt()).toBe((nowSec + 20) * 1000);
    clock.advance(10_000);
    expect(gone).toEqual(['run1-o1 CANCELED CANCELLATION', 'run1-o2 CANCELED CANCELLATION']);
    expect((await v.getOpenOrders({})).data.map((o) => o.id)).toEqual(['run1-o3']);
    expect(v.model.orders().map((o) => o.id)).toEqual(['run1-o3']);
    expect(v.stats).toMatchObject({ placed: 3, expired: 2, cancelled: 0 });
    expect(clock.pendingTimers).toBe(0);
  });

  it('a public trade at or after the expiration (venue time) finds the order gone; one before fills it', async () => {
    const { v, clock, heard } = venue();
    const gone = listen(v);
    const expiresMs = clock.now() + 10_000;
    await gtd(v, '0.48', String(expiresMs / 1000));
    // 35 sell at 0.48 before the expiry: 30 queue ahead, 5 fill ours.
    v.onTrade({
      event_type: 'last_trade_price',
      asset_id: T0,
      market: M,
      price: '0.48',
      side: 'SELL',
      size: '35',
      timestamp: String(expiresMs - 1),
    });
    expect(heard.map((h) => `${h.trade.size} ${h.order.size_matched} ${h.order.status}`)).toEqual(['5 5 LIVE']);
    // Our clock is behind the venue's: at the trade's venue time the order has expired, so nothing fills.
    v.onTrade({
      event_type: 'last_trade_price',
      asset_id: T0,
      market: M,
      price: '0.48',
      side: 'SELL',
      size: '50',
      timestamp: String(expiresMs),
    });
    expect(heard).toHaveLength(1);
    expect(gone).toEqual(['run1-o1 CANCELED CANCELLATION']);
    expect(v.stats).toMatchObject({ fills: 1, expired: 1 });
    expect(clock.pendingTimers).toBe(0);
  });

  it('a GTD order filled or cancelled before its expiry leaves no timer behind', async () => {
    const { v, clock } = venue();
    const gone = listen(v);
    const nowSec = clock.now() / 1000;
    await gtd(v, '0.48', String(nowSec + 10));
    await gtd(v, '0.47', String(nowSec + 10));
    await v.cancelOrder({ orderId: 'run1-o2' });
    v.onTrade({
      event_type: 'last_trade_price',
      asset_id: T0,
      market: M,
      price: '0.48',
      side: 'SELL',
      size: '50',
      timestamp: String(clock.now()),
    });
    expect(v.openCount).toBe(0);
    expect(clock.pendingTimers).toBe(0);
    clock.advance(20_000);
    expect(gone).toEqual([]);
    expect(v.stats).toMatchObject({ expired: 0, cancelled: 1, fills: 1 });
  });
});
