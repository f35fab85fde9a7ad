/**
 * The two WebSocket channels (design.md section 3) over `ws`, attached to the HTTP server's
 * upgrade event:
 *   /ws/market  subscribe {"type": "market", "assets_ids": [...]} (may be repeated to add assets;
 *               `type` may be omitted);
 *               answered with a `book` event per asset (with the current `tick_size`), then
 *               `price_change`, `last_trade_price`, `tick_size_change` (old_tick_size,
 *               new_tick_size) and `market_resolved` (the simulator's: winning_asset_id,
 *               winning_outcome) as the exchange reports them. Unknown assets get an `error`
 *               event; the connection stays open.
 *   /ws/user    subscribe {"type": "user", "markets": [...], "auth": {apiKey, passphrase,
 *               timestamp, signature}}, the signature over timestamp + "GET" + "/ws/user" by the
 *               account's secret; `trade` and `order` events of that account, filtered by
 *               condition id when `markets` is non-empty. A bad subscription gets an `error`
 *               event, counts as an auth failure and is closed with code 4401.
 * Text `PING` is answered `PONG`. Events raised within one synchronous exchange call are sent
 * together, one frame per connection (an array when there are several). While books are frozen
 * the market channel sends no book or price changes. The `wsDropRate` fault terminates a
 * connection instead of sending a frame; the `streamFloodMb` fault (stream-flood.ts) sends large
 * messages through `floodMarket`; the HTTP faults (resets, 425, 429, 5xx, latency) and the edge
 * limits do not apply to WebSocket upgrades.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Clock } from '../../clock/clock.js';
import type { ExchangeEvent, SimAccount } from '../contracts.js';
import type { AccountRegistry } from './account-registry.js';
import { verifyCredentials } from './auth.js';
import type { BookView } from './book-view.js';
import type { FaultController } from './faults.js';
import type { StatsRecorder } from './stats.js';
import { bookEvent, marketChannelEvent, type MarketChannelEvent, type UserChannelEvent } from './ws-events.js';
import type { SimServerWorld } from './world.js';

/** Close code for a rejected user subscription (4000-4999 are application codes). */
export const WS_CLOSE_UNAUTHORIZED = 4401;

interface Conn {
  readonly ws: WebSocket;
  readonly channel: 'market' | 'user';
  /** market channel: subscribed token ids. */
  readonly assets: Set<string>;
  /** user channel: the authenticated account and its market filter (empty = all). */
  account: SimAccount | undefined;
  addressLc: string;
  readonly markets: Set<string>;
  pending: unknown[];
}

export interface WsHubDeps {
  readonly world: SimServerWorld;
  readonly clock: Clock;
  readonly registry: AccountRegistry;
  readonly authWindowMs: number;
  readonly faults: FaultController;
  readonly books: BookView;
  readonly stats: StatsRecorder;
}

export class WsHub {
  readonly #d: WsHubDeps;
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #conns = new Set<Conn>();
  readonly #dirty = new Set<Conn>();
  #flushQueued = false;
  readonly #unsubscribe: () => void;

  constructor(deps: WsHubDeps) {
    this.#d = deps;
    this.#unsubscribe = deps.world.exchange.subscribe((e) => this.#onExchangeEvent(e));
  }

  /** Hook for the HTTP server's 'upgrade' event. */
  readonly handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (req.url ?? '/').split('?')[0];
    const channel = path === '/ws/market' ? 'market' : path === '/ws/user' ? 'user' : undefined;
    if (channel === undefined) {
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      return;
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws, channel));
  };

  get openConnections(): number {
    return this.#conns.size;
  }

  /** A token some market-channel connection subscribed to, and its market (the stream flood's message names it). */
  floodToken(): { tokenId: string; market: string } | undefined {
    let any = false;
    for (const c of this.#conns) {
      if (c.channel !== 'market') continue;
      any = true;
      for (const tokenId of c.assets) return { tokenId, market: this.#d.world.lookup.token(tokenId)?.conditionId ?? '' };
    }
    return any ? { tokenId: '0', market: '' } : undefined;
  }

  /**
   * The stream flood: `message` as one text frame to every open market-channel connection, except
   * one whose send buffer still holds at least a message (a reader that keeps up gets every one;
   * one that does not costs no more memory). How many connections it went to.
   */
  floodMarket(message: Buffer): number {
    let sent = 0;
    for (const c of this.#conns) {
      if (c.channel !== 'market' || c.ws.readyState !== c.ws.OPEN || c.ws.bufferedAmount >= message.length) continue;
      c.ws.send(message, { binary: false });
      sent++;
    }
    return sent;
  }

  /** Terminates every connection (the `dropWebSockets` fault, and close()). */
  dropAll(): void {
    for (const c of this.#conns) c.ws.terminate();
  }

  close(): Promise<void> {
    this.#unsubscribe();
    this.dropAll();
    return new Promise((resolve) => this.#wss.close(() => resolve()));
  }

  #accept(ws: WebSocket, channel: 'market' | 'user'): void {
    const conn: Conn = { ws, channel, assets: new Set(), account: undefined, addressLc: '', markets: new Set(), pending: [] };
    this.#conns.add(conn);
    this.#d.stats.wsTotal++;
    this.#d.stats.wsOpen++;
    ws.on('close', () => {
      if (this.#conns.delete(conn)) this.#d.stats.wsOpen--;
      this.#dirty.delete(conn);
    });
    ws.on('error', () => ws.terminate());
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      if (text === 'PING') {
        ws.send('PONG');
        return;
      }
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        this.#sendError(conn, 'message must be PING or a JSON subscription', 'BAD_PARAMETER');
        return;
      }
      if (channel === 'market') this.#subscribeMarket(conn, msg);
      else this.#subscribeUser(conn, msg);
    });
  }

  #sendError(conn: Conn, error: string, code: string): void {
    conn.ws.send(JSON.stringify({ event_type: 'error', error, code }));
  }

  #subscribeMarket(conn: Conn, msg: unknown): void {
    const m = msg as { type?: unknown; assets_ids?: unknown };
    // `type` may be left out on the market channel (the path already says which channel it is).
    if (
      typeof m !== 'object' ||
      m === null ||
      (m.type !== undefined && String(m.type).toLowerCase() !== 'market') ||
      !Array.isArray(m.assets_ids)
    ) {
      this.#sendError(conn, "subscription must be {type: 'market', assets_ids: [...]}", 'BAD_PARAMETER');
      return;
    }
    const events: MarketChannelEvent[] = [];
    for (const id of m.assets_ids) {
      const book = typeof id === 'string' && this.#d.world.lookup.token(id) ? this.#d.books.book(id) : undefined;
      if (!book) {
        events.push({ event_type: 'error', error: `unknown asset ${String(id)}`, code: 'NOT_FOUND' });
        continue;
      }
      conn.assets.add(id as string);
      events.push(bookEvent(book));
    }
    this.#queue(conn, events);
  }

  #subscribeUser(conn: Conn, msg: unknown): void {
    const m = msg as { type?: unknown; markets?: unknown; auth?: Record<string, unknown> };
    const auth = typeof m?.auth === 'object' && m.auth !== null ? m.auth : {};
    const s = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
    const outcome =
      typeof m === 'object' && m !== null && String(m.type).toLowerCase() === 'user'
        ? verifyCredentials(
            this.#d.registry,
            this.#d.clock.now(),
            this.#d.authWindowMs,
            {
              apiKey: s(auth.apiKey),
              passphrase: s(auth.passphrase),
              timestamp: s(auth.timestamp),
              signature: s(auth.signature),
              method: 'GET',
              path: '/ws/user',
              body: '',
            },
            false,
          )
        : ({ ok: false, reason: 'missing_header', message: "subscription must be {type: 'user', auth: {...}}" } as const);
    if (!outcome.ok) {
      this.#d.stats.authFailure(outcome.reason);
      conn.ws.send(JSON.stringify({ event_type: 'error', error: outcome.message, code: 'UNAUTHORIZED' }));
      conn.ws.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    conn.account = outcome.account;
    conn.addressLc = outcome.account.address.toLowerCase();
    conn.markets.clear();
    if (Array.isArray(m.markets)) for (const id of m.markets) if (typeof id === 'string' && id !== '') conn.markets.add(id);
  }

  #onExchangeEvent(e: ExchangeEvent): void {
    if (this.#conns.size === 0) return;
    switch (e.type) {
      case 'book':
      case 'price_change':
      case 'last_trade_price':
      case 'tick_size_change':
      case 'market_resolved':
        this.#toMarketChannel(e);
        return;
      case 'trade':
        this.#toUserChannel(e.address, e.trade.market, () => ({ event_type: 'trade', ...e.trade }));
        return;
      case 'order':
        this.#toUserChannel(e.address, e.order.market, () => ({ event_type: 'order', type: e.event, ...e.order }));
        return;
    }
  }

  #toMarketChannel(e: Extract<ExchangeEvent, { tokenId: string }>): void {
    if ((e.type === 'book' || e.type === 'price_change') && this.#d.books.frozen) return;
    let event: MarketChannelEvent | undefined;
    const build = (): MarketChannelEvent | undefined =>
      marketChannelEvent(e, this.#d.world.exchange, (t) => this.#d.world.lookup.token(t)?.conditionId ?? '', this.#d.clock.now());
    for (const c of this.#conns) {
      if (c.channel !== 'market' || !c.assets.has(e.tokenId)) continue;
      event ??= build();
      if (event === undefined) return;
      this.#queue(c, [event]);
    }
  }

  #toUserChannel(address: string, market: string, build: () => UserChannelEvent): void {
    const lc = address.toLowerCase();
    let event: UserChannelEvent | undefined;
    for (const c of this.#conns) {
      if (c.channel !== 'user' || c.addressLc !== lc || (c.markets.size > 0 && !c.markets.has(market))) continue;
      event ??= build();
      this.#queue(c, [event]);
    }
  }

  #queue(conn: Conn, events: unknown[]): void {
    if (events.length === 0) return;
    for (const e of events) conn.pending.push(e);
    this.#dirty.add(conn);
    if (!this.#flushQueued) {
      this.#flushQueued = true;
      queueMicrotask(() => this.#flush());
    }
  }

  #flush(): void {
    this.#flushQueued = false;
    for (const c of this.#dirty) {
      const events = c.pending;
      c.pending = [];
      if (c.ws.readyState !== c.ws.OPEN) continue;
      if (this.#d.faults.dropWebSocketFrame()) {
        this.#d.stats.fault('ws_drop');
        c.ws.terminate();
        continue;
      }
      c.ws.send(JSON.stringify(events.length === 1 ? events[0] : events));
    }
    this.#dirty.clear();
  }
}
