/**
 * The simulator's exchange: one price-time-priority book per token, the accounts' orders, fills,
 * account trades and positions. Everything is synchronous and deterministic: time comes from the
 * injected Clock, ids from counters. See matching.ts (priority, self-trade prevention),
 * fees.ts, account-trades.ts, position-ledger.ts and order-checks.ts for the rules they own.
 *
 * Order lifecycle and answers of placeOrder:
 * - GTC rests until filled or cancelled; GTD also until `expiration` (Unix seconds): it expires
 *   when the clock reaches that second — by a clock timer armed at the earliest expiry (so the
 *   CANCELLATION event goes out on time), and lazily at the start of every call — and becomes
 *   CANCELED (event CANCELLATION). `close()` stops that timer.
 * - FOK fills completely at once or is refused; FAK fills what it can and the rest is CANCELED;
 *   a FAK/FOK that finds no (enough) liquidity of other accounts is refused without any change.
 * - post-only (GTC/GTD) is refused when it would cross the book, own resting orders included.
 * - Refusals answer success=false, status 'unmatched', orderID '' and errorMsg naming the rule;
 *   parameter problems (tick, min size, unknown token, past GTD expiry) throw BAD_PARAMETER.
 * - Accepted: status 'live' when a rest of the order is on the book, else 'matched'.
 *   makingAmount/takingAmount cover the immediate fills only, fees excluded: a BUY makes USDC and
 *   takes shares, a SELL the reverse ("0" when nothing filled).
 *
 * Cancel results: unknown id or another account's order -> `order not found`; an order that is
 * no longer live (filled, cancelled, expired) -> `order already closed`.
 *
 * Events of one call are delivered after it finished, in this order: order events (PLACEMENT of
 * the incoming order, CANCELLATIONs from self-trade prevention, UPDATEs of filled resting orders,
 * CANCELLATION of a FAK's rest, expiries), `trade` per account involved, `last_trade_price` per
 * match, then per token touched: `book` when it traded, else one `price_change` with the new
 * aggregate size of every level that changed (size "0" when the level is gone), then
 * `tick_size_change` per token whose tick changed.
 *
 * Tick sizes: each book holds its market's current tick (tick-rule.ts). After every change of a
 * book (placement, cancel, expiry) the automatic rule is checked for that token in O(1); when due,
 * both tokens of the market move to the finer tick. `setTickSize` changes a market's tick in
 * either direction. Orders already resting stay on the book even when a coarser tick leaves them
 * off its grid (they keep matching at their price); new orders must lie on the current grid.
 */
import type { Clock, TimerHandle } from '../../clock/clock.js';
import { badParameter } from '../../errors.js';
import { Decimal, toPlainString } from '../../money.js';
import type { CheckedOrderBody } from '../../venue/param-rules.js';
import type { AccountTrade, CancelResult, OpenOrder, OrderBookSnapshot, OrderResponse, Position, Side, TradeFill } from '../../venue/types.js';
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
import { executionMatchesFilter, executionViews, viewFor } from './account-trades.js';
import { AccountState } from './account-state.js';
import { EventBus } from './event-bus.js';
import { ExpiryQueue } from './expiry-queue.js';
import { IdSource } from './ids.js';
import { Execution, makerFill, takerFill, toTradeFill, type Match } from './execution.js';
import { fillableSize, matchIncoming, wouldCross } from './matching.js';
import { checkOrderForMarket } from './order-checks.js';
import { SimOrder } from './sim-order.js';
import { AUTO_TO_TICK, finerTickDue, tickUnitsOf } from './tick-rule.js';
import { TokenBook } from './token-book.js';
import { notionalDecimal, notionalText, priceDecimal, priceText, sizeDecimal, sizeText } from './units.js';

export interface SimExchangeRetention {
  /** Closed orders remembered per account for `order(id)` (default 10,000). */
  closedOrdersPerAccount?: number;
  /** Account-trade views kept per account (default 100,000; oldest dropped). */
  tradesPerAccount?: number;
  /** Executions kept for GET /trades and builder trades (default 100,000; oldest dropped). */
  executions?: number;
}

export interface SimExchangeOptions {
  clock: Clock;
  catalog: SimCatalogLookup;
  retention?: SimExchangeRetention;
}

const lower = (address: string): string => address.toLowerCase();

function refused(errorMsg: string): OrderResponse {
  return { success: false, errorMsg, orderID: '', status: 'unmatched', makingAmount: '0', takingAmount: '0' };
}

export class MatchingExchange implements SimExchange {
  readonly #clock: Clock;
  readonly #catalog: SimCatalogLookup;
  readonly #books = new Map<string, TokenBook>();
  readonly #accounts = new Map<string, AccountState>();
  readonly #ids = new IdSource();
  readonly #bus = new EventBus();
  readonly #expiry = new ExpiryQueue();
  /** Every execution, oldest first (builder trades and GET /trades). */
  #executions: Execution[] = [];
  /** Account state by account object, saving the address lookup on the hot path. */
  #stateByAccount = new WeakMap<SimAccount, AccountState>();
  #operatorOpen = 0;
  #operatorFills = 0;
  /** Levels changed during the current call (only while someone listens): book -> side/price. */
  readonly #touched = new Map<TokenBook, Map<number, { side: Side; price: number }>>();
  readonly #traded = new Set<TokenBook>();
  /** tick_size_change events of the current call, sent after its book events. */
  readonly #tickEvents: ExchangeEvent[] = [];
  /** Clock timer due at the earliest GTD expiry, so expiries happen (and are announced) on time. */
  #expiryTimer: TimerHandle | undefined = undefined;
  #expiryTimerAt = Infinity;
  #disposed = false;
  readonly #closedCap: number;
  readonly #tradesCap: number;
  readonly #executionsCap: number;

  constructor(options: SimExchangeOptions) {
    this.#clock = options.clock;
    this.#catalog = options.catalog;
    this.#closedCap = options.retention?.closedOrdersPerAccount ?? 10_000;
    this.#tradesCap = options.retention?.tradesPerAccount ?? 100_000;
    this.#executionsCap = options.retention?.executions ?? 100_000;
  }

  // ---- orders ---------------------------------------------------------------------------------

  placeOrder(account: SimAccount, body: CheckedOrderBody): OrderResponse {
    const now = this.#clock.now();
    const nowSec = Math.floor(now / 1000);
    try {
      this.#expireDue(nowSec);
      const t = checkOrderForMarket(account, body, this.#book(body.order.asset_id), nowSec);
      const book = t.book;
      const address = account.address;
      if (t.postOnly && wouldCross(book, t.side, t.price)) return refused('post-only order would cross the book');
      if (t.orderType === 'FOK' && fillableSize(book, t.side, t.price, address, t.size) < t.size) {
        return refused('FOK order could not be filled completely at its price');
      }
      if (t.orderType === 'FAK' && fillableSize(book, t.side, t.price, address, 1) === 0) {
        return refused('FAK order found no resting orders to match at its price');
      }
      const state = this.#state(account);
      const order = new SimOrder(this.#ids.nextOrderId(), account, book.token, t.side, t.price, t.size, t.orderType, t.expiration, t.clientOrderId, nowSec);
      state.orders.set(order.id, order);
      const listening = this.#bus.active;
      const stp: SimOrder[] = [];
      const matches = matchIncoming(book, order, (resting) => {
        resting.level!.remove(resting);
        resting.status = 'CANCELED';
        this.#onRestingClosed(resting);
        if (listening) stp.push(resting);
      });
      for (const m of matches) if (m.maker.status === 'MATCHED') this.#onRestingClosed(m.maker);
      const tradeEvents = matches.length > 0 ? this.#recordExecution(order, matches, now, nowSec) : [];

      let fakRestCancelled = false;
      if (order.remaining > 0) {
        if (t.orderType === 'GTC' || t.orderType === 'GTD') {
          const side = t.side === 'BUY' ? book.bids : book.asks;
          side.getOrCreate(t.price).append(order);
          state.addLive(order);
          if (account.operator) this.#operatorOpen++;
          if (t.orderType === 'GTD') this.#expiry.push(order);
        } else {
          order.status = 'CANCELED';
          fakRestCancelled = true;
          state.noteClosed(order, this.#closedCap);
        }
      } else {
        state.noteClosed(order, this.#closedCap);
      }
      if (finerTickDue(book)) this.#applyTick(book.token, AUTO_TO_TICK);

      if (listening) {
        this.#orderEvents(book, order, matches, stp, fakRestCancelled);
        for (const e of tradeEvents) this.#bus.push(e);
      }
      return this.#response(order, matches);
    } finally {
      this.#endCall();
    }
  }

  cancelOrder(account: SimAccount, orderId: string): CancelResult {
    const result: CancelResult = { canceled: [], not_canceled: {} };
    try {
      this.#expireDue(this.#nowSec());
      const order = this.#accounts.get(lower(account.address))?.orders.get(orderId);
      if (order === undefined) result.not_canceled[orderId] = 'order not found';
      else if (order.status !== 'LIVE') result.not_canceled[orderId] = 'order already closed';
      else {
        this.#cancelResting(order);
        result.canceled.push(orderId);
      }
      return result;
    } finally {
      this.#endCall();
    }
  }

  cancelMarketOrders(account: SimAccount, filter: OrderFilter): CancelResult {
    return this.#cancelWhere(account, (o) => matchesOrderFilter(o, filter));
  }

  cancelAll(account: SimAccount): CancelResult {
    return this.#cancelWhere(account, () => true);
  }

  openOrders(account: SimAccount, filter: OrderFilter): OpenOrder[] {
    try {
      this.#expireDue(this.#nowSec());
      const state = this.#accounts.get(lower(account.address));
      if (state === undefined) return [];
      const out: OpenOrder[] = [];
      for (const o of state.liveOrders()) if (matchesOrderFilter(o, filter)) out.push(o.toOpenOrder());
      return out;
    } finally {
      this.#endCall();
    }
  }

  order(account: SimAccount, orderId: string): OpenOrder | undefined {
    try {
      this.#expireDue(this.#nowSec());
      return this.#accounts.get(lower(account.address))?.orders.get(orderId)?.toOpenOrder();
    } finally {
      this.#endCall();
    }
  }

  expire(): void {
    try {
      this.#expireDue(this.#nowSec());
    } finally {
      this.#endCall();
    }
  }

  /** Stops the expiry timer (the exchange stays usable; expiry is then lazy again). */
  close(): void {
    this.#disposed = true;
    this.#disarmExpiry();
  }

  // ---- trades and positions -------------------------------------------------------------------

  /** Oldest first (stable for cursor pagination). Treat the records as read-only. */
  accountTrades(account: SimAccount, filter: AccountTradeFilter): AccountTrade[] {
    const state = this.#accounts.get(lower(account.address));
    if (state === undefined) return [];
    return state.trades.filter((e) => executionMatchesFilter(e, filter)).map((e) => viewFor(e, state.key));
  }

  /** The taker view of every execution, oldest first. */
  builderTrades(filter: AccountTradeFilter): AccountTrade[] {
    return this.#executions.filter((e) => executionMatchesFilter(e, filter)).map((e) => executionViews(e)[0]!);
  }

  /**
   * One element per match and participant (takerOnly: the taker's only), newest first; `offset`
   * and `limit` page the result without walking (or building) more of the history than needed.
   */
  tradeFills(filter: TradeFillFilter): TradeFill[] {
    const user = filter.user === undefined ? undefined : lower(filter.user);
    const amount = filter.filterAmount === undefined || filter.filterType === undefined ? undefined : new Decimal(String(filter.filterAmount));
    let skip = filter.offset ?? 0;
    const limit = filter.limit ?? Infinity;
    const out: TradeFill[] = [];
    if (limit <= 0) return out;
    const keep = (m: Match, fill: ReturnType<typeof takerFill>): void => {
      if (out.length >= limit) return;
      if (user !== undefined && lower(fill.account.address) !== user) return;
      if (filter.side !== undefined && fill.side !== filter.side) return;
      if (amount !== undefined && (filter.filterType === 'CASH' ? notionalDecimal(fill.size * fill.price) : sizeDecimal(fill.size)).lt(amount)) return;
      if (skip > 0) skip--;
      else out.push(toTradeFill(m, fill));
    };
    for (let i = this.#executions.length - 1; i >= 0 && out.length < limit; i--) {
      const exec = this.#executions[i]!;
      if (filter.markets !== undefined && !filter.markets.includes(exec.taker.token.conditionId)) continue;
      for (let j = exec.matches.length - 1; j >= 0; j--) {
        const m = exec.matches[j]!;
        if (!filter.takerOnly) keep(m, makerFill(m));
        keep(m, takerFill(m));
      }
    }
    return out;
  }

  activity(address: string): AccountActivity | undefined {
    const state = this.#accounts.get(lower(address));
    return state === undefined || state.fills === 0 ? undefined : { fills: state.fills, volume: state.volume() };
  }

  /**
   * Positions of a wallet with a non-zero size or realized PnL, in order of first fill. curPrice
   * is the token's midpoint, else its last trade price, else the position's avgPrice. mergeable
   * is true when the wallet holds (size > 0) both outcomes of the market.
   */
  positions(address: string): Position[] {
    const state = this.#accounts.get(lower(address));
    if (state === undefined) return [];
    const out: Position[] = [];
    for (const ledger of state.positions.values()) {
      if (!ledger.isReportable()) continue;
      const opposite = state.positions.get(ledger.token.oppositeTokenId);
      const mergeable = ledger.size.gt(0) && opposite !== undefined && opposite.size.gt(0);
      out.push(ledger.toPosition(state.account.address, this.#currentPrice(ledger.token.tokenId), mergeable));
    }
    return out;
  }

  // ---- books ----------------------------------------------------------------------------------

  book(tokenId: string): OrderBookSnapshot | undefined {
    const now = this.#clock.now();
    try {
      this.#expireDue(Math.floor(now / 1000));
      return this.#book(tokenId)?.snapshot(now);
    } finally {
      this.#endCall();
    }
  }

  midpoint(tokenId: string): string | undefined {
    try {
      this.#expireDue(this.#nowSec());
      return this.#book(tokenId)?.midpoint();
    } finally {
      this.#endCall();
    }
  }

  lastTradePrice(tokenId: string): string | undefined {
    const book = this.#books.get(tokenId);
    return book !== undefined && book.lastTrade > 0 ? priceText(book.lastTrade) : undefined;
  }

  tickSize(tokenId: string): Decimal | undefined {
    return this.#book(tokenId)?.tickSize;
  }

  setTickSize(tokenId: string, tickSize: Decimal): TickSizeChange | undefined {
    if (tickUnitsOf(tickSize) === undefined) {
      throw badParameter('setTickSize', 'tickSize', 'must lie strictly between 0 and 1 on the 0.000001 grid', tickSize.toFixed());
    }
    try {
      this.#expireDue(this.#nowSec());
      const book = this.#book(tokenId);
      return book === undefined ? undefined : this.#applyTick(book.token, tickSize);
    } finally {
      this.#endCall();
    }
  }

  subscribe(listener: (event: ExchangeEvent) => void): () => void {
    return this.#bus.subscribe(listener);
  }

  operatorStats(): { open_orders: number; fills_total: number } {
    this.expire();
    return { open_orders: this.#operatorOpen, fills_total: this.#operatorFills };
  }

  // ---- internals ------------------------------------------------------------------------------

  #nowSec(): number {
    return Math.floor(this.#clock.now() / 1000);
  }

  #book(tokenId: string): TokenBook | undefined {
    let book = this.#books.get(tokenId);
    if (book === undefined) {
      const token = this.#catalog.token(tokenId);
      if (token === undefined) return undefined;
      book = new TokenBook(token);
      this.#books.set(tokenId, book);
    }
    return book;
  }

  #state(account: SimAccount): AccountState {
    let state = this.#stateByAccount.get(account);
    if (state !== undefined) return state;
    const key = lower(account.address);
    state = this.#accounts.get(key);
    if (state === undefined) {
      state = new AccountState(account, key);
      this.#accounts.set(key, state);
    }
    this.#stateByAccount.set(account, state);
    return state;
  }

  #currentPrice(tokenId: string): Decimal | undefined {
    const book = this.#books.get(tokenId);
    if (book === undefined) return undefined;
    const mid = book.midpoint();
    if (mid !== undefined) return new Decimal(mid);
    return book.lastTrade > 0 ? priceDecimal(book.lastTrade) : undefined;
  }

  /** Bookkeeping for a resting order that just ended (already unlinked from its level). */
  #onRestingClosed(order: SimOrder): void {
    this.#state(order.account).noteClosed(order, this.#closedCap);
    if (order.account.operator) this.#operatorOpen--;
    if (this.#bus.active) this.#touch(this.#book(order.token.tokenId)!, order.side, order.price);
  }

  /** Cancels a live resting order outside matching (owner cancel or expiry). */
  #cancelResting(order: SimOrder): void {
    const level = order.level!;
    const book = this.#book(order.token.tokenId)!;
    level.remove(order);
    if (level.count === 0) (order.side === 'BUY' ? book.bids : book.asks).drop(level);
    order.status = 'CANCELED';
    this.#onRestingClosed(order);
    if (finerTickDue(book)) this.#applyTick(book.token, AUTO_TO_TICK);
    if (this.#bus.active) this.#bus.push({ type: 'order', address: order.account.address, event: 'CANCELLATION', order: order.toOpenOrder() });
  }

  #cancelWhere(account: SimAccount, pick: (o: SimOrder) => boolean): CancelResult {
    const result: CancelResult = { canceled: [], not_canceled: {} };
    try {
      this.#expireDue(this.#nowSec());
      const state = this.#accounts.get(lower(account.address));
      if (state === undefined) return result;
      const chosen = state.liveOrders().filter(pick);
      for (const o of chosen) {
        this.#cancelResting(o);
        result.canceled.push(o.id);
      }
      return result;
    } finally {
      this.#endCall();
    }
  }

  #expireDue(nowSec: number): void {
    if (this.#expiry.peekAt() > nowSec) return;
    for (const o of this.#expiry.popDue(nowSec)) if (o.status === 'LIVE') this.#cancelResting(o);
  }

  /** Sets the tick of the token's market (both tokens, outcome 0 first); events for those that changed. */
  #applyTick(token: SimToken, tick: Decimal): TickSizeChange {
    const tokenIds = token.outcomeIndex === 0 ? [token.tokenId, token.oppositeTokenId] : [token.oppositeTokenId, token.tokenId];
    const oldTickSize = this.#book(token.tokenId)!.tickSize;
    const newText = toPlainString(tick);
    for (const id of tokenIds) {
      const book = this.#book(id);
      if (book === undefined || book.tickSize.eq(tick)) continue;
      const before = book.tickSize;
      book.setTick(tick);
      if (this.#bus.active) this.#tickEvents.push({ type: 'tick_size_change', tokenId: id, oldTickSize: toPlainString(before), newTickSize: newText });
    }
    return { market: token.conditionId, tokenIds, oldTickSize, tickSize: tick };
  }

  /** Records the execution and the last price; returns the trade events (when listening). */
  #recordExecution(taker: SimOrder, matches: readonly Match[], now: number, nowSec: number): ExchangeEvent[] {
    const book = this.#book(taker.token.tokenId)!;
    const { tradeId, transactionHash } = this.#ids.nextTrade();
    const exec = new Execution(tradeId, transactionHash, now, nowSec, taker, matches);
    this.#executions.push(exec);
    if (this.#executions.length > this.#executionsCap * 2) this.#executions = this.#executions.slice(-this.#executionsCap);
    const takerState = this.#state(taker.account);
    takerState.ledger(taker.token).add(exec);
    takerState.addTrade(exec, this.#tradesCap);
    for (const m of matches) {
      const makerState = this.#state(m.maker.account);
      const notional = m.size * m.price;
      takerState.addFill(notional);
      makerState.addFill(notional);
      makerState.ledger(taker.token).add(m);
      // One trade entry per maker account per execution.
      if (makerState.trades[makerState.trades.length - 1] !== exec) makerState.addTrade(exec, this.#tradesCap);
      if (m.maker.account.operator) this.#operatorFills++;
    }
    if (taker.account.operator) this.#operatorFills += matches.length;
    book.lastTrade = matches[matches.length - 1]!.price;

    const events: ExchangeEvent[] = [];
    if (this.#bus.active) {
      this.#traded.add(book);
      // Each view's maker_address is its viewer's address.
      for (const trade of executionViews(exec)) events.push({ type: 'trade', address: trade.maker_address, trade });
      for (const m of matches) {
        events.push({ type: 'last_trade_price', tokenId: taker.token.tokenId, price: priceText(m.price), side: taker.side, size: sizeText(m.size) });
      }
    }
    return events;
  }

  /** Order events of one placement (PLACEMENT shows the incoming order's state after the call). */
  #orderEvents(book: TokenBook, order: SimOrder, matches: readonly Match[], stp: readonly SimOrder[], fakRestCancelled: boolean): void {
    const bus = this.#bus;
    const address = order.account.address;
    bus.push({ type: 'order', address, event: 'PLACEMENT', order: order.toOpenOrder() });
    for (const o of stp) bus.push({ type: 'order', address: o.account.address, event: 'CANCELLATION', order: o.toOpenOrder() });
    for (const m of matches) bus.push({ type: 'order', address: m.maker.account.address, event: 'UPDATE', order: m.maker.toOpenOrder() });
    if (fakRestCancelled) bus.push({ type: 'order', address, event: 'CANCELLATION', order: order.toOpenOrder() });
    if (order.status === 'LIVE') this.#touch(book, order.side, order.price);
  }

  #touch(book: TokenBook, side: Side, price: number): void {
    let levels = this.#touched.get(book);
    if (levels === undefined) {
      levels = new Map();
      this.#touched.set(book, levels);
    }
    levels.set(side === 'BUY' ? price : -price, { side, price });
  }

  #disarmExpiry(): void {
    if (this.#expiryTimer !== undefined) this.#clock.clearTimer(this.#expiryTimer);
    this.#expiryTimer = undefined;
    this.#expiryTimerAt = Infinity;
  }

  /** Keeps one clock timer at the earliest GTD expiry (Unix seconds) still queued. */
  #armExpiry(): void {
    const at = this.#expiry.peekAt();
    if (at === this.#expiryTimerAt || this.#disposed) return;
    this.#disarmExpiry();
    if (at === Infinity) return;
    this.#expiryTimerAt = at;
    this.#expiryTimer = this.#clock.setTimer(() => {
      this.#expiryTimer = undefined;
      this.#expiryTimerAt = Infinity;
      this.expire();
    }, at * 1000 - this.#clock.now());
  }

  /** Market events of the call, then delivery of everything queued. */
  #endCall(): void {
    this.#armExpiry();
    if (this.#touched.size > 0 || this.#traded.size > 0) {
      const books = new Set<TokenBook>([...this.#touched.keys(), ...this.#traded]);
      for (const book of books) {
        const tokenId = book.token.tokenId;
        if (this.#traded.has(book)) {
          this.#bus.push({ type: 'book', tokenId });
          continue;
        }
        const changes = [...this.#touched.get(book)!.values()].map(({ side, price }) => ({
          price: priceText(price),
          side,
          size: sizeText((side === 'BUY' ? book.bids : book.asks).find(price)?.total ?? 0),
        }));
        this.#bus.push({ type: 'price_change', tokenId, changes });
      }
      this.#touched.clear();
      this.#traded.clear();
    }
    if (this.#tickEvents.length > 0) {
      for (const e of this.#tickEvents) this.#bus.push(e);
      this.#tickEvents.length = 0;
    }
    this.#bus.flush();
  }

  #response(order: SimOrder, matches: readonly Match[]): OrderResponse {
    let notional = 0;
    for (const m of matches) notional += m.price * m.size;
    const usdc = notionalText(notional);
    const shares = sizeText(order.matched);
    return {
      success: true,
      errorMsg: '',
      orderID: order.id,
      status: order.status === 'LIVE' ? 'live' : 'matched',
      makingAmount: order.side === 'BUY' ? usdc : shares,
      takingAmount: order.side === 'BUY' ? shares : usdc,
    };
  }
}

function matchesOrderFilter(o: SimOrder, filter: OrderFilter): boolean {
  return (filter.market === undefined || o.token.conditionId === filter.market) && (filter.asset_id === undefined || o.token.tokenId === filter.asset_id);
}
