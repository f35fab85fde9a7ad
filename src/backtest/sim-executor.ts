/**
 * The backtest's executor: the daemon's decision (`diffMarket`, src/execution/order-diff.ts:
 * keep within repriceTicks and resizeFraction, cancel the rest, cancel by market when most go,
 * cancels before places, post-only GTC) carried out synchronously on the in-process exchange
 * instead of through the rate limiter and HTTP. No request can fail in flight here, so there is
 * no uncertain order: a placement is live, matched or refused at once.
 *
 * It keeps the account's live orders (what the strategy sees as `liveOrders`) and the time each
 * market was quoted on both sides (src/execution/two-sided.ts). Where the orders go is an
 * `OrderPort`: the simulator's exchange (`exchangePort`), or the queue fill model of a replay
 * (replay-executor.ts).
 */
import { isMakerdError } from '../errors.js';
import { ZERO, toPlainString, type Decimal } from '../money.js';
import { diffMarket, type DiffOrder, type DiffSettings } from '../execution/order-diff.js';
import { TwoSidedTimer, quoteSideOf } from '../execution/two-sided.js';
import type { OrderIntent } from '../strategy/strategy.js';
import type { SimAccount, SimExchange } from '../sim/contracts.js';
import type { OrderResponse } from '../venue/types.js';

export interface LiveOrder extends DiffOrder {
  readonly conditionId: string;
  readonly size: Decimal;
  matched: Decimal;
  remaining: Decimal;
}

export interface ExecutorCounts {
  placed: number;
  kept: number;
  cancelled: number;
  /** Placements the venue refused (post-only that would cross). */
  refused: number;
  /** Placements the venue threw on (a rule broken: tick, minimum size). */
  errors: number;
}

/** What a placement came to: resting under an id, refused (post-only would cross), or a rule broken. */
export type PlaceOutcome = { readonly status: 'live'; readonly id: string } | { readonly status: 'refused' | 'error' | 'gone' };

/** Where the executor's orders go, synchronously. */
export interface OrderPort {
  cancelMarket(conditionId: string): void;
  cancel(orderId: string): void;
  /** A post-only GTC order. */
  place(w: OrderIntent, clientOrderId: string): PlaceOutcome;
}

/** The simulator's exchange as the account trades on it. */
export function exchangePort(exchange: SimExchange, account: SimAccount): OrderPort {
  return {
    cancelMarket: (market) => void exchange.cancelMarketOrders(account, { market }),
    cancel: (id) => void exchange.cancelOrder(account, id),
    place(w, clientOrderId) {
      let res: OrderResponse;
      try {
        res = exchange.placeOrder(account, {
          order: {
            asset_id: w.tokenId,
            side: w.side,
            price: toPlainString(w.price),
            size: toPlainString(w.size),
            expiration: '0',
            client_order_id: clientOrderId,
          },
          owner: account.apiKey,
          orderType: 'GTC',
          postOnly: true,
        });
      } catch (err) {
        if (!isMakerdError(err)) throw err;
        return { status: 'error' };
      }
      if (!res.success) return { status: 'refused' };
      // Post-only: nothing matched at placement, so a successful answer rests the whole size.
      return res.status === 'live' ? { status: 'live', id: res.orderID } : { status: 'gone' };
    },
  };
}

export class SimExecutor {
  readonly #port: OrderPort;
  readonly #settings: DiffSettings;
  readonly #now: () => number;
  readonly #onTouched: (tokenId: string) => void;
  readonly #byMarket = new Map<string, Map<string, LiveOrder>>();
  /**
   * `ordersOf` lists until the market's orders change (placed, gone, filled): read at every taker
   * by the intensity fit, which may take a list it saw before as unchanged.
   */
  readonly #lists = new Map<string, readonly LiveOrder[]>();
  readonly #restingTokens = new Map<string, number>();
  readonly twoSided = new TwoSidedTimer();
  readonly counts: ExecutorCounts = { placed: 0, kept: 0, cancelled: 0, refused: 0, errors: 0 };
  #seq = 0;

  constructor(options: { port: OrderPort; settings: DiffSettings; now: () => number; onTouched: (tokenId: string) => void }) {
    this.#port = options.port;
    this.#settings = options.settings;
    this.#now = options.now;
    this.#onTouched = options.onTouched;
  }

  ordersOf(conditionId: string): readonly LiveOrder[] {
    let list = this.#lists.get(conditionId);
    if (list === undefined) {
      const m = this.#byMarket.get(conditionId);
      list = m === undefined ? [] : [...m.values()];
      this.#lists.set(conditionId, list);
    }
    return list;
  }

  /** True when the account rests an order in this token. */
  restsIn(tokenId: string): boolean {
    return (this.#restingTokens.get(tokenId) ?? 0) > 0;
  }

  /** A fill of `size` of our order `orderId` (from the account's trades). */
  onFill(orderId: string, conditionId: string, size: Decimal): void {
    const o = this.#byMarket.get(conditionId)?.get(orderId);
    if (o === undefined) return;
    o.matched = o.matched.plus(size);
    o.remaining = o.size.minus(o.matched);
    this.#lists.delete(conditionId);
    if (o.remaining.lte(ZERO)) this.#forget(o);
    this.observe(conditionId);
  }

  /** Our order `orderId` left the book without a fill or a cancel of ours (the venue refused it late). */
  onGone(orderId: string, conditionId: string): void {
    const o = this.#byMarket.get(conditionId)?.get(orderId);
    if (o === undefined) return;
    this.#forget(o);
    this.observe(conditionId);
  }

  /** Makes the market's orders what `wanted` says (the daemon's diff), now. */
  submit(conditionId: string, tick: Decimal, wanted: readonly OrderIntent[]): void {
    const live = this.ordersOf(conditionId);
    const diff = diffMarket(wanted, live, tick, this.#settings);
    this.counts.kept += diff.keep.length;
    if (diff.cancelMarket) {
      this.#port.cancelMarket(conditionId);
      for (const o of live) this.#forget(o);
      this.counts.cancelled += live.length;
    } else {
      const byId = this.#byMarket.get(conditionId);
      for (const id of diff.cancel) {
        const o = byId?.get(id);
        this.#port.cancel(id);
        if (o !== undefined) this.#forget(o);
        this.counts.cancelled++;
      }
    }
    for (const w of diff.place) this.#place(w);
    this.observe(conditionId);
  }

  /** Brings the two-sided timer up to date for a market (after any change, and every poll). */
  observe(conditionId: string): void {
    let bid = false;
    let ask = false;
    const m = this.#byMarket.get(conditionId);
    if (m !== undefined) {
      for (const o of m.values()) {
        if (quoteSideOf(o.tokenId, o.side) === 'bid') bid = true;
        else ask = true;
        if (bid && ask) break;
      }
    }
    this.twoSided.observe(conditionId, bid && ask, this.#now());
  }

  #place(w: OrderIntent): void {
    const res = this.#port.place(w, `bt-${++this.#seq}`);
    if (res.status === 'error') {
      this.counts.errors++;
      return;
    }
    if (res.status === 'refused') {
      this.counts.refused++;
      return;
    }
    this.counts.placed++;
    if (res.status !== 'live') return;
    const order: LiveOrder = {
      id: res.id,
      conditionId: w.conditionId,
      tokenId: w.tokenId,
      side: w.side,
      price: w.price,
      size: w.size,
      matched: ZERO,
      remaining: w.size,
    };
    let m = this.#byMarket.get(w.conditionId);
    if (m === undefined) this.#byMarket.set(w.conditionId, (m = new Map()));
    m.set(order.id, order);
    this.#lists.delete(w.conditionId);
    this.#restingTokens.set(w.tokenId, (this.#restingTokens.get(w.tokenId) ?? 0) + 1);
  }

  #forget(o: LiveOrder): void {
    const m = this.#byMarket.get(o.conditionId);
    if (m?.delete(o.id) !== true) return;
    this.#lists.delete(o.conditionId);
    this.#restingTokens.set(o.tokenId, (this.#restingTokens.get(o.tokenId) ?? 1) - 1);
    this.#onTouched(o.tokenId);
  }
}
