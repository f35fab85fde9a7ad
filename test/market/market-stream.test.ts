/**
 * MarketStream against the simulator's /ws/market over a real socket: subscription and the first
 * books, price changes after an order placed through the venue, tick size changes, tokens added
 * on the open connection, reconnect after `dropWebSockets()` (resubscribed, onResync called
 * again). A small `ws` server of the test's own sends frames the simulator never would.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { FakeClock } from '../../src/clock/fake-clock.js';
import {
  MarketStream,
  type MarketEventKind,
  type MarketStreamEvent,
  type StreamBook,
  type StreamPriceChange,
  type StreamTickSizeChange,
  type StreamTrade,
} from '../../src/market/market-stream.js';
import type { CloseInfo } from '../../src/market/reconnecting-socket.js';
import type { BookEvent, LastTradePriceEvent, PriceChangeEvent, TickSizeChangeEvent } from '../../src/sim/server/ws-events.js';
import { createVenueClient, type VenueClient } from '../../src/venue/client.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { Inbox } from './inbox.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';

// The stream's event types accept what the simulator sends (compile-time check).
const _book: (e: BookEvent) => StreamBook = (e) => e;
const _change: (e: PriceChangeEvent) => StreamPriceChange = (e) => e;
const _tick: (e: TickSizeChangeEvent) => StreamTickSizeChange = (e) => e;
const _trade: (e: LastTradePriceEvent) => StreamTrade = (e) => e;
void [_book, _change, _tick, _trade];

interface Seen {
  conditionId: string;
  tokenId: string;
  kind: MarketEventKind;
  event: MarketStreamEvent;
}

let h: SimHarness;
let client: VenueClient;
const streams: MarketStream[] = [];

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

function open(tokens: readonly string[], clock = h.clock, url = `${h.sim.wsUrl}/ws/market`, onTrade?: (t: StreamTrade) => void) {
  const events = new Inbox<Seen>();
  const closes = new Inbox<CloseInfo>();
  let resyncs = 0;
  const resynced = new Inbox<number>();
  const stream = new MarketStream({
    url,
    clock,
    random: () => 0.5,
    reconnectBaseMs: 200,
    reconnectMaxMs: 5_000,
    pingIntervalMs: 0,
    onMarketEvent: (conditionId, tokenId, kind, event) => events.push({ conditionId, tokenId, kind, event }),
    onResync: () => resynced.push(++resyncs),
    onDisconnect: closes.push,
    onTrade,
  });
  streams.push(stream);
  stream.setTokens(tokens);
  stream.start();
  return { stream, events, closes, resynced };
}

async function placeBid(tokenId: string, price: string, id: string): Promise<void> {
  const r = await client.postOrder({
    order: { asset_id: tokenId, side: 'BUY', price, size: '20', expiration: '0', client_order_id: id },
    orderType: 'GTC',
  });
  expect(r.success).toBe(true);
}

describe('MarketStream against the simulator', () => {
  it('subscribes, gets each book, then a price_change for an order placed on the venue', async () => {
    const m = h.sim.world.catalog.markets[0]!;
    const { stream, events, resynced } = open(m.tokenIds);
    expect(await resynced.next()).toBe(1);
    const books = [await events.next((e) => e.kind === 'book'), await events.next((e) => e.kind === 'book')];
    expect(books.map((b) => b.tokenId).sort()).toEqual([...m.tokenIds].sort());
    for (const b of books) expect(b.conditionId).toBe(m.conditionId);
    expect(stream.state).toBe('open');

    await placeBid(m.tokenIds[0], '0.4', 'ms-1');
    const change = await events.next((e) => e.kind === 'price_change');
    expect(change).toMatchObject({ conditionId: m.conditionId, tokenId: m.tokenIds[0] });
    expect((change.event as StreamPriceChange).changes).toEqual([{ price: '0.4', side: 'BUY', size: '20' }]);
    expect(stream.lastHash(m.tokenIds[0])).toBe(h.sim.world.exchange.book(m.tokenIds[0])!.hash);
    expect(stream.counters).toMatchObject({ book: 2, price_change: 1, invalidEvents: 0 });
  });

  it('hands each public match (last_trade_price) to onTrade, checked, with the taker side', async () => {
    const m = h.sim.world.catalog.markets[2]!;
    const trades = new Inbox<StreamTrade>();
    const { stream, resynced } = open(m.tokenIds, h.clock, `${h.sim.wsUrl}/ws/market`, trades.push);
    await resynced.next();
    const token = m.tokenIds[1];
    rest(h, synthetic(h, 0), token, 'BUY', '0.31', '5');
    rest(h, synthetic(h, 1), token, 'BUY', '0.3', '5');
    const taker = synthetic(h, 2);
    const r = h.sim.world.exchange.placeOrder(taker, {
      order: { asset_id: token, side: 'SELL', price: '0.3', size: '7.5', expiration: '0', client_order_id: '' },
      owner: taker.apiKey,
      orderType: 'FAK',
      postOnly: false,
    });
    expect(r.success).toBe(true);
    const first = await trades.next();
    const second = await trades.next();
    const at = String(h.clock.now());
    expect([first, second]).toEqual([
      { event_type: 'last_trade_price', asset_id: token, market: m.conditionId, price: '0.31', side: 'SELL', size: '5', timestamp: at },
      { event_type: 'last_trade_price', asset_id: token, market: m.conditionId, price: '0.3', side: 'SELL', size: '2.5', timestamp: at },
    ]);
    expect(stream.counters).toMatchObject({ trades: 2, invalidEvents: 0 });
  });

  it('emits tick_size_change when the venue changes a tick', async () => {
    const m = h.sim.world.catalog.markets[1]!;
    const { events, resynced } = open(m.tokenIds);
    await resynced.next();
    const target = m.tickSize === '0.01' ? '0.001' : '0.01';
    expect((await h.request('POST', '/_sim/tick-size', { body: { market: m.conditionId, tick_size: target } })).status).toBe(200);
    const e = await events.next((x) => x.kind === 'tick_size_change');
    expect(e.conditionId).toBe(m.conditionId);
    expect(e.event).toMatchObject({ old_tick_size: m.tickSize, new_tick_size: target });
  });

  it('subscribes tokens added on the open connection; drops events of tokens removed', async () => {
    const [a, b] = [h.sim.world.catalog.markets[2]!, h.sim.world.catalog.markets[3]!];
    const { stream, events, resynced } = open([a.tokenIds[0]]);
    await resynced.next();
    await events.next((e) => e.tokenId === a.tokenIds[0] && e.kind === 'book');
    stream.setTokens([b.tokenIds[0]]);
    await events.next((e) => e.tokenId === b.tokenIds[0] && e.kind === 'book');
    await placeBid(a.tokenIds[0], '0.3', 'ms-2');
    await placeBid(b.tokenIds[0], '0.3', 'ms-3');
    const change = await events.next((e) => e.kind === 'price_change');
    expect(change.tokenId).toBe(b.tokenIds[0]);
    expect(stream.counters.ignoredEvents).toBeGreaterThanOrEqual(1);
  });

  it('reconnects after the venue drops the socket: backoff on the clock, resubscribe, onResync again', async () => {
    const m = h.sim.world.catalog.markets[0]!;
    const { stream, events, closes, resynced } = open(m.tokenIds);
    await resynced.next();
    await events.next((e) => e.kind === 'book');
    await events.next((e) => e.kind === 'book');

    h.sim.dropWebSockets();
    const closed = await closes.next();
    expect(closed.retryInMs).toBe(100); // random 0.5 x base 200 (first attempt)
    expect(stream.state).toBe('connecting');
    h.clock.advance(closed.retryInMs!);
    expect(await resynced.next()).toBe(2);
    // Resubscribed: both books again, and new changes flow.
    const again = [await events.next((e) => e.kind === 'book'), await events.next((e) => e.kind === 'book')];
    expect(again.map((b) => b.tokenId).sort()).toEqual([...m.tokenIds].sort());
    await placeBid(m.tokenIds[1], '0.2', 'ms-4');
    expect((await events.next((e) => e.kind === 'price_change')).tokenId).toBe(m.tokenIds[1]);
    expect(stream.socketCounters).toMatchObject({ opens: 2, reconnects: 1 });
  });

  it('ignores and counts malformed frames and invalid events; answers PING', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((r) => wss.once('listening', r));
    const received = new Inbox<string>();
    const token = 'm1:0';
    const good = {
      event_type: 'book',
      asset_id: token,
      market: 'm1',
      bids: [
        { price: '0.4', size: '10' },
        { price: '0.45', size: '1' },
      ],
      asks: [],
      tick_size: '0.01',
      timestamp: '1',
      hash: 'h1',
    };
    wss.on('connection', (ws) => {
      ws.on('message', (d) => received.push(d.toString()));
      ws.send('not json');
      ws.send('[1, "two"]');
      ws.send(JSON.stringify({ ...good, bids: [{ price: '1.5', size: '1' }] }));
      ws.send(JSON.stringify({ ...good, asks: [{ price: '0.5', size: '-1' }] }));
      ws.send(
        JSON.stringify({
          event_type: 'last_trade_price',
          asset_id: token,
          market: 'm1',
          price: '0.4',
          side: 'BUY',
          size: '1',
          timestamp: '1',
        }),
      );
      ws.send(Buffer.from([1, 2, 3]), { binary: true });
      ws.send('PING');
      ws.send(JSON.stringify([good]));
    });
    const port = (wss.address() as AddressInfo).port;
    const { stream, events } = open([token], new FakeClock(), `ws://127.0.0.1:${port}/ws/market`);
    expect(JSON.parse(await received.next())).toEqual({ type: 'market', assets_ids: [token] });
    const e = await events.next();
    expect(await received.next((m) => m === 'PONG')).toBe('PONG');
    expect(received.all.slice(0, 2)).toEqual([expect.any(String), 'PING']); // subscription, then the confirming PING
    expect(e.kind).toBe('book');
    // Levels come out sorted best first.
    expect((e.event as StreamBook).bids.map((l) => l.price)).toEqual(['0.45', '0.4']);
    expect(stream.socketCounters.malformedFrames).toBe(4); // bad JSON, 1, "two", binary
    expect(stream.counters).toMatchObject({ invalidEvents: 2, ignoredEvents: 1, book: 1 });
    expect(events.all).toHaveLength(1);
    await stream.close();
    await new Promise((r) => wss.close(r));
  });
});
