/**
 * The user channel (`/ws/user`, design.md section 3): the account's own `order` and `trade`
 * events, pushed as they happen, so the executor learns of fills and cancellations without
 * polling. Same reconnect machinery as the market stream (reconnecting-socket.ts).
 *
 * - Subscription `{"type": "user", "markets": [...], "auth": {apiKey, passphrase, timestamp,
 *   signature}}`, the signature over timestamp + "GET" + "/ws/user" (no body) made by the account's
 *   VenueCredentials, exactly as for a signed GET of that path; the secret never travels. Built
 *   afresh on every connect, so the timestamp is always within the venue's freshness window.
 *   `markets` empty = every market of the account.
 * - `onReconnect()` after every reconnect (not the first connect), once the venue has read the
 *   subscription (the PONG to a PING sent after it, see reconnecting-socket.ts): events sent
 *   while the socket was down are lost, so the executor re-reads its open orders (and the trade
 *   catch-up re-reads trades); read from then on, nothing falls in between. `onSubscribed` is the
 *   same moment for every connect, the first included. A refused subscription shows as an
 *   `error` event (e.g. UNAUTHORIZED) and a close, counted in `errors` by code and logged; it
 *   never calls onReconnect, and the socket retries with growing backoff.
 * - Order and trade events are checked like the REST records (src/venue/validate/account.ts);
 *   one that fails is counted and dropped.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { isMakerdError } from '../errors.js';
import { VenueCredentials, type VenueCredentialsInput } from '../venue/credentials.js';
import type { AccountTrade, OpenOrder } from '../venue/types.js';
import { validateAccountTrade, validateOpenOrder } from '../venue/validate/account.js';
import * as c from '../venue/validate/check.js';
import { ReconnectingSocket, type CloseInfo, type SocketCounters, type SocketState } from './reconnecting-socket.js';
import type { StreamRate } from './stream-bounds.js';

export const USER_CHANNEL_PATH = '/ws/user';

export type OrderEventType = 'PLACEMENT' | 'UPDATE' | 'CANCELLATION';
export type UserOrderEvent = { event_type: 'order'; type: OrderEventType } & OpenOrder;
export type UserTradeEvent = { event_type: 'trade' } & AccountTrade;

export interface UserSubscription {
  type: 'user';
  markets: string[];
  auth: { apiKey: string; passphrase: string; timestamp: string; signature: string };
}

/** The signed subscription message at `nowMs`. */
export function userSubscription(credentials: VenueCredentials, markets: readonly string[], nowMs: number): UserSubscription {
  const h = credentials.headersFor({ method: 'GET', path: USER_CHANNEL_PATH, timestampMs: nowMs });
  const p = credentials.headerPrefix;
  return {
    type: 'user',
    markets: [...markets],
    auth: { apiKey: h[`${p}API_KEY`]!, passphrase: h[`${p}PASSPHRASE`]!, timestamp: h[`${p}TIMESTAMP`]!, signature: h[`${p}SIGNATURE`]! },
  };
}

export interface UserStreamCounters {
  orders: number;
  trades: number;
  /** Order/trade events that failed the checks: dropped. */
  invalidEvents: number;
  /** Unknown event kinds. */
  ignoredEvents: number;
  /** `error` events by code (UNAUTHORIZED, BAD_PARAMETER, ...). */
  errors: Record<string, number>;
}

export interface UserStreamOptions {
  /** e.g. `ws://127.0.0.1:8080/ws/user` */
  readonly url: string;
  readonly credentials: VenueCredentials | VenueCredentialsInput;
  readonly clock: Clock;
  readonly random?: (() => number) | undefined;
  readonly reconnectBaseMs: number;
  readonly reconnectMaxMs: number;
  readonly pingIntervalMs?: number | undefined;
  /** Largest message accepted (`stream.maxMessageBytes.user`); a bigger one closes the connection (reconnecting-socket.ts). */
  readonly maxMessageBytes?: number | undefined;
  /** Rate bound (`stream.rate.*`); past it the connection is closed and reconnects (reconnecting-socket.ts). */
  readonly rate?: StreamRate | undefined;
  /** Condition ids to receive events of; empty or omitted = all. */
  readonly markets?: readonly string[] | undefined;
  readonly logger?: Logger | undefined;
  readonly onOrder?: ((event: UserOrderEvent) => void) | undefined;
  readonly onTrade?: ((event: UserTradeEvent) => void) | undefined;
  readonly onReconnect?: (() => void) | undefined;
  /** Every connect, once the subscription is read; `reconnect` false for the first. */
  readonly onSubscribed?: ((info: { readonly reconnect: boolean }) => void) | undefined;
  /** The connection closed; `retryInMs` until the next attempt (for logs and metrics). */
  readonly onDisconnect?: ((info: CloseInfo) => void) | undefined;
}

const ROUTE = 'WS /ws/user';
const ORDER_TYPES = ['PLACEMENT', 'UPDATE', 'CANCELLATION'] as const;

/** The checked order event, or BAD_RESPONSE naming the field. */
export function checkOrderEvent(raw: Record<string, unknown>): UserOrderEvent {
  c.oneOf(ROUTE, raw, 'type', '', ORDER_TYPES);
  validateOpenOrder(ROUTE, raw);
  return raw as unknown as UserOrderEvent;
}

/** The checked trade event, or BAD_RESPONSE naming the field. */
export function checkTradeEvent(raw: Record<string, unknown>): UserTradeEvent {
  validateAccountTrade(ROUTE, raw);
  return raw as unknown as UserTradeEvent;
}

export class UserStream {
  readonly #o: UserStreamOptions;
  readonly #credentials: VenueCredentials;
  readonly #socket: ReconnectingSocket;
  #markets: string[];
  readonly #counters: UserStreamCounters = { orders: 0, trades: 0, invalidEvents: 0, ignoredEvents: 0, errors: {} };

  constructor(options: UserStreamOptions) {
    this.#o = options;
    this.#credentials = options.credentials instanceof VenueCredentials ? options.credentials : new VenueCredentials(options.credentials);
    this.#markets = [...(options.markets ?? [])];
    this.#socket = new ReconnectingSocket({
      url: options.url,
      clock: options.clock,
      random: options.random,
      reconnectBaseMs: options.reconnectBaseMs,
      reconnectMaxMs: options.reconnectMaxMs,
      pingIntervalMs: options.pingIntervalMs,
      logger: options.logger,
      name: 'user',
      maxMessageBytes: options.maxMessageBytes,
      rate: options.rate,
      subscribe: () => [this.#subscription()],
      onEvent: (e) => this.#onEvent(e),
      onClose: (info) => this.#o.onDisconnect?.(info),
      onOpen: (info) => {
        this.#o.onSubscribed?.(info);
        if (info.reconnect) this.#o.onReconnect?.();
      },
    });
  }

  get state(): SocketState {
    return this.#socket.state;
  }

  /** Connected and the subscription confirmed read by the venue. */
  get subscribed(): boolean {
    return this.#socket.subscribed;
  }

  get counters(): Readonly<UserStreamCounters> {
    return this.#counters;
  }

  get socketCounters(): Readonly<SocketCounters> {
    return this.#socket.counters;
  }

  /** Replaces the market filter; resubscribes (freshly signed) at once when connected. */
  setMarkets(conditionIds: readonly string[]): void {
    const next = [...conditionIds];
    if (next.length === this.#markets.length && next.every((m, i) => m === this.#markets[i])) return;
    this.#markets = next;
    this.#socket.send(this.#subscription());
  }

  start(): void {
    this.#socket.start();
  }

  close(): Promise<void> {
    return this.#socket.close();
  }

  #subscription(): UserSubscription {
    return userSubscription(this.#credentials, this.#markets, this.#o.clock.now());
  }

  #onEvent(raw: Record<string, unknown>): void {
    switch (raw.event_type) {
      case 'order':
        this.#deliver(raw, checkOrderEvent, (e) => {
          this.#counters.orders++;
          this.#o.onOrder?.(e);
        });
        return;
      case 'trade':
        this.#deliver(raw, checkTradeEvent, (e) => {
          this.#counters.trades++;
          this.#o.onTrade?.(e);
        });
        return;
      case 'error': {
        const code = typeof raw.code === 'string' && /^[A-Z_]{1,40}$/.test(raw.code) ? raw.code : 'UNKNOWN';
        this.#counters.errors[code] = (this.#counters.errors[code] ?? 0) + 1;
        this.#o.logger?.warn(
          { code, error: typeof raw.error === 'string' ? this.#credentials.redact(raw.error) : undefined },
          'user stream error event',
        );
        return;
      }
      default:
        this.#counters.ignoredEvents++;
    }
  }

  #deliver<T>(raw: Record<string, unknown>, check: (raw: Record<string, unknown>) => T, use: (e: T) => void): void {
    let event: T;
    try {
      event = check(raw);
    } catch (err) {
      this.#counters.invalidEvents++;
      this.#o.logger?.warn({ err: isMakerdError(err) ? err.message : String(err) }, 'user stream event rejected');
      return;
    }
    use(event);
  }
}
