/**
 * The exchange as the backtest's flow and executor see it: every call goes straight to the
 * simulator's matching engine (src/sim/exchange), and this wrapper only watches, at O(1) a call:
 *
 * - which tokens' books may have changed since the loop last looked (a successful placement, a
 *   cancel that cancelled something), so an unchanged book is never snapshotted again — the
 *   daemon's "same hash, nothing to do" without hashing;
 * - whether a trade may have touched the backtested account: after a taker trade in a token where
 *   the account rests orders, the account's fill count is compared with the last one seen;
 * - optionally, a digest of every order the synthetic flow submits (token, side, price, size,
 *   type, time), which shows that two strategies saw the same flow.
 *
 * The engine itself is not replaced or patched: the backtest trades on the simulator's own
 * matching, fees and account trades.
 */
import { createHash, type Hash } from 'node:crypto';
import type { CheckedOrderBody } from '../venue/body-rules.js';
import type { OrderResponse } from '../venue/types.js';
import type { OrderFilter, SimAccount, SimExchange } from '../sim/contracts.js';
import type { MatchingExchange } from '../sim/exchange/index.js';
import { marketOf } from '../market/token-id.js';

/** Characters of order lines hashed at a time by the flow digest. */
const DIGEST_CHUNK = 64 * 1024;

export interface TrackingOptions {
  /** The backtested account (its calls are not part of the flow digest). */
  readonly account: SimAccount;
  /** Tokens where the account has resting orders right now (asked on every taker trade). */
  readonly restsIn: (tokenId: string) => boolean;
  /** Digest the flow's orders (costs a hash update per order). */
  readonly digestFlow?: boolean;
  /** Told of each flow order that may take (not post-only) before it is placed (its token). */
  readonly beforeFlowOrder?: (tokenId: string) => void;
  /** Told of each flow order that traded (a taker on that token and side: the fitted flow intensity). */
  readonly onFlowTrade?: (tokenId: string, side: 'BUY' | 'SELL') => void;
  /** Told of each token whose book may have changed (as `changed`, which the loop's snapshots consume). */
  readonly onChanged?: (tokenId: string) => void;
}

export class TrackingExchange {
  readonly inner: MatchingExchange;
  readonly #o: TrackingOptions;
  /** Tokens whose book may differ from the last snapshot taken. */
  readonly changed = new Set<string>();
  /** A trade happened where the account rests: its fills must be read. */
  fillsMaybe = false;
  #digest: Hash | undefined;
  /** Order lines not yet hashed: hashed a chunk at a time (the same digest, far fewer calls into the hash). */
  #pending = '';
  flowOrders = 0;

  constructor(inner: MatchingExchange, options: TrackingOptions) {
    this.inner = inner;
    this.#o = options;
    if (options.digestFlow === true) this.#digest = createHash('sha256');
  }

  /** Hex digest of the flow's orders so far (undefined unless digestFlow). */
  flowDigest(): string | undefined {
    this.#flushDigest();
    return this.#digest?.copy().digest('hex');
  }

  #flushDigest(): void {
    if (this.#pending.length === 0) return;
    this.#digest?.update(this.#pending);
    this.#pending = '';
  }

  /** The facade handed to the synthetic flow (and used by the backtest's executor). */
  facade(nowMs: () => number): SimExchange {
    const inner = this.inner;
    const self = this;
    const onChanged = this.#o.onChanged;
    const touched = (tokenId: string): void => {
      this.changed.add(tokenId);
      onChanged?.(tokenId);
    };
    const marketTouched = (filter: OrderFilter, cancelled: number): void => {
      if (cancelled === 0) return;
      if (filter.asset_id !== undefined) touched(filter.asset_id);
      if (filter.market !== undefined) {
        touched(`${filter.market}:0`);
        touched(`${filter.market}:1`);
      }
    };
    return {
      placeOrder(account: SimAccount, body: CheckedOrderBody): OrderResponse {
        const own = account === self.#o.account;
        if (!own) {
          self.flowOrders++;
          const o = body.order;
          if (self.#digest !== undefined) {
            self.#pending += `${nowMs()}|${o.asset_id}|${o.side}|${o.price}|${o.size}|${body.orderType}|${body.postOnly ? 1 : 0}\n`;
            if (self.#pending.length >= DIGEST_CHUNK) self.#flushDigest();
          }
          if (!body.postOnly) self.#o.beforeFlowOrder?.(o.asset_id);
        }
        // The flow never reads its orders' ids: they are made only if read.
        const res = own ? inner.placeOrder(account, body) : inner.placeOrderLazyId(account, body);
        if (res.success) {
          touched(body.order.asset_id);
          if (!own && res.takingAmount !== '0') {
            if (self.#o.restsIn(body.order.asset_id)) self.fillsMaybe = true;
            self.#o.onFlowTrade?.(body.order.asset_id, body.order.side);
          }
        }
        return res;
      },
      cancelOrder(account, orderId) {
        // The backtest's executor marks its own token (it knows it); anyone else's is looked up.
        const token = account === self.#o.account ? undefined : inner.order(account, orderId)?.asset_id;
        const result = inner.cancelOrder(account, orderId);
        if (token !== undefined && result.canceled.length > 0) touched(token);
        return result;
      },
      cancelMarketOrders(account, filter) {
        if (account === self.#o.account) {
          const result = inner.cancelMarketOrders(account, filter);
          marketTouched(filter, result.canceled.length);
          return result;
        }
        // The flow only re-quotes: the ids of its cancelled orders are made only if read.
        const result = inner.cancelMarketOrdersLazyIds(account, filter);
        marketTouched(filter, result.count);
        return result;
      },
      cancelAll(account) {
        const before = inner.openOrders(account, {});
        const result = inner.cancelAll(account);
        for (const o of before) touched(o.asset_id);
        return result;
      },
      openOrders: (account, filter) => inner.openOrders(account, filter),
      order: (account, orderId) => inner.order(account, orderId),
      accountTrades: (account, filter) => inner.accountTrades(account, filter),
      builderTrades: (filter) => inner.builderTrades(filter),
      tradeFills: (filter) => inner.tradeFills(filter),
      countTradeFills: (filter, max) => inner.countTradeFills(filter, max),
      activity: (address) => inner.activity(address),
      positions: (address) => inner.positions(address),
      book: (tokenId) => inner.book(tokenId),
      midpoint: (tokenId) => inner.midpoint(tokenId),
      lastTradePrice: (tokenId) => inner.lastTradePrice(tokenId),
      tickSize: (tokenId) => inner.tickSize(tokenId),
      setTickSize(tokenId, tick) {
        const change = inner.setTickSize(tokenId, tick);
        if (change !== undefined) for (const t of change.tokenIds) touched(t);
        return change;
      },
      expire: () => inner.expire(),
      subscribe: (listener) => inner.subscribe(listener),
      operatorStats: () => inner.operatorStats(),
    };
  }
}

/** The market of a token id (re-exported for the loop's bookkeeping). */
export const conditionOf = marketOf;
