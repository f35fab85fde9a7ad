/**
 * The market stream's `market_resolved` (the market of a subscribed token has resolved: closed):
 * handed on once per market with its condition id, over a real socket from a small `ws` server
 * of the test's own; an event of a token not subscribed, the second token's of the same market and
 * one without its market are not.
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { MarketStream } from '../../src/market/market-stream.js';
import type { MarketResolvedEvent } from '../../src/sim/server/ws-events.js';
import { Inbox } from './inbox.js';

const resolved = (asset_id: string, market: string): MarketResolvedEvent => ({
  event_type: 'market_resolved',
  asset_id,
  market,
  winning_asset_id: `${market}:0`,
  winning_outcome: 'Yes',
  timestamp: '1',
});

describe('MarketStream: market_resolved', () => {
  it('tells onMarketResolved once per subscribed market', async () => {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((r) => wss.once('listening', r));
    wss.on('connection', (ws) => {
      ws.send(JSON.stringify([resolved('m2:0', 'm2'), resolved('m1:0', 'm1'), resolved('m1:1', 'm1')]));
      ws.send(JSON.stringify({ ...resolved('m1:0', 'm1'), market: '' }));
      // The last: a book, to know the frames before it were read.
      ws.send(
        JSON.stringify({
          event_type: 'book',
          asset_id: 'm1:0',
          market: 'm1',
          bids: [],
          asks: [],
          tick_size: '0.01',
          timestamp: '1',
          hash: 'h',
        }),
      );
    });
    const markets = new Inbox<string>();
    const books = new Inbox<string>();
    const stream = new MarketStream({
      url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws/market`,
      clock: new FakeClock(),
      random: () => 0.5,
      reconnectBaseMs: 200,
      reconnectMaxMs: 5_000,
      pingIntervalMs: 0,
      onMarketEvent: (_c, token) => books.push(token),
      onMarketResolved: markets.push,
    });
    stream.setTokens(['m1:0', 'm1:1']);
    stream.start();
    expect(await books.next()).toBe('m1:0');
    expect(markets.all).toEqual(['m1']);
    expect(stream.counters).toMatchObject({ market_resolved: 1, invalidEvents: 1, ignoredEvents: 2, book: 1 });
    await stream.close();
    await new Promise((r) => wss.close(r));
  });
});
