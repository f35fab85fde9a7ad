/**
 * Both WebSocket channels (design.md section 3): market (book on subscribe, price_change after an
 * order, last_trade_price after a trade), user (order and trade events of the account after a
 * fill, bad auth rejected with 4401), PING/PONG, and dropped connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE_UNAUTHORIZED } from '../../../src/sim/server/ws-hub.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectShape } from './shapes.js';
import { postOrder, rest, synthetic, tokenWithTick } from './trade-helpers.js';
import { connect, isEvent, type WsTestClient } from './ws-client.js';

let h: SimHarness;
let tokenId: string;
let conditionId: string;
const open: WsTestClient[] = [];

beforeAll(async () => {
  h = await startSimHarness({ markets: 4 });
  const t = tokenWithTick(h, '0.01');
  tokenId = t.tokenId;
  conditionId = t.conditionId;
});
afterAll(async () => {
  for (const c of open) c.close();
  await h.close();
});

async function client(channel: 'market' | 'user'): Promise<WsTestClient> {
  const c = await connect(`${h.sim.wsUrl}/ws/${channel}`);
  open.push(c);
  return c;
}

describe('/ws/market', () => {
  it('sends the book on subscribe, then price changes and trades', async () => {
    rest(h, synthetic(h, 0), tokenId, 'BUY', '0.40', '20');
    const c = await client('market');
    c.send({ type: 'market', assets_ids: [tokenId] });
    const book = (await c.next(isEvent('book', { asset_id: tokenId }))) as Record<string, unknown>;
    expectShape(book, {
      event_type: 'string',
      asset_id: 'string',
      market: 'string',
      bids: [{ price: 'string', size: 'string' }],
      asks: 'array',
      tick_size: 'string',
      timestamp: 'string',
      hash: 'string',
    });
    expect(book.market).toBe(conditionId);
    expect(book.tick_size).toBe('0.01');
    expect(book.bids).toEqual([{ price: '0.4', size: '20' }]);

    await postOrder(h, { tokenId, side: 'SELL', price: '0.60', size: '15' });
    const pc = (await c.next(isEvent('price_change', { asset_id: tokenId }))) as Record<string, unknown>;
    expectShape(pc, {
      event_type: 'string',
      asset_id: 'string',
      market: 'string',
      changes: [{ price: 'string', side: 'string', size: 'string' }],
      timestamp: 'string',
      hash: 'string',
    });
    expect(pc.changes).toEqual([{ price: '0.6', side: 'SELL', size: '15' }]);
    expect(pc.timestamp).toBe(String(h.clock.now()));

    await postOrder(h, { tokenId, side: 'SELL', price: '0.40', size: '5', orderType: 'FAK' });
    const ltp = (await c.next(isEvent('last_trade_price', { asset_id: tokenId }))) as Record<string, unknown>;
    expect(ltp).toMatchObject({ market: conditionId, price: '0.4', side: 'SELL', size: '5' });
    expectShape(ltp, {
      event_type: 'string',
      asset_id: 'string',
      market: 'string',
      price: 'string',
      side: 'string',
      size: 'string',
      timestamp: 'string',
    });
    const after = (await c.next(isEvent('book', { asset_id: tokenId }))) as Record<string, unknown>;
    expect(after.bids).toEqual([{ price: '0.4', size: '15' }]);
  });

  it('answers PING with PONG and reports unknown assets', async () => {
    const c = await client('market');
    c.send('PING');
    expect(await c.next((m) => m === 'PONG')).toBe('PONG');
    c.send({ type: 'market', assets_ids: ['nope:0'] });
    expect(await c.next(isEvent('error'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('accepts a subscription without `type` on the market channel, and a GTD expiry reaches it on the clock', async () => {
    const other = tokenWithTick(h, '0.01', 1).tokenId;
    const c = await client('market');
    c.send({ assets_ids: [other] });
    await c.next(isEvent('book', { asset_id: other }));
    const expiry = Math.floor(h.clock.now() / 1000) + 30;
    const r = await postOrder(h, { tokenId: other, side: 'BUY', price: '0.12', size: '20', orderType: 'GTD', expiration: String(expiry) });
    expect(r.body.status).toBe('live');
    await c.next(isEvent('price_change', { asset_id: other }));
    h.clock.advance(30_000); // no request in between: the exchange's own timer expires it
    const gone = (await c.next(isEvent('price_change', { asset_id: other }))) as Record<string, unknown>;
    expect(gone.changes).toEqual([{ price: '0.12', side: 'BUY', size: '0' }]);
  });

  it('does not send other assets', async () => {
    const other = tokenWithTick(h, '0.01', 1).tokenId;
    const c = await client('market');
    c.send({ type: 'market', assets_ids: [other] });
    await c.next(isEvent('book', { asset_id: other }));
    await postOrder(h, { tokenId, side: 'BUY', price: '0.30', size: '20' });
    await postOrder(h, { tokenId: other, side: 'BUY', price: '0.31', size: '20' });
    const pc = (await c.next(isEvent('price_change'))) as Record<string, unknown>;
    expect(pc.asset_id).toBe(other);
  });
});

describe('/ws/user', () => {
  it('sends the account order and trade events after a fill', async () => {
    const c = await client('user');
    c.send({ type: 'user', markets: [conditionId], auth: h.wsAuth() });
    c.send('PING');
    await c.next((m) => m === 'PONG'); // the subscription is in effect
    const maker = rest(h, synthetic(h, 1), tokenId, 'SELL', '0.55', '10');
    const r = await postOrder(h, { tokenId, side: 'BUY', price: '0.55', size: '25', clientOrderId: 'ws-1' });
    expect(r.body.status).toBe('live');

    const placed = (await c.next(isEvent('order', { type: 'PLACEMENT' }))) as Record<string, unknown>;
    expect(placed).toMatchObject({ id: r.body.orderID, client_order_id: 'ws-1', side: 'BUY', price: '0.55', market: conditionId });
    const trade = (await c.next(isEvent('trade'))) as Record<string, unknown>;
    expect(trade).toMatchObject({
      taker_order_id: r.body.orderID,
      side: 'BUY',
      size: '10',
      price: '0.55',
      status: 'MATCHED',
      owner: h.credentials.apiKey,
    });
    expect((trade.maker_orders as { order_id: string }[])[0]!.order_id).toBe(maker.orderID);

    await h.signed('DELETE', '/order', { body: { orderId: r.body.orderID } });
    const cancelled = (await c.next(isEvent('order', { type: 'CANCELLATION' }))) as Record<string, unknown>;
    expect(cancelled).toMatchObject({ id: r.body.orderID, size_matched: '10' });
  });

  it('filters by market and never sends another account events', async () => {
    const c = await client('user');
    const otherMarket = tokenWithTick(h, '0.01', 1);
    c.send({ type: 'user', markets: [otherMarket.conditionId], auth: h.wsAuth() });
    c.send('PING');
    await c.next((m) => m === 'PONG');
    await postOrder(h, { tokenId, side: 'BUY', price: '0.20', size: '20' }); // other market: filtered
    rest(h, synthetic(h, 2), otherMarket.tokenId, 'BUY', '0.21', '20'); // other account: not ours
    const mine = await postOrder(h, { tokenId: otherMarket.tokenId, side: 'BUY', price: '0.22', size: '20' });
    const ev = (await c.next(isEvent('order'))) as Record<string, unknown>;
    expect(ev.id).toBe(mine.body.orderID);
  });

  it('rejects a bad signature with an error event and close code 4401, counted', async () => {
    const before = (await h.stats()).auth_failures_total as number;
    const c = await client('user');
    c.send({ type: 'user', markets: [], auth: { ...h.wsAuth(), signature: h.wsAuth(synthetic(h, 0)).signature } });
    expect(await c.next(isEvent('error'))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await c.closed()).toBe(WS_CLOSE_UNAUTHORIZED);
    const stale = await client('user');
    stale.send({ type: 'user', auth: h.wsAuth(undefined, h.clock.now() - 60_000) });
    expect(await stale.closed()).toBe(WS_CLOSE_UNAUTHORIZED);
    expect((await h.stats()).auth_failures_total).toBe(before + 2);
  });
});

describe('dropped connections', () => {
  it('drops every connection on demand', async () => {
    const a = await client('market');
    const b = await client('user');
    await h.setFaults({ dropWebSockets: true });
    expect(await a.closed()).toBe(1006);
    expect(await b.closed()).toBe(1006);
  });

  it('drops a connection instead of sending a frame at wsDropRate 1', async () => {
    const c = await client('market');
    await h.setFaults({ wsDropRate: 1 });
    c.send({ type: 'market', assets_ids: [tokenId] });
    expect(await c.closed()).toBe(1006);
    await h.setFaults({ wsDropRate: 0 });
    expect(((await h.stats()).faults_injected as Record<string, number>).ws_drop).toBe(1);
  });

  it('refuses an unknown WebSocket path', async () => {
    await expect(connect(`${h.sim.wsUrl}/ws/nothing`)).rejects.toThrow(/404/);
  });
});
