/**
 * ReconnectingSocket against a small `ws` server of the test's own: the subscription rebuilt on
 * every connect, onOpen only once the venue has read it (PONG) or after the confirm timeout,
 * full-jitter backoff on the clock that grows and resets, the silent-connection check, close().
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { ReconnectingSocket, type CloseInfo, type ReconnectingSocketOptions } from '../../src/market/reconnecting-socket.js';
import { Inbox } from './inbox.js';

interface Server {
  readonly url: string;
  readonly conns: Inbox<WebSocket>;
  readonly messages: Inbox<string>;
  close(): Promise<void>;
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

/** A server that answers PING with PONG unless `silent`. */
async function server(options: { silent?: boolean } = {}): Promise<Server> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss.once('listening', r));
  const conns = new Inbox<WebSocket>();
  const messages = new Inbox<string>();
  wss.on('connection', (ws) => {
    conns.push(ws);
    ws.on('message', (d) => {
      const text = d.toString();
      messages.push(text);
      if (text === 'PING' && !options.silent) ws.send('PONG');
    });
  });
  const s = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws/market`,
    conns,
    messages,
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
  cleanup.push(s.close);
  return s;
}

function socket(url: string, patch: Partial<ReconnectingSocketOptions> = {}) {
  const clock = new FakeClock(1_000_000);
  const opens = new Inbox<boolean>();
  const closes = new Inbox<CloseInfo>();
  const events = new Inbox<Record<string, unknown>>();
  let n = 0;
  const s = new ReconnectingSocket({
    url,
    clock,
    random: () => 0.5,
    reconnectBaseMs: 100,
    reconnectMaxMs: 1_000,
    pingIntervalMs: 0,
    subscribe: () => [{ type: 'market', n: ++n }],
    onEvent: events.push,
    onOpen: ({ reconnect }) => opens.push(reconnect),
    onClose: closes.push,
    ...patch,
  });
  cleanup.push(() => s.close());
  s.start();
  return { s, clock, opens, closes, events };
}

describe('ReconnectingSocket', () => {
  it('sends a freshly built subscription and a PING on every connect; onOpen after the PONG', async () => {
    const srv = await server();
    const { s, opens, closes, clock } = socket(srv.url);
    expect(JSON.parse(await srv.messages.next())).toEqual({ type: 'market', n: 1 });
    expect(await srv.messages.next()).toBe('PING');
    expect(await opens.next()).toBe(false);
    expect(s.state).toBe('open');
    (await srv.conns.next()).terminate();
    const c = await closes.next();
    expect(c.retryInMs).toBe(50); // 0.5 x 100
    clock.advance(50);
    expect(JSON.parse(await srv.messages.next())).toEqual({ type: 'market', n: 2 });
    expect(await opens.next()).toBe(true);
    expect(s.counters).toMatchObject({ opens: 2, reconnects: 1 });
  });

  it('calls onOpen after confirmTimeoutMs when the peer never answers PING', async () => {
    const srv = await server({ silent: true });
    const { opens, clock } = socket(srv.url, { confirmTimeoutMs: 2_000 });
    await srv.messages.next((m) => m === 'PING');
    expect(opens.all).toEqual([]);
    clock.advance(2_000);
    expect(await opens.next()).toBe(false);
  });

  it('backs off with full jitter, growing to the cap, and starts over after a stable connection', async () => {
    const srv = await server();
    const { closes, clock, opens } = socket(srv.url, { stableAfterMs: 10_000 });
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      await opens.next();
      (await srv.conns.next()).terminate();
      const c = await closes.next();
      delays.push(c.retryInMs!);
      clock.advance(c.retryInMs!);
    }
    expect(delays).toEqual([50, 100, 200, 400, 500, 500]); // 0.5 x min(1000, 100 x 2^n)
    await opens.next();
    clock.advance(10_000); // stayed open long enough
    (await srv.conns.next()).terminate();
    expect((await closes.next()).retryInMs).toBe(50);
  });

  it('drops a connection that stays silent for a whole ping interval, and reconnects', async () => {
    const srv = await server({ silent: true });
    const { s, clock, closes } = socket(srv.url, { pingIntervalMs: 1_000, confirmTimeoutMs: 500 });
    await srv.messages.next((m) => m === 'PING'); // the confirming PING, unanswered
    clock.advance(1_000); // nothing heard since: dead
    const c = await closes.next();
    expect(s.counters.deadConnections).toBe(1);
    expect(s.state).toBe('connecting');
    expect(c.retryInMs).toBe(50);
  });

  it('keeps a connection that answers, pinging every interval', async () => {
    const srv = await server();
    const { s, clock, opens, events } = socket(srv.url, { pingIntervalMs: 1_000 });
    await opens.next(); // the confirming PING was answered
    await srv.messages.next((m) => m === 'PING');
    const conn = await srv.conns.next();
    for (let i = 0; i < 3; i++) {
      clock.advance(1_000);
      await srv.messages.next((m) => m === 'PING');
      // An event sent after the PONG: once it is in, so is the PONG, before the next interval ends.
      conn.send(JSON.stringify({ i }));
      await events.next((e) => e.i === i);
    }
    expect(s.counters.deadConnections).toBe(0);
    expect(s.state).toBe('open');
  });

  it('counts a handler that throws and goes on', async () => {
    const srv = await server();
    let calls = 0;
    const { s, opens } = socket(srv.url, {
      onEvent: () => {
        calls++;
        throw new Error('boom');
      },
    });
    await opens.next();
    const conn = await srv.conns.next();
    conn.send(JSON.stringify([{ a: 1 }, { a: 2 }]));
    conn.send('PING');
    await srv.messages.next((m) => m === 'PONG');
    expect(calls).toBe(2);
    expect(s.counters.handlerErrors).toBe(2);
    expect(s.state).toBe('open');
  });

  it('close() ends it for good: no reconnect is scheduled', async () => {
    const srv = await server();
    const { s, clock, opens, closes } = socket(srv.url);
    await opens.next();
    await s.close();
    expect(s.state).toBe('closed');
    expect((await closes.next()).retryInMs).toBeUndefined();
    expect(clock.pendingTimers).toBe(0);
  });

  it('rejects a URL that is not ws(s)', () => {
    expect(
      () =>
        new ReconnectingSocket({
          url: 'http://x',
          clock: new FakeClock(),
          reconnectBaseMs: 1,
          reconnectMaxMs: 2,
          subscribe: () => [],
          onEvent: () => {},
        }),
    ).toThrow(/ws:\/\//);
  });
});
