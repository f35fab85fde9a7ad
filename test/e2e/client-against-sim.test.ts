/**
 * The venue client against the simulator over real HTTP: every endpoint of the contract, called
 * through the rate limiter with real answers, after the operator has traded. Each answer passes
 * the client's response checks and carries the values the simulator's state implies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/limits/index.js';
import { ENDPOINT_IDS, type EndpointId } from '../../src/venue/endpoints.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { collectItems } from '../../src/venue/pagination.js';
import { Decimal } from '../../src/money.js';
import type { Market } from '../../src/venue/types.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';

let h: SimHarness;
let client: VenueClient;
let limiter: RateLimiter;
let market: Market;
let token: string;
let takerTradeOrderId: string;
const covered = new Set<EndpointId>();

beforeAll(async () => {
  h = await startSimHarness({ markets: 4 });
  h.sim.world.flow.start(); // background makers post their ladders
  limiter = new RateLimiter({ clock: h.clock });
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock, gate: limiter });
  market = (await client.getMarkets({})).data[0]!;
  token = market.tokens[0]!.token_id;
  // Take liquidity: a marketable FAK buy fills against the makers' asks.
  const book = await client.getBook({ token_id: token });
  const r = await client.postOrder({
    order: { asset_id: token, side: 'BUY', price: book.snapshot.asks[0]!.price, size: '20', expiration: '0', client_order_id: 'e2e-take' },
    orderType: 'FAK',
  });
  expect(r.success).toBe(true);
  expect(r.status).toBe('matched');
  takerTradeOrderId = r.orderID;
});

afterAll(async () => {
  h.sim.world.flow.stop();
  await client?.close();
  limiter?.close();
  await h?.close();
});

function mark(id: EndpointId): void {
  covered.add(id);
}

describe('client against the simulator', () => {
  it('catalog surface', async () => {
    const all = await collectItems(client.iterateMarkets());
    mark('getMarkets');
    expect(all).toHaveLength(4);
    const one = await client.getMarket({ condition_id: market.condition_id });
    mark('getMarket');
    expect(one.condition_id).toBe(market.condition_id);
    const ev = await client.getEventBySlug({ slug: one.event.slug });
    mark('getEventBySlug');
    expect(ev.markets.some((m) => m.conditionId === market.condition_id)).toBe(true);
    const tags = await client.getTags({ limit: 5 });
    mark('getTags');
    expect(tags.length).toBeGreaterThan(0);
    const found = await client.publicSearch({ q: ev.title.split(' ')[0]! });
    mark('publicSearch');
    expect(found.events.length).toBeGreaterThan(0);
    expect((await client.getEventCreators({ limit: 3 })).length).toBeGreaterThan(0);
    mark('getEventCreators');
    const board = await client.getLeaderboard({ limit: 5 });
    mark('getLeaderboard');
    expect(board.map((e) => e.rank)).toEqual(board.map((_, i) => String(i + 1)));
    const commenter = board[0]!.proxyWallet;
    const comments = await client.getUserComments({ user_address: commenter, limit: 100 });
    mark('getUserComments');
    for (const c of comments) expect(c.userAddress.toLowerCase()).toBe(commenter.toLowerCase());
    const withReplies = comments.find((c) => c.replyCount > 0) ?? comments[0];
    if (withReplies !== undefined) {
      const replies = await client.getCommentReplies({ id: withReplies.id });
      for (const r of replies) expect(r.parentCommentID).toBe(withReplies.id);
    }
    mark('getCommentReplies');
  });

  it('order-book reads', async () => {
    const [book] = await client.postBooks([token]);
    mark('postBooks');
    const single = await client.getBook({ token_id: token });
    mark('getBook');
    expect(single.snapshot.bids).toEqual(book!.snapshot.bids);
    const mids = await client.postMidpoints([token]);
    mark('postMidpoints');
    const expectedMid = book!.levels.bids[0]!.price.plus(book!.levels.asks[0]!.price).div(2);
    expect(mids.prices.get(token)!.eq(expectedMid)).toBe(true);
    expect(new Decimal(mids.record[token]!).eq(expectedMid)).toBe(true);
    const settings = await client.getClobMarket({ condition_id: market.condition_id });
    mark('getClobMarket');
    expect(settings.mts).toBe(market.minimum_tick_size);
    const fee = await client.getFeeRate({ token_id: token });
    mark('getFeeRate');
    expect(fee.fee_schedule.exponent).toBeGreaterThanOrEqual(0);
    expect((await collectItems(client.iterateSimplifiedMarkets())).length).toBe(4);
    mark('getSimplifiedMarkets');
    const sampling = await collectItems(client.iterateSamplingSimplifiedMarkets());
    mark('getSamplingSimplifiedMarkets');
    expect(sampling.length).toBeLessThanOrEqual(4);
    const fills = await client.getTrades({ user: h.credentials.address });
    mark('getTrades');
    expect(fills.length).toBeGreaterThan(0);
    expect(fills.every((f) => f.side === 'BUY' && f.asset === token)).toBe(true);
    // A sample of the midpoint a minute; the other outcome's prices are 1 minus these.
    h.clock.advance(120_000);
    const history = await client.getPricesHistory({ market: token, interval: '1h' });
    mark('getPricesHistory');
    const nowS = h.clock.now() / 1000;
    expect(history.history.map((pt) => pt.t)).toEqual([nowS - 120, nowS - 60, nowS]);
    const other = await client.getPricesHistory({ market: market.tokens[1]!.token_id, interval: '1h' });
    expect(other.history.map((pt) => new Decimal(pt.p).plus(history.history.find((x) => x.t === pt.t)!.p).toString())).toEqual([
      '1',
      '1',
      '1',
    ]);
  });

  it('account data and trading', async () => {
    const trades = await collectItems(client.iterateAccountTrades());
    mark('getAccountTrades');
    expect(trades.some((t) => t.taker_order_id === takerTradeOrderId && t.status === 'MATCHED')).toBe(true);
    const size = trades.filter((t) => t.taker_order_id === takerTradeOrderId).reduce((s, t) => s.plus(t.size), new Decimal(0));
    expect(size.toString()).toBe('20');
    const builder = await collectItems(client.iterateBuilderTrades({ market: market.condition_id }));
    mark('getBuilderTrades');
    expect(builder.length).toBeGreaterThanOrEqual(1);
    const positions = await client.getPositions({ user: h.credentials.address });
    mark('getPositions');
    expect(positions.find((p) => p.asset === token)?.size).toBe(20);

    const placed = await client.postOrder({
      order: { asset_id: token, side: 'BUY', price: '0.02', size: '20', expiration: '0', client_order_id: 'e2e-rest' },
      orderType: 'GTC',
      postOnly: true,
    });
    mark('postOrder');
    expect(placed.status).toBe('live');
    const open = await collectItems(client.iterateOpenOrders({ market: market.condition_id }));
    mark('getOpenOrders');
    expect(open.map((o) => o.id)).toContain(placed.orderID);
    const rec = await client.getOrder({ id: placed.orderID });
    mark('getOrder');
    expect(rec).toMatchObject({ price: '0.02', original_size: '20', side: 'BUY', client_order_id: 'e2e-rest' });
    expect(await client.cancelOrder({ orderId: placed.orderID })).toEqual({ canceled: [placed.orderID], not_canceled: {} });
    mark('cancelOrder');
    const again = await client.postOrder({
      order: { asset_id: token, side: 'BUY', price: '0.02', size: '20', expiration: '0', client_order_id: 'e2e-rest-2' },
      orderType: 'GTC',
    });
    expect(await client.cancelMarketOrders({ asset_id: token })).toEqual({ canceled: [again.orderID], not_canceled: {} });
    mark('cancelMarketOrders');
  });

  it('covered every endpoint of the contract', () => {
    expect([...covered].sort()).toEqual([...ENDPOINT_IDS].sort());
  });
});
