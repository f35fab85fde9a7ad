/**
 * The streams' bounds (src/market/reconnecting-socket.ts) against a `ws` server of the test's own:
 * a message over maxMessageBytes closes the connection, which reconnects with backoff; a flood over
 * the rate bound is cut (the server sees the close long before its flood is out, and the client
 * delivered no more than one window's worth); both are counted
 * (makerd_stream_messages_refused_total{stream,reason}) and logged once per episode, with one line
 * when a whole window has passed within bounds again. The rate window runs on a fake clock.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { MarketStream } from '../../src/market/market-stream.js';
import { ReconnectingSocket, type CloseInfo, type ReconnectingSocketOptions } from '../../src/market/reconnecting-socket.js';
import { UserStream } from '../../src/market/user-stream.js';
import { createRegistry } from '../../src/metrics/registry.js';
import { registerStreamMetrics } from '../../src/metrics/stream-metrics.js';
import { logCapture } from '../support/log-capture.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';
import { Inbox } from './inbox.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** A server answering PING with PONG, handing each connection to the test. */
async function server() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  const conns = new Inbox<WebSocket>();
  wss.on('connection', (ws) => {
    ws.on('message', (d) => {
      if (d.toString() === 'PING') ws.send('PONG');
    });
    conns.push(ws);
  });
  const close = () =>
    new Promise<void>((r) => {
      for (const c of wss.clients) c.terminate();
      wss.close(() => r());
    });
  cleanup.push(close);
  return { url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws/market`, conns };
}

function socket(url: string, patch: Partial<ReconnectingSocketOptions> = {}) {
  const clock = new FakeClock(1_000_000);
  const { logger, lines } = logCapture('info');
  const opens = new Inbox<boolean>();
  const closes = new Inbox<CloseInfo>();
  const events = new Inbox<Record<string, unknown>>();
  const s = new ReconnectingSocket({
    url,
    clock,
    random: () => 0.5,
    reconnectBaseMs: 100,
    reconnectMaxMs: 1_000,
    pingIntervalMs: 0,
    name: 'market',
    logger,
    subscribe: () => [{ type: 'market', assets_ids: ['a:0'] }],
    onEvent: events.push,
    onOpen: ({ reconnect }) => opens.push(reconnect),
    onClose: closes.push,
    ...patch,
  });
  cleanup.push(() => s.close());
  s.start();
  const registry = createRegistry();
  // The probe a MarketStream shows the metrics (its socket's counters).
  registerStreamMetrics(registry, () => ({ market: { subscribed: s.subscribed, socketCounters: s.counters } }));
  const refused = async (reason: string): Promise<number | undefined> => {
    const m = (await registry.getMetricsAsJSON()).find((x) => x.name === 'makerd_stream_messages_refused_total');
    return m?.values.find((v) => v.labels.stream === 'market' && v.labels.reason === reason)?.value as number | undefined;
  };
  return { s, clock, lines, opens, closes, events, refused };
}

/**
 * Sends `count` copies of `message` as fast as the connection takes them (never more than 1 MiB
 * buffered), stopping when the client closes; resolves with how many went out and whether the
 * client closed first.
 */
function flood(ws: WebSocket, message: string, count: number): Promise<{ sent: number; closedEarly: boolean }> {
  return new Promise((resolve) => {
    let sent = 0;
    const pump = (): void => {
      while (ws.readyState === WebSocket.OPEN && sent < count && ws.bufferedAmount < 1_048_576) {
        ws.send(message);
        sent++;
      }
      if (ws.readyState !== WebSocket.OPEN) resolve({ sent, closedEarly: sent < count });
      else if (sent >= count) resolve({ sent, closedEarly: false });
      else setImmediate(pump);
    };
    pump();
  });
}

const event = (i: number): string => JSON.stringify({ event_type: 'price_change', n: i, pad: 'x'.repeat(200) });

describe('a stream message over maxMessageBytes', () => {
  it('closes the connection unread, which reconnects with backoff; counted and logged once', async () => {
    const srv = await server();
    const { s, clock, lines, opens, closes, events, refused } = socket(srv.url, { maxMessageBytes: 4_096 });
    const first = await srv.conns.next();
    await opens.next();
    first.send(event(1));
    first.send(JSON.stringify({ event_type: 'book', pad: 'x'.repeat(5_000) }));
    const c = await closes.next();
    expect(c.retryInMs).toBe(50); // 0.5 x 100: the backoff of any close
    expect(events.all.map((e) => e.n)).toEqual([1]); // the big one never delivered
    expect(s.counters.refusedTooLarge).toBe(1);
    expect(await refused('too_large')).toBe(1);
    expect(await refused('too_fast')).toBe(0);
    clock.advance(50);
    const second = await srv.conns.next();
    expect(await opens.next()).toBe(true);
    second.send(JSON.stringify({ event_type: 'book', pad: 'x'.repeat(5_000) }));
    await closes.next();
    expect(s.counters.refusedTooLarge).toBe(2);
    expect(await refused('too_large')).toBe(2);
    const warns = lines.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(1);
    expect(warns[0]).toMatchObject({ reason: 'too_large', maxMessageBytes: 4_096 });
    expect(String(warns[0]!.msg)).toMatch(
      /^market stream message refused \(too_large\).*further market stream refused messages are counted/,
    );
  });
});

describe('a stream over its rate bound', () => {
  it('is closed once a window holds more than the bound: the flood stops, nothing past the bound is delivered, the stream reconnects', async () => {
    const srv = await server();
    const rate = { maxMessagesPerSec: 100, maxBytesPerSec: 10_000_000, windowMs: 1_000 };
    const { s, clock, lines, opens, closes, events, refused } = socket(srv.url, { rate });
    const conn = await srv.conns.next();
    await opens.next();
    // 50,000 messages of 240 bytes (12 MB) at once, the clock standing still: 100 fit in the window.
    const out = await flood(conn, event(0), 50_000);
    await closes.next();
    expect(out.closedEarly).toBe(true);
    expect(out.sent).toBeLessThan(50_000);
    // The PONG of the subscription counts too; the 101st message closed the connection unread.
    expect(events.all.length).toBeLessThanOrEqual(100);
    expect(events.all.length).toBeGreaterThanOrEqual(98);
    expect(s.counters.refusedTooFast).toBe(1);
    expect(s.counters.frames).toBe(100);
    expect(await refused('too_fast')).toBe(1);
    const warns = lines.filter((l) => l.level === 'warn');
    expect(warns).toHaveLength(1);
    expect(warns[0]).toMatchObject({ reason: 'too_fast', messages: 101, windowMs: 1_000 });
    expect(String(warns[0]!.msg)).toContain('over 100 messages/s');
    // Reconnected after the backoff; a flood again is refused again, not logged again.
    clock.advance(50);
    const again = await srv.conns.next();
    await opens.next();
    await flood(again, event(0), 50_000);
    await closes.next();
    expect(await refused('too_fast')).toBe(2);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    // Then a stream within bounds: once a whole window has passed, one line says it works again.
    clock.advance(100);
    const calm = await srv.conns.next();
    await opens.next();
    const seen = events.all.length;
    calm.send(event(7));
    await events.next((e) => e.n === 7);
    clock.advance(1_000);
    calm.send(event(8));
    await events.next((e) => e.n === 8);
    expect(events.all.length).toBe(seen + 2);
    const recovered = lines.filter((l) => String(l.msg).includes('works again'));
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toMatchObject({ level: 'info', msg: 'market stream works again after 2 refused message(s)', failures: 2 });
    expect(s.state).toBe('open');
  });

  it('counts bytes as well as messages: a few large messages a second over the byte rate are refused', async () => {
    const srv = await server();
    const rate = { maxMessagesPerSec: 5_000, maxBytesPerSec: 100_000, windowMs: 1_000 };
    const { s, closes, opens, events } = socket(srv.url, { rate });
    const conn = await srv.conns.next();
    await opens.next();
    const big = JSON.stringify({ event_type: 'book', pad: 'x'.repeat(40_000) });
    const out = await flood(conn, big, 1_000);
    await closes.next();
    expect(out.closedEarly).toBe(true);
    expect(events.all.length).toBeLessThanOrEqual(2); // 2 x 40 KB fit in 100 KB, the third does not
    expect(s.counters.refusedTooFast).toBe(1);
  });
});

describe('the market and user streams', () => {
  it('hand their bounds to their socket, and name themselves in its log lines', async () => {
    const srv = await server();
    const { logger, lines } = logCapture('info');
    const closes = new Inbox<CloseInfo>();
    const common = {
      clock: new FakeClock(1_000_000),
      random: () => 0.5,
      reconnectBaseMs: 100,
      reconnectMaxMs: 1_000,
      pingIntervalMs: 0,
      logger,
    };
    const market = new MarketStream({
      ...common,
      url: srv.url,
      maxMessageBytes: 1_024,
      onMarketEvent: () => undefined,
      onDisconnect: closes.push,
    });
    const user = new UserStream({
      ...common,
      url: srv.url.replace('/ws/market', '/ws/user'),
      credentials: TEST_CREDENTIALS,
      rate: { maxMessagesPerSec: 1, maxBytesPerSec: 1_000_000, windowMs: 1_000 },
      onDisconnect: closes.push,
    });
    cleanup.push(async () => {
      await market.close();
      await user.close();
    });
    market.setTokens(['a:0']);
    market.start();
    (await srv.conns.next()).send(JSON.stringify({ event_type: 'book', pad: 'x'.repeat(2_000) }));
    await closes.next();
    expect(market.socketCounters.refusedTooLarge).toBe(1);
    user.start();
    const u = await srv.conns.next();
    u.send(JSON.stringify({ event_type: 'order' }));
    u.send(JSON.stringify({ event_type: 'order' }));
    await closes.next();
    expect(user.socketCounters.refusedTooFast).toBe(1);
    const warns = lines.filter((l) => l.level === 'warn').map((l) => String(l.msg));
    expect(warns.some((m) => m.startsWith('market stream message refused (too_large)'))).toBe(true);
    expect(warns.some((m) => m.startsWith('user stream message refused (too_fast)'))).toBe(true);
  });
});
