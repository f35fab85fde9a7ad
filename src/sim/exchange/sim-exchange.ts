/**
 * The simulator's exchange: one price-time-priority book per token, the accounts' orders, fills,
 * account trades and positions. Everything is synchronous and deterministic: time comes from the
 * injected Clock, ids from counters.
 *
 * This file is the facade: every public call goes through here, applies the GTD expiries due
 * (lazily, at the start of the call) and, when it ends, re-arms the expiry timer and delivers the
 * call's events. Each concern has its own file with its rules written down:
 *   placement.ts      order checks, matching, executions (order lifecycle); placement-answers.ts the answer
 *   cancellation.ts   owner cancels and expiry; cancel-answers.ts their results
 *   tick-sizes.ts     a market's current tick: the automatic rule and `setTickSize`
 *   market-close.ts   the end of a market: closing, resolution, redemption
 *   queries.ts        open orders, one order, account/builder trades, trade fills, activity
 *   positions.ts      GET /positions of a wallet
 *   call-events.ts    what events one call emits, in which order, and their delivery
 *   expiry-timer.ts   the clock timer at the earliest GTD expiry (`close()` stops it)
 *   exchange-core.ts  the state they share
 * and matching.ts, fees.ts, account-trades.ts, position-ledger.ts, order-checks.ts below them.
 */
import type { Clock } from '../../clock/clock.js';
import type { Decimal } from '../../money.js';
import type { CheckedOrderBody } from '../../venue/body-rules.js';
import type { AccountTrade, CancelResult, OpenOrder, OrderBookSnapshot, OrderResponse, Position, TradeFill } from '../../venue/types.js';
import type {
  AccountActivity,
  AccountTradeFilter,
  ExchangeEvent,
  OrderFilter,
  SimAccount,
  SimCatalogLookup,
  SimExchange,
  SimToken,
  TickSizeChange,
  TradeFillFilter,
} from '../contracts.js';
import { cancelledAnswer, LazyIdsCancelResult } from './cancel-answers.js';
import { cancelOne, cancelWhere, expireDue } from './cancellation.js';
import { ExchangeCore, type SimExchangeRetention } from './exchange-core.js';
import { ExpiryTimer } from './expiry-timer.js';
import { closeMarket, redeemPositions, resolveMarket, type ClosedOrder, type Redemption } from './market-close.js';
import { placeOrder } from './placement.js';
import { lazyIdAnswer, type PlacedAnswer, placedAnswer } from './placement-answers.js';
import { positions } from './positions.js';
import type { PriceLevel } from './price-level.js';
import type { SimOrder } from './sim-order.js';
import { applyTick, checkTickSize } from './tick-sizes.js';
import * as queries from './queries.js';
import { priceText } from './units.js';

export type { SimExchangeRetention } from './exchange-core.js';
export type { ClosedOrder, Redemption } from './market-close.js';

/** A book in engine units (units.ts): see `MatchingExchange.bookLevels`. */
export interface BookLevels {
  readonly token: SimToken;
  /** Price units and size units in pairs (price at even indexes), best first. */
  readonly bids: readonly number[];
  readonly asks: readonly number[];
  readonly tickSize: Decimal;
  /** Price units of the last trade; 0 before any (the snapshot then shows the initial fair value). */
  readonly lastTrade: number;
}

/** See `MatchingExchange.restingLevels`. */
export interface RestingLevels {
  readonly bids: readonly PriceLevel<SimOrder>[];
  readonly asks: readonly PriceLevel<SimOrder>[];
}

export interface SimExchangeOptions {
  clock: Clock;
  catalog: SimCatalogLookup;
  retention?: SimExchangeRetention;
  /**
   * The venue's automatic tick rule (tick-rule.ts), default on. A backtest turns it off: the rule
   * reads the book, our own orders included, so the moment of the switch would depend on the
   * strategy; there the flow switches the tick from its fair value instead (order-flow.ts).
   */
  autoTick?: boolean;
}

export class MatchingExchange implements SimExchange {
  readonly #core: ExchangeCore;
  readonly #expiryTimer: ExpiryTimer;

  constructor(options: SimExchangeOptions) {
    this.#core = new ExchangeCore(options.clock, options.catalog, options.retention, options.autoTick ?? true);
    this.#expiryTimer = new ExpiryTimer(options.clock, this.#core.expiry, () => this.expire());
  }

  // ---- orders ---------------------------------------------------------------------------------

  placeOrder(account: SimAccount, body: CheckedOrderBody): OrderResponse {
    return this.#place(account, body, placedAnswer);
  }

  cancelOrder(account: SimAccount, orderId: string): CancelResult {
    return this.#call(this.#core.nowSec(), () => cancelOne(this.#core, account, orderId));
  }

  cancelMarketOrders(account: SimAccount, filter: OrderFilter): CancelResult {
    return this.#call(this.#core.nowSec(), () => cancelledAnswer(cancelWhere(this.#core, account, filter)));
  }

  cancelAll(account: SimAccount): CancelResult {
    return this.#call(this.#core.nowSec(), () => cancelledAnswer(cancelWhere(this.#core, account, {})));
  }

  // ---- in-process callers that hardly read order ids (a backtest's synthetic flow) -------------

  /** `placeOrder` whose answer makes `orderID` only when read (placement-answers.ts). */
  placeOrderLazyId(account: SimAccount, body: CheckedOrderBody): OrderResponse {
    return this.#place(account, body, lazyIdAnswer);
  }

  /** `cancelMarketOrders` whose answer makes `canceled` only when read (cancel-answers.ts). */
  cancelMarketOrdersLazyIds(account: SimAccount, filter: OrderFilter): LazyIdsCancelResult {
    try {
      expireDue(this.#core, this.#core.nowSec());
      return new LazyIdsCancelResult(cancelWhere(this.#core, account, filter));
    } finally {
      this.#endCall();
    }
  }

  openOrders(account: SimAccount, filter: OrderFilter): OpenOrder[] {
    return this.#call(this.#core.nowSec(), () => queries.openOrders(this.#core, account, filter));
  }

  order(account: SimAccount, orderId: string): OpenOrder | undefined {
    return this.#call(this.#core.nowSec(), () => queries.order(this.#core, account, orderId));
  }

  expire(): void {
    this.#call(this.#core.nowSec(), () => undefined);
  }

  /** Stops the expiry timer (the exchange stays usable; expiry is then lazy again). */
  close(): void {
    this.#expiryTimer.close();
  }

  // ---- trades and positions -------------------------------------------------------------------

  /** Oldest first (stable for cursor pagination). Treat the records as read-only. */
  accountTrades(account: SimAccount, filter: AccountTradeFilter): AccountTrade[] {
    return queries.accountTrades(this.#core, account, filter);
  }

  /** The taker view of every execution, oldest first. */
  builderTrades(filter: AccountTradeFilter): AccountTrade[] {
    return queries.builderTrades(this.#core, filter);
  }

  /** One element per match and participant (takerOnly: the taker's only), newest first, paged. */
  tradeFills(filter: TradeFillFilter): TradeFill[] {
    return queries.tradeFills(this.#core, filter);
  }

  countTradeFills(filter: TradeFillFilter, max: number): number {
    return queries.countTradeFills(this.#core, filter, max);
  }

  activity(address: string): AccountActivity | undefined {
    return queries.activity(this.#core, address);
  }

  /** `activity(address)?.fills ?? 0` without working out the volume (a Decimal): O(1). */
  fillCount(address: string): number {
    return this.#core.stateOf(address)?.fills ?? 0;
  }

  /** See positions.ts. */
  positions(address: string): Position[] {
    return positions(this.#core, address);
  }

  // ---- books ----------------------------------------------------------------------------------

  book(tokenId: string): OrderBookSnapshot | undefined {
    const now = this.#core.clock.now();
    return this.#call(Math.floor(now / 1000), () => this.#core.book(tokenId)?.snapshot(now));
  }

  /**
   * The book as `book` shows it, in engine units and without texts or hash: for in-process readers
   * (the backtest), which turn units into Decimals themselves. Levels best first, [price, size].
   */
  bookLevels(tokenId: string): BookLevels | undefined {
    return this.#call(this.#core.nowSec(), () => {
      const book = this.#core.book(tokenId);
      if (book === undefined) return undefined;
      return {
        token: book.token,
        bids: book.bids.bestFirst(),
        asks: book.asks.bestFirst(),
        tickSize: book.tickSize,
        lastTrade: book.lastTrade,
      };
    });
  }

  /**
   * The token's resting orders as the engine holds them, for the rewards sampler
   * (src/sim/rewards) and the backtest's intensity fit: each side's price levels, best LAST, each a FIFO list of orders (account,
   * remaining size units). Expiries due are applied first. Read-only: never keep or change them.
   */
  restingLevels(tokenId: string): RestingLevels | undefined {
    // #call written out: the backtest's intensity fit reads books before many flow orders.
    try {
      expireDue(this.#core, this.#core.nowSec());
      return this.#core.existingBook(tokenId)?.resting;
    } finally {
      this.#endCall();
    }
  }

  midpoint(tokenId: string): string | undefined {
    return this.#call(this.#core.nowSec(), () => this.#core.book(tokenId)?.midpoint());
  }

  lastTradePrice(tokenId: string): string | undefined {
    const book = this.#core.existingBook(tokenId);
    return book !== undefined && book.lastTrade > 0 ? priceText(book.lastTrade) : undefined;
  }

  tickSize(tokenId: string): Decimal | undefined {
    return this.#core.book(tokenId)?.tickSize;
  }

  setTickSize(tokenId: string, tickSize: Decimal): TickSizeChange | undefined {
    checkTickSize(tickSize);
    return this.#call(this.#core.nowSec(), () => {
      const book = this.#core.book(tokenId);
      return book === undefined ? undefined : applyTick(this.#core, book.token, tickSize);
    });
  }

  // ---- the end of a market (market-close.ts) ---------------------------------------------------

  /** Closes a market (its tokens): new orders refused, every resting order cancelled; those orders. */
  closeMarket(tokenIds: readonly string[]): ClosedOrder[] {
    return this.#call(this.#core.nowSec(), () => closeMarket(this.#core, tokenIds));
  }

  /** Resolves a market (outcome 0 first): `winner` pays 1 a share, the other 0. */
  resolveMarket(tokenIds: readonly [string, string], winner: 0 | 1): void {
    this.#call(this.#core.nowSec(), () => resolveMarket(this.#core, tokenIds, winner));
  }

  /** Pays out a wallet's positions in a resolved market; undefined before it resolved. */
  redeem(address: string, tokenIds: readonly string[]): Redemption[] | undefined {
    return redeemPositions(this.#core, address, tokenIds);
  }

  subscribe(listener: (event: ExchangeEvent) => void): () => void {
    return this.#core.bus.subscribe(listener);
  }

  operatorStats(): { open_orders: number; fills_total: number } {
    this.expire();
    return { open_orders: this.#core.operatorOpen, fills_total: this.#core.operatorFills };
  }

  /**
   * One public call: the expiries due at `nowSec` first, then `run`; at the end (even when it
   * throws) the expiry timer is re-armed and the call's events are delivered.
   */
  /** A placement answered by `answer`: #call written out, a closure per order being a flow's largest garbage after the order itself. */
  #place(account: SimAccount, body: CheckedOrderBody, answer: PlacedAnswer): OrderResponse {
    const now = this.#core.clock.now();
    try {
      expireDue(this.#core, Math.floor(now / 1000));
      return placeOrder(this.#core, account, body, now, answer);
    } finally {
      this.#endCall();
    }
  }

  #call<T>(nowSec: number, run: () => T): T {
    try {
      expireDue(this.#core, nowSec);
      return run();
    } finally {
      this.#endCall();
    }
  }

  /** The end of every public call: the expiry timer re-armed, the call's events delivered. */
  #endCall(): void {
    this.#expiryTimer.arm();
    this.#core.events.deliver();
  }
}
