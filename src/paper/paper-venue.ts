/**
 * The venue as paper mode's executor sees it: the executor's contract (src/execution/
 * executor-contract.ts: post, cancel, cancel by market, list open orders) and the fill feed's
 * (GET /data/trades), answered in process from virtual orders resting in the queue-fill model
 * (queue-fill-model.ts), which the venue's public market stream drives (`onBook`, `onPriceChange`,
 * `onTrade`). Nothing here talks to the network, so no request of paper trading is ever signed.
 *
 * Each virtual fill is told to the listeners as the venue would tell it: an account trade in the
 * maker's view and the order's new record (an `order` UPDATE), so the daemon counts it through its
 * usual fill path (attribution, fees, deduplication, the paper journal, the portfolio).
 *
 * Ids carry the run's id (`runId`): a restarted daemon replays its paper journal, and a fill id
 * seen before would be dropped as a duplicate.
 *
 * A GTD order (executor.orderTtlSec) is removed at its expiration as the venue removes it, and
 * told to the gone listeners as the venue's CANCELLATION: on a clock timer at the earliest expiry,
 * and before every call and market event at or after it (an event's venue time counts), so no
 * public trade after the expiry can fill it.
 */
import type { Logger } from 'pino';
import type { Clock } from '../clock/clock.js';
import { badParameter, ErrorCode, MakerdError } from '../errors.js';
import type { CallOptions, ExecutionVenue } from '../execution/executor-contract.js';
import type { StreamBook, StreamPriceChange, StreamTrade } from '../market/market-stream.js';
import { marketOf, outcomeIndexOf } from '../market/token-id.js';
import { type Decimal, isValidPrice, parseDecimal, toPlainString, ZERO } from '../money.js';
import type { AccountIdentity } from '../portfolio/fill-attribution.js';
import type { TradesVenue } from '../portfolio/fill-feed.js';
import type { AccountTrade, CancelResult, OpenOrder, OrderResponse, Paged, PriceLevel } from '../venue/types.js';
import type { StoredBook } from '../trading/book-store.js';
import { overlaid } from './book-overlay.js';
import { PaperQueue } from './paper-queue.js';
import type { Level, VirtualFill, VirtualOrder, VirtualOrderSpec } from './queue-fill-model.js';
import { VirtualExpiries } from './virtual-expiries.js';
import { virtualTrade } from './virtual-trade.js';

export interface PaperVenueOptions {
  readonly clock: Clock;
  /** The paper account, as the fill attribution recognises it. */
  readonly account: AccountIdentity;
  /** Unique per run (order and trade ids carry it). */
  readonly runId: string;
  /** Account trades kept for GET /data/trades catch-ups (oldest dropped first); default 50,000. */
  readonly maxTrades?: number | undefined;
  readonly logger?: Logger | undefined;
}

export type PaperGoneListener = (order: OpenOrder & { type: 'CANCELLATION' }) => void;

export type PaperFillListener = (trade: AccountTrade, order: OpenOrder & { type: 'UPDATE' }, fill: VirtualFill) => void;

export interface PaperStats {
  placed: number;
  /** Post-only orders that would have crossed the public book. */
  refused: number;
  cancelled: number;
  fills: number;
  filledShares: Decimal;
  /** GTD orders removed at their expiration. */
  expired: number;
  /** Public trades and book events the model was given. */
  publicTrades: number;
  bookEvents: number;
}

const LAST_PAGE = 'LTE=';

export class PaperVenue implements ExecutionVenue, TradesVenue {
  /** The virtual orders and the fill model, fed as a replay feeds them (paper-queue.ts). */
  readonly queue = new PaperQueue();
  readonly model = this.queue.model;
  readonly stats: PaperStats = {
    placed: 0,
    refused: 0,
    cancelled: 0,
    fills: 0,
    filledShares: ZERO,
    expired: 0,
    publicTrades: 0,
    bookEvents: 0,
  };
  readonly #o: PaperVenueOptions;
  readonly #orders = new Map<string, OpenOrder>();
  readonly #trades: AccountTrade[] = [];
  readonly #listeners: PaperFillListener[] = [];
  readonly #goneListeners: PaperGoneListener[] = [];
  readonly #expiries: VirtualExpiries;
  #orderSeq = 0;
  #tradeSeq = 0;

  constructor(options: PaperVenueOptions) {
    this.#o = options;
    this.#expiries = new VirtualExpiries(options.clock, () => this.#expireDue(options.clock.now()));
  }

  /** Hears every virtual fill, in order. */
  onFill(listener: PaperFillListener): void {
    this.#listeners.push(listener);
  }

  /** Hears every order dropped without a cancel (a waiting order that met a book it crosses). */
  onGone(listener: PaperGoneListener): void {
    this.#goneListeners.push(listener);
  }

  /** Virtual orders resting now (those waiting for their token's first book included). */
  get openCount(): number {
    return this.#orders.size;
  }

  /** `stored` with this venue's resting virtual orders added, as a live book shows ours, and what was added (book-overlay.ts). */
  overlay(stored: StoredBook): ReturnType<typeof overlaid> {
    return overlaid(stored, this.model.orders(stored.book.tokenId));
  }

  async postTrustedOrder(params: Parameters<ExecutionVenue['postTrustedOrder']>[0], options?: CallOptions): Promise<OrderResponse> {
    enter('POST /order', options);
    this.#expireDue(this.#o.clock.now());
    const o = params.order;
    const price = parseDecimal(o.price);
    const size = parseDecimal(o.size);
    if (price === undefined || !isValidPrice(price))
      throw badParameter('POST /order', 'price', 'must be a decimal strictly between 0 and 1', o.price);
    if (size === undefined || !size.gt(ZERO)) throw badParameter('POST /order', 'size', 'must be a decimal greater than 0', o.size);
    const nowSec = Math.floor(this.#o.clock.now() / 1000);
    const expiration = Number(o.expiration);
    // As the venue: a GTD order's expiration must be in the future (Unix seconds).
    if (params.orderType === 'GTD' && !(Number.isSafeInteger(expiration) && expiration > nowSec))
      throw badParameter('POST /order', 'order.expiration', `must be in the future for GTD orders (now ${nowSec})`, o.expiration);
    if (!params.postOnly) return refused('paper mode places post-only orders only');
    // The number is taken only by an accepted order.
    const id = `${this.#o.runId}-o${(this.#orderSeq + 1).toString(36)}`;
    const spec: VirtualOrderSpec = { id, tokenId: o.asset_id, side: o.side, price, size, atMs: this.#o.clock.now() };
    // Before the market stream's first book of the token, the order waits for it (paper-queue.ts).
    const placed = this.queue.place(spec);
    if (typeof placed === 'string') {
      this.stats.refused++;
      return refused(placed === 'crosses-book' ? 'invalid post-only order: order crosses book' : 'duplicate order id');
    }
    if (placed.status === 'resting') this.#placed(placed.order);
    this.#orderSeq++;
    this.stats.placed++;
    this.#orders.set(id, {
      id,
      status: 'LIVE',
      owner: this.#o.account.apiKey,
      maker_address: this.#o.account.address,
      market: marketOf(o.asset_id),
      asset_id: o.asset_id,
      side: o.side,
      original_size: toPlainString(size),
      size_matched: '0',
      price: toPlainString(price),
      outcome: String(outcomeIndexOf(o.asset_id)),
      order_type: params.orderType,
      created_at: String(Math.floor(this.#o.clock.now() / 1000)),
      expiration: o.expiration,
      client_order_id: o.client_order_id,
    });
    if (params.orderType === 'GTD') this.#expiries.add(id, expiration * 1000);
    return { success: true, errorMsg: '', orderID: id, status: 'live', makingAmount: '0', takingAmount: '0' };
  }

  async cancelOrder(params: { orderId: string }, options?: CallOptions): Promise<CancelResult> {
    enter('DELETE /order', options);
    this.#expireDue(this.#o.clock.now());
    if (this.#cancel(params.orderId)) return { canceled: [params.orderId], not_canceled: {} };
    return { canceled: [], not_canceled: { [params.orderId]: 'order not found' } };
  }

  async cancelMarketOrders(params: { market: string }, options?: CallOptions): Promise<CancelResult> {
    enter('DELETE /cancel-market-orders', options);
    this.#expireDue(this.#o.clock.now());
    const canceled = [...this.#orders.values()].filter((o) => o.market === params.market).map((o) => o.id);
    for (const id of canceled) this.#cancel(id);
    return { canceled, not_canceled: {} };
  }

  /** Cancels every virtual order (the daemon's stop); returns how many. */
  cancelAll(): number {
    const ids = [...this.#orders.keys()];
    for (const id of ids) this.#cancel(id);
    return ids.length;
  }

  async getOpenOrders(params: { market?: string; next_cursor?: string }, options?: CallOptions): Promise<Paged<OpenOrder>> {
    enter('GET /data/orders', options);
    this.#expireDue(this.#o.clock.now());
    const data = [...this.#orders.values()].filter((o) => params.market === undefined || o.market === params.market).map((o) => ({ ...o }));
    return { data, next_cursor: LAST_PAGE, limit: data.length, count: data.length };
  }

  /** The virtual fills' account trades strictly after `after` (Unix seconds), as GET /data/trades. */
  async getAccountTrades(
    params: { after?: number; next_cursor?: string },
    options?: { signal?: AbortSignal },
  ): Promise<Paged<AccountTrade>> {
    enter('GET /data/trades', options);
    const after = params.after;
    const data = after === undefined ? [...this.#trades] : this.#trades.filter((t) => Date.parse(t.match_time) >= (after + 1) * 1000);
    return { data, next_cursor: LAST_PAGE, limit: data.length, count: data.length };
  }

  /** A `book` event of the market stream. */
  onBook(e: StreamBook): void {
    this.stats.bookEvents++;
    this.#expireDue(Number(e.timestamp));
    const r = this.queue.book(e.asset_id, levels(e.bids), levels(e.asks), Number(e.timestamp));
    this.#emit(r.fills);
    for (const o of r.placed) this.#placed(o);
    for (const spec of r.dropped) {
      // It would have crossed the book it now meets: the venue refuses a post-only order so.
      this.stats.refused++;
      const record = this.#orders.get(spec.id);
      this.#orders.delete(spec.id);
      this.#expiries.delete(spec.id);
      if (record !== undefined) for (const l of this.#goneListeners) l({ ...record, status: 'CANCELED', type: 'CANCELLATION' });
    }
  }

  #placed(o: VirtualOrder): void {
    this.#o.logger?.debug(
      { token: o.tokenId, side: o.side, price: o.price.toFixed(), size: o.size.toFixed(), queueAhead: o.queueAhead.toFixed() },
      'virtual order placed',
    );
  }

  /** A `price_change` event: each changed level in turn. */
  onPriceChange(e: StreamPriceChange): void {
    if (!this.model.hasBook(e.asset_id)) return; // levels of a book never seen whole mean nothing
    this.stats.bookEvents++;
    const atMs = Number(e.timestamp);
    this.#expireDue(atMs);
    const changes = e.changes.map((ch) => ({ side: ch.side, level: level(ch) }));
    this.#emit(this.queue.levels(e.asset_id, changes, atMs) ?? []);
  }

  /** A `last_trade_price` event: one public match. */
  onTrade(e: StreamTrade): void {
    this.stats.publicTrades++;
    this.#expireDue(Number(e.timestamp));
    const price = parseDecimal(e.price);
    const size = parseDecimal(e.size);
    if (price === undefined || size === undefined) return; // the stream checked both already
    this.#emit(this.queue.trade({ tokenId: e.asset_id, takerSide: e.side, price, size, atMs: Number(e.timestamp) }));
  }

  /** Removes the GTD orders due at `atMs` (or our clock's now, when later), told as CANCELLATIONs. */
  #expireDue(atMs: number): void {
    if (this.#expiries.size === 0) return;
    for (const id of this.#expiries.takeDue(Math.max(atMs, this.#o.clock.now()))) {
      const record = this.#orders.get(id);
      if (!this.#cancel(id)) continue;
      this.stats.cancelled--; // counted as expired instead
      this.stats.expired++;
      this.#o.logger?.debug({ order: id }, 'virtual order expired');
      if (record !== undefined) for (const l of this.#goneListeners) l({ ...record, status: 'CANCELED', type: 'CANCELLATION' });
    }
  }

  #cancel(id: string): boolean {
    this.#expiries.delete(id);
    const was = this.queue.cancel(id);
    if (was === 'waiting') {
      this.#orders.delete(id);
      this.stats.cancelled++;
      return true;
    }
    const gone = was !== undefined;
    if (was !== undefined)
      this.#o.logger?.debug(
        {
          token: was.tokenId,
          side: was.side,
          price: was.price.toFixed(),
          queueAhead: was.queueAhead.toFixed(),
          filled: was.filled.toFixed(),
          restedMs: this.#o.clock.now() - was.atMs,
        },
        'virtual order cancelled',
      );
    if (this.#orders.delete(id) || gone) {
      this.stats.cancelled++;
      return true;
    }
    return false;
  }

  #emit(fills: readonly VirtualFill[]): void {
    for (const f of fills) {
      const order = this.#orders.get(f.orderId);
      if (order === undefined) continue;
      const matched = parseDecimal(order.size_matched)!.plus(f.size);
      const done = f.remaining.lte(ZERO);
      const record: OpenOrder = { ...order, size_matched: toPlainString(matched), status: done ? 'MATCHED' : 'LIVE' };
      if (done) {
        this.#orders.delete(f.orderId);
        this.#expiries.delete(f.orderId);
      } else this.#orders.set(f.orderId, record);
      const trade = virtualTrade(`${this.#o.runId}-t${(++this.#tradeSeq).toString(36)}`, f, record, this.#o.account);
      this.#trades.push(trade);
      if (this.#trades.length > (this.#o.maxTrades ?? 50_000)) this.#trades.shift();
      this.stats.fills++;
      this.stats.filledShares = this.stats.filledShares.plus(f.size);
      this.#o.logger?.info(
        {
          market: record.market,
          token: f.tokenId,
          side: f.side,
          price: trade.price,
          shares: trade.size,
          cause: f.cause,
          left: toPlainString(f.remaining),
        },
        'virtual fill',
      );
      for (const l of this.#listeners) l(trade, { ...record, type: 'UPDATE' }, f);
    }
  }
}

/** The executor's requests honour its stop signal, as the venue client's do. */
function enter(route: string, options: { signal?: AbortSignal | undefined; onSend?: (() => void) | undefined } | undefined): void {
  if (options?.signal?.aborted === true) throw new MakerdError(ErrorCode.ABORTED, `${route}: aborted`, { where: route });
  options?.onSend?.();
}

function refused(errorMsg: string): OrderResponse {
  return { success: false, errorMsg, orderID: '', status: 'unmatched', makingAmount: '0', takingAmount: '0' };
}

function level(l: PriceLevel): Level {
  return { price: parseDecimal(l.price)!, size: parseDecimal(l.size)! };
}

function levels(ls: readonly PriceLevel[]): Level[] {
  return ls.map(level).filter((l) => l.size.gt(ZERO));
}
