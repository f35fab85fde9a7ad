/**
 * Tick size changes over HTTP and WebSocket: the automatic switch to 0.001 when trades push a
 * price above 0.96 (tick_size_change per token on /ws/market, the books, the markets and the
 * order-book settings show the new tick, orders follow it), and the `POST /_sim/tick-size`
 * control in both directions with its 400/404 answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimToken } from '../../../src/sim/contracts.js';
import type { ClobMarketSettings, Market, OrderBookSnapshot, Paged } from '../../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../../support/sim-harness.js';
import { expectError } from './shapes.js';
import { postOrder, rest, synthetic, tokenWithTick } from './trade-helpers.js';
import { connect, isEvent, type WsTestClient } from './ws-client.js';

let h: SimHarness;
const open: WsTestClient[] = [];

beforeAll(async () => {
  h = await startSimHarness({ markets: 6 });
});
afterAll(async () => {
  for (const c of open) c.close();
  await h.close();
});

/** A market channel subscribed to both tokens of the market, after their book events. */
async function watch(t: SimToken): Promise<{ c: WsTestClient; books: Record<string, unknown>[] }> {
  const c = await connect(`${h.sim.wsUrl}/ws/market`);
  open.push(c);
  c.send({ type: 'market', assets_ids: [t.tokenId, t.oppositeTokenId] });
  const books = [];
  for (const id of [t.tokenId, t.oppositeTokenId]) books.push((await c.next(isEvent('book', { asset_id: id }))) as Record<string, unknown>);
  return { c, books };
}

async function ticksShown(t: SimToken): Promise<{ books: string[]; market: number; listed: number; mts: number }> {
  const one = await h.request<OrderBookSnapshot>('GET', '/book', { query: { token_id: t.tokenId } });
  const both = await h.request<OrderBookSnapshot[]>('POST', '/books', { body: [{ token_id: t.tokenId }, { token_id: t.oppositeTokenId }] });
  const market = await h.request<Market>('GET', `/markets/${t.conditionId}`);
  const listed = await h.request<Paged<Market>>('GET', '/markets');
  const clob = await h.request<ClobMarketSettings>('GET', `/clob-markets/${t.conditionId}`);
  return {
    books: [one.body.tick_size, ...both.body.map((b) => b.tick_size)],
    market: market.body.minimum_tick_size,
    listed: listed.body.data.find((m) => m.condition_id === t.conditionId)!.minimum_tick_size,
    mts: clob.body.mts,
  };
}

function tickEvent(t: SimToken, tokenId: string, oldTick: string, newTick: string): Record<string, unknown> {
  return {
    event_type: 'tick_size_change',
    asset_id: tokenId,
    market: t.conditionId,
    old_tick_size: oldTick,
    new_tick_size: newTick,
    timestamp: String(h.clock.now()),
  };
}

describe('automatic tick change near the bounds', () => {
  it('moves a 0.01 market to 0.001 when a trade takes the price above 0.96, and everything shows it', async () => {
    const t = tokenWithTick(h, '0.01');
    const { c, books } = await watch(t);
    expect(books.map((b) => b.tick_size)).toEqual(['0.01', '0.01']);
    expect(await ticksShown(t)).toEqual({ books: ['0.01', '0.01', '0.01'], market: 0.01, listed: 0.01, mts: 0.01 });

    const before = await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.975', size: '15' });
    expect(expectError(before, 400, 'BAD_PARAMETER', "'order.price'")).toContain('tick size 0.01');

    rest(h, synthetic(h, 0), t.tokenId, 'SELL', '0.97', '15');
    const trade = await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.97', size: '15', orderType: 'FAK' });
    expect(trade.body).toMatchObject({ success: true, status: 'matched', takingAmount: '15' });
    expect(await c.next(isEvent('tick_size_change', { asset_id: t.tokenId }))).toEqual(tickEvent(t, t.tokenId, '0.01', '0.001'));
    expect(await c.next(isEvent('tick_size_change', { asset_id: t.oppositeTokenId }))).toEqual(
      tickEvent(t, t.oppositeTokenId, '0.01', '0.001'),
    );

    expect(await ticksShown(t)).toEqual({ books: ['0.001', '0.001', '0.001'], market: 0.001, listed: 0.001, mts: 0.001 });
    const again = await watch(t);
    expect(again.books.map((b) => b.tick_size)).toEqual(['0.001', '0.001']);

    const after = await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.975', size: '15' });
    expect(after).toMatchObject({ status: 200, body: { success: true, status: 'live' } });
    // Other markets keep their tick.
    const other = tokenWithTick(h, '0.01', 1);
    expect((await ticksShown(other)).mts).toBe(0.01);
  });
});

describe('POST /_sim/tick-size', () => {
  it('makes a market coarser (resting orders stay, new ones on the new grid), then finer', async () => {
    const t = tokenWithTick(h, '0.01', 1);
    const { c } = await watch(t);
    rest(h, synthetic(h, 1), t.tokenId, 'BUY', '0.45', '15');

    const coarse = await h.request('POST', '/_sim/tick-size', { body: { market: t.conditionId, tick_size: '0.1' } });
    expect(coarse.status).toBe(200);
    expect(coarse.body).toEqual({
      market: t.conditionId,
      assets_ids: [t.tokenId, t.oppositeTokenId],
      old_tick_size: '0.01',
      tick_size: '0.1',
    });
    expect(await c.next(isEvent('tick_size_change', { asset_id: t.tokenId }))).toEqual(tickEvent(t, t.tokenId, '0.01', '0.1'));
    expect(await c.next(isEvent('tick_size_change', { asset_id: t.oppositeTokenId }))).toEqual(
      tickEvent(t, t.oppositeTokenId, '0.01', '0.1'),
    );
    expect(await ticksShown(t)).toEqual({ books: ['0.1', '0.1', '0.1'], market: 0.1, listed: 0.1, mts: 0.1 });
    const book = await h.request<OrderBookSnapshot>('GET', '/book', { query: { token_id: t.tokenId } });
    expect(book.body.bids).toEqual([{ price: '0.45', size: '15' }]);
    const offGrid = await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.45', size: '15' });
    expect(expectError(offGrid, 400, 'BAD_PARAMETER', "'order.price'")).toContain('tick size 0.1');
    expect((await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.4', size: '15' })).body.success).toBe(true);

    const fine = await h.request('POST', '/_sim/tick-size', { body: { token_id: t.oppositeTokenId, tick_size: '0.0001' } });
    expect(fine.body).toEqual({
      market: t.conditionId,
      assets_ids: [t.tokenId, t.oppositeTokenId],
      old_tick_size: '0.1',
      tick_size: '0.0001',
    });
    expect(await c.next(isEvent('tick_size_change', { asset_id: t.tokenId }))).toEqual(tickEvent(t, t.tokenId, '0.1', '0.0001'));
    expect(await c.next(isEvent('tick_size_change', { asset_id: t.oppositeTokenId }))).toEqual(
      tickEvent(t, t.oppositeTokenId, '0.1', '0.0001'),
    );
    expect((await ticksShown(t)).mts).toBe(0.0001);
    expect((await postOrder(h, { tokenId: t.tokenId, side: 'BUY', price: '0.4512', size: '15' })).body.success).toBe(true);
  });

  it('answers 400 naming the field on bad input and 404 for an unknown token or market, changing nothing', async () => {
    const t = tokenWithTick(h, '0.01', 2);
    const post = (body: unknown) => h.request('POST', '/_sim/tick-size', { body });
    expectError(await post('{not json'), 400, 'BAD_PARAMETER', "'body'");
    expectError(await post([]), 400, 'BAD_PARAMETER', "'body'");
    expectError(await post({ tick_size: '0.01' }), 400, 'BAD_PARAMETER', "'token_id'");
    expectError(await post({ token_id: t.tokenId, market: t.conditionId, tick_size: '0.01' }), 400, 'BAD_PARAMETER', "'market'");
    expectError(await post({ token_id: 7, tick_size: '0.01' }), 400, 'BAD_PARAMETER', "'token_id'");
    expectError(await post({ market: '', tick_size: '0.01' }), 400, 'BAD_PARAMETER', "'market'");
    expectError(await post({ market: t.conditionId }), 400, 'BAD_PARAMETER', "'tick_size'");
    expectError(await post({ market: t.conditionId, tick_size: '0.05' }), 400, 'BAD_PARAMETER', "'tick_size'");
    expectError(await post({ market: t.conditionId, tick_size: 0.001 }), 400, 'BAD_PARAMETER', "'tick_size'");
    expectError(await post({ token_id: 'nope:0', tick_size: '0.001' }), 404, 'NOT_FOUND', 'token nope:0');
    expectError(await post({ market: '0xnope', tick_size: '0.001' }), 404, 'NOT_FOUND', 'market 0xnope');
    expect(h.sim.world.exchange.tickSize(t.tokenId)!.toFixed()).toBe('0.01');
  });

  it('is neither faulted, limited nor counted, and needs no authentication', async () => {
    const t = tokenWithTick(h, '0.01', 2);
    const requests = (await h.stats()).requests_total;
    await h.setFaults({ errorRate: 1 });
    try {
      const r = await h.request('POST', '/_sim/tick-size', { body: { token_id: t.tokenId, tick_size: '0.001' } });
      expect(r.status).toBe(200);
      expect(h.sim.world.exchange.tickSize(t.oppositeTokenId)!.toFixed()).toBe('0.001');
    } finally {
      await h.setFaults({ errorRate: 0 });
    }
    expect((await h.stats()).requests_total).toBe(requests);
  });
});
