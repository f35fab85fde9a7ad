/**
 * UserStream against the simulator's /ws/user: the signed subscription is accepted (the
 * account's order and trade events arrive), the market filter, a reconnect (onReconnect, fresh
 * signature), and a wrong secret refused, counted and retried with backoff.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CloseInfo } from '../../src/market/reconnecting-socket.js';
import { UserStream, userSubscription, type UserOrderEvent, type UserTradeEvent } from '../../src/market/user-stream.js';
import type { OrderEvent, TradeEvent } from '../../src/sim/server/ws-events.js';
import { toBase64UrlPadded } from '../../src/venue/signer.js';
import { VenueCredentials } from '../../src/venue/credentials.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { Inbox } from './inbox.js';

// The stream's event types accept what the simulator sends (compile-time check).
const _order: (e: OrderEvent) => UserOrderEvent = (e) => e;
const _trade: (e: TradeEvent) => UserTradeEvent = (e) => e;
void [_order, _trade];

let h: SimHarness;
let client: VenueClient;
const streams: UserStream[] = [];

beforeAll(async () => {
  h = await startSimHarness({ markets: 4 });
  client = createVenueClient({ baseUrl: h.baseUrl, credentials: h.credentials, clock: h.clock });
});

afterEach(async () => {
  await Promise.all(streams.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await client?.close();
  await h?.close();
});

function open(options: { secret?: string; markets?: string[] } = {}) {
  const orders = new Inbox<UserOrderEvent>();
  const trades = new Inbox<UserTradeEvent>();
  const closes = new Inbox<CloseInfo>();
  const reconnects = new Inbox<number>();
  const subscribed = new Inbox<boolean>();
  let n = 0;
  const stream = new UserStream({
    url: `${h.sim.wsUrl}/ws/user`,
    credentials: { ...h.credentials, secret: options.secret ?? h.credentials.secret },
    clock: h.clock,
    random: () => 0.5,
    reconnectBaseMs: 200,
    reconnectMaxMs: 1_000,
    pingIntervalMs: 0,
    markets: options.markets,
    onOrder: orders.push,
    onTrade: trades.push,
    onReconnect: () => reconnects.push(++n),
    onSubscribed: ({ reconnect }) => subscribed.push(reconnect),
    onDisconnect: closes.push,
  });
  streams.push(stream);
  stream.start();
  return { stream, orders, trades, closes, reconnects, subscribed };
}

async function place(tokenId: string, price: string, clientOrderId: string, size = '20'): Promise<void> {
  const r = await client.postOrder({
    order: { asset_id: tokenId, side: 'BUY', price, size, expiration: '0', client_order_id: clientOrderId },
    orderType: 'GTC',
  });
  expect(r.success).toBe(true);
}

describe('userSubscription', () => {
  it('signs timestamp + GET + /ws/user exactly as the venue checks it', () => {
    const creds = new VenueCredentials(h.credentials);
    const sub = userSubscription(creds, ['0xabc'], 1_767_225_600_000);
    expect(sub).toEqual({ type: 'user', markets: ['0xabc'], auth: h.wsAuth(h.credentials, 1_767_225_600_000) });
    expect(JSON.stringify(sub)).not.toContain(h.credentials.secret);
  });
});

describe('UserStream against the simulator', () => {
  it('is accepted: an order placed through the client produces order events, a fill a trade event', async () => {
    const m = h.sim.world.catalog.markets[0]!;
    const { stream, orders, trades, subscribed } = open();
    expect(await subscribed.next()).toBe(false);
    await place(m.tokenIds[0], '0.3', 'us-a', '40');
    const placed = await orders.next();
    expect(placed).toMatchObject({
      event_type: 'order',
      type: 'PLACEMENT',
      asset_id: m.tokenIds[0],
      market: m.conditionId,
      side: 'BUY',
      price: '0.3',
      original_size: '40',
      client_order_id: 'us-a',
    });

    // Another account sells into the resting bid: the operator's order is updated and traded.
    const taker = h.sim.world.catalog.users.find((u) => u.role === 'taker')!;
    const r = h.sim.world.exchange.placeOrder(taker, {
      order: { asset_id: m.tokenIds[0], side: 'SELL', price: '0.3', size: '15', expiration: '0', client_order_id: 'taker-1' },
      owner: taker.apiKey,
      orderType: 'FAK',
      postOnly: false,
    });
    expect(r.success).toBe(true);
    const update = await orders.next((o) => o.id === placed.id && o.type === 'UPDATE');
    expect(update.size_matched).toBe('15');
    const trade = await trades.next();
    expect(trade).toMatchObject({ event_type: 'trade', market: m.conditionId, asset_id: m.tokenIds[0], size: '15', price: '0.3' });

    await client.cancelOrder({ orderId: placed.id });
    expect((await orders.next((o) => o.id === placed.id && o.type === 'CANCELLATION')).type).toBe('CANCELLATION');
    expect(stream.counters).toMatchObject({ invalidEvents: 0, errors: {} });
    expect(stream.counters.orders).toBeGreaterThanOrEqual(3);
  });

  it('receives only the markets asked for', async () => {
    const [a, b] = h.sim.world.catalog.markets;
    const { stream, orders, subscribed } = open({ markets: [a!.conditionId] });
    await subscribed.next();
    await place(b!.tokenIds[0], '0.25', 'us-f-b');
    await place(a!.tokenIds[0], '0.25', 'us-f-a');
    // Events of one connection arrive in order: b's would have come first.
    expect((await orders.next()).client_order_id).toBe('us-f-a');
    // The filter can be changed on the open connection (a freshly signed subscription).
    stream.setMarkets([b!.conditionId]);
    await client.cancelMarketOrders({ market: a!.conditionId });
    await place(b!.tokenIds[1], '0.25', 'us-f-b2');
    const next = await orders.next((o) => o.market === b!.conditionId);
    expect(next.client_order_id).toBe('us-f-b2');
  });

  it('reconnects after a drop, resubscribes with a fresh signature, and calls onReconnect', async () => {
    const m = h.sim.world.catalog.markets[1]!;
    const { stream, orders, closes, reconnects, subscribed } = open();
    await subscribed.next();
    h.clock.advance(60_000); // past the auth window: the old timestamp would be refused
    h.sim.dropWebSockets();
    const closed = await closes.next();
    h.clock.advance(closed.retryInMs!);
    expect(await reconnects.next()).toBe(1);
    expect(await subscribed.next()).toBe(true);
    await place(m.tokenIds[0], '0.21', 'us-r2');
    expect((await orders.next()).client_order_id).toBe('us-r2');
    expect(stream.counters.errors).toEqual({});
    expect(stream.socketCounters.reconnects).toBe(1);
  });

  it('a wrong secret is refused: error counted, socket closed 4401, retried with growing backoff', async () => {
    const wrong = toBase64UrlPadded(new Uint8Array(32).fill(7));
    const { stream, closes, reconnects } = open({ secret: wrong });
    const first = await closes.next();
    expect(first.code).toBe(4401);
    expect(stream.counters.errors).toEqual({ UNAUTHORIZED: 1 });
    expect(first.retryInMs).toBe(100);
    h.clock.advance(first.retryInMs!);
    const second = await closes.next();
    expect(second.code).toBe(4401);
    expect(second.retryInMs).toBe(200); // attempt 1: 0.5 x 400
    expect(stream.counters.errors).toEqual({ UNAUTHORIZED: 2 });
    expect(stream.counters.orders).toBe(0);
    expect(reconnects.all).toEqual([]); // a refused subscription never asks for a resync
  });
});
