/**
 * The market channel (`/ws/market`, design.md section 3) as a source of early re-evaluations:
 * subscribes the selected tokens, checks each event where it enters, and tells its listener which
 * market moved (`book`, `price_change`) or changed its tick (`tick_size_change`). The poller stays
 * the source of truth for books; the stream only says "look at this market now".
 *
 * - Subscription `{"type": "market", "assets_ids": [...]}`, sent on every (re)connect; tokens added
 *   later are subscribed on the open connection. The channel has no unsubscribe: events of tokens
 *   removed by setTokens are dropped here.
 * - After every (re)connect, once the venue has read the subscription (reconnecting-socket.ts),
 *   `onResync()` is called: events missed while disconnected are gone, so the caller re-reads
 *   every book (one POST /books).
 * - Checks: a book's levels must parse with prices in (0, 1) and sizes >= 0 (and come out sorted
 *   best first), a price change's likewise, a tick size in (0, 1); ids non-empty. An event that
 *   fails is counted (`invalidEvents`) and dropped; `error` events are logged and counted;
 *   `last_trade_price` goes to `onTrade` when one is given (paper mode's fills), else it is
 *   counted as ignored, like unknown kinds.
 * - `market_resolved` (the market of a subscribed token has resolved: it has closed, at its end or
 *   before) goes to `onMarketResolved` with its condition id, once per market; it needs only
 *   non-empty `asset_id` and `market`, the only fields read.
 * - `lastHash(token)` is the book hash the latest book or price_change carried (for HashGate).
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { badResponse, isMakerdError } from '../errors.js';
import type { Decimal } from '../money.js';
import type { PriceLevel, Side } from '../venue/types.js';
import * as c from '../venue/validate/check.js';
import { ReconnectingSocket, type CloseInfo, type SocketCounters, type SocketState } from './reconnecting-socket.js';
import type { StreamRate } from './stream-bounds.js';

export type MarketEventKind = 'book' | 'price_change' | 'tick_size_change';

/** `book`: a full snapshot of one token's book (levels sorted best first here). */
export interface StreamBook {
  event_type: 'book';
  asset_id: string;
  market: string;
  bids: PriceLevel[];
  asks: PriceLevel[];
  tick_size: string;
  /** Unix ms, as a string. */
  timestamp: string;
  hash: string;
}

/** `price_change`: new aggregate sizes of the levels that changed ("0" = level gone). */
export interface StreamPriceChange {
  event_type: 'price_change';
  asset_id: string;
  market: string;
  changes: { price: string; side: Side; size: string }[];
  timestamp: string;
  /** Hash of the book after the change. */
  hash: string;
}

export interface StreamTickSizeChange {
  event_type: 'tick_size_change';
  asset_id: string;
  market: string;
  old_tick_size: string;
  new_tick_size: string;
  timestamp: string;
}

export type MarketStreamEvent = StreamBook | StreamPriceChange | StreamTickSizeChange;

/** `last_trade_price`: one match of a taker order at one price; `side` is the taker's. */
export interface StreamTrade {
  event_type: 'last_trade_price';
  asset_id: string;
  market: string;
  price: string;
  side: Side;
  size: string;
  timestamp: string;
}

export interface MarketStreamCounters {
  book: number;
  price_change: number;
  tick_size_change: number;
  /** `market_resolved` events handed on (once per market). */
  market_resolved: number;
  /** Events that failed the checks: dropped. */
  invalidEvents: number;
  /** `error` events from the venue. */
  errorEvents: number;
  /** last_trade_price delivered to `onTrade`. */
  trades: number;
  /** last_trade_price without `onTrade`, unknown kinds, tokens not (or no longer) subscribed. */
  ignoredEvents: number;
}

export interface MarketStreamOptions {
  /** e.g. `ws://127.0.0.1:8080/ws/market` */
  readonly url: string;
  readonly clock: Clock;
  readonly random?: (() => number) | undefined;
  readonly reconnectBaseMs: number;
  readonly reconnectMaxMs: number;
  readonly pingIntervalMs?: number | undefined;
  /** Largest message accepted (`stream.maxMessageBytes.market`); a bigger one closes the connection (reconnecting-socket.ts). */
  readonly maxMessageBytes?: number | undefined;
  /** `books.maxLevels`: a `book` side longer than this is passed on unread, for the book check to refuse by its length. */
  readonly maxLevels?: number | undefined;
  /** Rate bound (`stream.rate.*`); past it the connection is closed and reconnects (reconnecting-socket.ts). */
  readonly rate?: StreamRate | undefined;
  readonly logger?: Logger | undefined;
  readonly onMarketEvent: (conditionId: string, tokenId: string, kind: MarketEventKind, event: MarketStreamEvent) => void;
  /** A subscribed token's market resolved (`market_resolved`): it takes no more orders. */
  readonly onMarketResolved?: ((conditionId: string) => void) | undefined;
  /** Public trades (`last_trade_price`), checked; without it they are ignored. */
  readonly onTrade?: ((trade: StreamTrade) => void) | undefined;
  /** Every event as received, before any check (a recorder's tap: src/record). */
  readonly onRawEvent?: ((event: Record<string, unknown>) => void) | undefined;
  /** After every connect and reconnect: re-read every book. */
  readonly onResync?: (() => void) | undefined;
  /** The connection closed; `retryInMs` until the next attempt (for logs and metrics). */
  readonly onDisconnect?: ((info: CloseInfo) => void) | undefined;
}

const ROUTE = 'WS /ws/market';
const SIDES = ['BUY', 'SELL'] as const;

function levels(value: unknown, field: string, bestFirst: 'high' | 'low', maxLevels: number): PriceLevel[] {
  const all = c.array(ROUTE, value, field);
  // Unread: too long to use (see checkMarketEvent).
  if (all.length > maxLevels) return all as PriceLevel[];
  const keyed = all.map((el, i) => {
    const f = c.at(field, i);
    const lv = c.object(ROUTE, el, f);
    const price: Decimal = c.priceText(ROUTE, lv, 'price', f);
    c.sizeText(ROUTE, lv, 'size', f);
    return { price, level: { price: lv.price as string, size: lv.size as string } };
  });
  keyed.sort(bestFirst === 'high' ? (a, b) => b.price.cmp(a.price) : (a, b) => a.price.cmp(b.price));
  return keyed.map((k) => k.level);
}

/**
 * The checked event, or BAD_RESPONSE naming the field; undefined for kinds this stream ignores. A
 * `book` side longer than `maxLevels` is neither read nor sorted (a flood of books of 100,000
 * levels would hold the event loop for hundreds of ms): its levels are handed on as they came, and
 * the book check (book-check.ts) refuses the book by that length before it reads any level.
 */
export function checkMarketEvent(raw: Record<string, unknown>, maxLevels = Number.POSITIVE_INFINITY): MarketStreamEvent | undefined {
  const kind = raw.event_type;
  if (kind !== 'book' && kind !== 'price_change' && kind !== 'tick_size_change') return undefined;
  const asset_id = c.nonEmptyString(ROUTE, raw, 'asset_id', '');
  const market = c.nonEmptyString(ROUTE, raw, 'market', '');
  const timestamp = c.digitsText(ROUTE, raw, 'timestamp', '');
  if (kind === 'book') {
    c.tickText(ROUTE, raw, 'tick_size', '');
    return {
      event_type: 'book',
      asset_id,
      market,
      bids: levels(raw.bids, 'bids', 'high', maxLevels),
      asks: levels(raw.asks, 'asks', 'low', maxLevels),
      tick_size: raw.tick_size as string,
      timestamp,
      hash: c.string(ROUTE, raw, 'hash', ''),
    };
  }
  if (kind === 'price_change') {
    const changes = c.array(ROUTE, raw.changes, 'changes').map((el, i) => {
      const f = c.at('changes', i);
      const ch = c.object(ROUTE, el, f);
      c.priceText(ROUTE, ch, 'price', f);
      c.sizeText(ROUTE, ch, 'size', f);
      return { price: ch.price as string, side: c.oneOf(ROUTE, ch, 'side', f, SIDES), size: ch.size as string };
    });
    return { event_type: 'price_change', asset_id, market, changes, timestamp, hash: c.string(ROUTE, raw, 'hash', '') };
  }
  c.tickText(ROUTE, raw, 'old_tick_size', '');
  c.tickText(ROUTE, raw, 'new_tick_size', '');
  return {
    event_type: 'tick_size_change',
    asset_id,
    market,
    old_tick_size: raw.old_tick_size as string,
    new_tick_size: raw.new_tick_size as string,
    timestamp,
  };
}

/** The checked `last_trade_price` event, or BAD_RESPONSE naming the field. */
export function checkTradeEvent(raw: Record<string, unknown>): StreamTrade {
  c.priceText(ROUTE, raw, 'price', '');
  const size = c.sizeText(ROUTE, raw, 'size', '');
  if (!size.gt(0)) throw badResponse(ROUTE, 'size', 'must be greater than 0', raw.size);
  return {
    event_type: 'last_trade_price',
    asset_id: c.nonEmptyString(ROUTE, raw, 'asset_id', ''),
    market: c.nonEmptyString(ROUTE, raw, 'market', ''),
    price: raw.price as string,
    side: c.oneOf(ROUTE, raw, 'side', '', SIDES),
    size: raw.size as string,
    timestamp: c.digitsText(ROUTE, raw, 'timestamp', ''),
  };
}

export class MarketStream {
  readonly #o: MarketStreamOptions;
  readonly #socket: ReconnectingSocket;
  #tokens = new Set<string>();
  readonly #hashes = new Map<string, string>();
  /** Markets whose `market_resolved` was handed on. */
  readonly #resolved = new Set<string>();
  readonly #counters: MarketStreamCounters = {
    book: 0,
    price_change: 0,
    tick_size_change: 0,
    market_resolved: 0,
    trades: 0,
    invalidEvents: 0,
    errorEvents: 0,
    ignoredEvents: 0,
  };

  constructor(options: MarketStreamOptions) {
    this.#o = options;
    this.#socket = new ReconnectingSocket({
      url: options.url,
      clock: options.clock,
      random: options.random,
      reconnectBaseMs: options.reconnectBaseMs,
      reconnectMaxMs: options.reconnectMaxMs,
      pingIntervalMs: options.pingIntervalMs,
      logger: options.logger,
      name: 'market',
      maxMessageBytes: options.maxMessageBytes,
      rate: options.rate,
      subscribe: () => (this.#tokens.size === 0 ? [] : [{ type: 'market', assets_ids: [...this.#tokens] }]),
      onEvent: (e) => this.#onEvent(e),
      onClose: (info) => this.#o.onDisconnect?.(info),
      onOpen: () => this.#o.onResync?.(),
    });
  }

  get state(): SocketState {
    return this.#socket.state;
  }

  /** Connected and the subscription confirmed read by the venue. */
  get subscribed(): boolean {
    return this.#socket.subscribed;
  }

  get counters(): Readonly<MarketStreamCounters> {
    return this.#counters;
  }

  get socketCounters(): Readonly<SocketCounters> {
    return this.#socket.counters;
  }

  /** The tokens to follow; new ones are subscribed at once when connected. */
  setTokens(tokenIds: readonly string[]): void {
    const next = new Set(tokenIds);
    const added = [...next].filter((t) => !this.#tokens.has(t));
    for (const t of this.#tokens) if (!next.has(t)) this.#hashes.delete(t);
    this.#tokens = next;
    if (added.length > 0) this.#socket.send({ type: 'market', assets_ids: added });
  }

  tokens(): string[] {
    return [...this.#tokens];
  }

  /** Hash of the token's book as of the latest book or price_change event, if any. */
  lastHash(tokenId: string): string | undefined {
    return this.#hashes.get(tokenId);
  }

  start(): void {
    this.#socket.start();
  }

  close(): Promise<void> {
    return this.#socket.close();
  }

  #onEvent(raw: Record<string, unknown>): void {
    this.#o.onRawEvent?.(raw);
    if (raw.event_type === 'error') {
      this.#counters.errorEvents++;
      this.#o.logger?.warn({ code: raw.code, error: raw.error }, 'market stream error event');
      return;
    }
    if (raw.event_type === 'market_resolved') {
      this.#onResolved(raw);
      return;
    }
    const onTrade = raw.event_type === 'last_trade_price' ? this.#o.onTrade : undefined;
    let event: MarketStreamEvent | StreamTrade | undefined;
    try {
      event = onTrade !== undefined ? checkTradeEvent(raw) : checkMarketEvent(raw, this.#o.maxLevels);
    } catch (err) {
      this.#counters.invalidEvents++;
      this.#o.logger?.warn({ err: isMakerdError(err) ? err.message : String(err) }, 'market stream event rejected');
      return;
    }
    if (event === undefined || !this.#tokens.has(event.asset_id)) {
      this.#counters.ignoredEvents++;
      return;
    }
    if (event.event_type === 'last_trade_price') {
      this.#counters.trades++;
      onTrade?.(event);
      return;
    }
    this.#counters[event.event_type]++;
    if (event.event_type !== 'tick_size_change') this.#hashes.set(event.asset_id, event.hash);
    this.#o.onMarketEvent(event.market, event.asset_id, event.event_type, event);
  }

  #onResolved(raw: Record<string, unknown>): void {
    let market: string;
    let token: string;
    try {
      token = c.nonEmptyString(ROUTE, raw, 'asset_id', '');
      market = c.nonEmptyString(ROUTE, raw, 'market', '');
    } catch (err) {
      this.#counters.invalidEvents++;
      this.#o.logger?.warn({ err: isMakerdError(err) ? err.message : String(err) }, 'market stream event rejected');
      return;
    }
    // Both tokens of a market say so: the market is told once.
    if (this.#o.onMarketResolved === undefined || !this.#tokens.has(token) || this.#resolved.has(market)) {
      this.#counters.ignoredEvents++;
      return;
    }
    this.#resolved.add(market);
    this.#counters.market_resolved++;
    this.#o.onMarketResolved(market);
  }
}
