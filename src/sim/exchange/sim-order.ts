/**
 * One order inside the exchange, from acceptance to its end. Sizes and prices are engine units
 * (see units.ts). While it rests it is also a node of its price level's FIFO queue (prev/next).
 *
 * Status: LIVE while resting; MATCHED once fully filled; CANCELED when cancelled by its owner,
 * by self-trade prevention, by GTD expiry, or (FAK) when the unfilled rest is dropped.
 * `created_at` is Unix seconds as a string; `expiration` is "0" or the GTD Unix seconds.
 */
import type { OpenOrder, OrderType, Side } from '../../venue/types.js';
import type { OrderFilter, SimAccount, SimToken } from '../contracts.js';
import { orderIdOf } from './ids.js';
import type { PriceLevel } from './price-level.js';
import { priceText, sizeText } from './units.js';

export type SimOrderStatus = 'LIVE' | 'MATCHED' | 'CANCELED';

export class SimOrder {
  status: SimOrderStatus = 'LIVE';
  /** Unfilled size (size units). */
  remaining: number;
  /** Filled size (size units). */
  matched = 0;
  prev: SimOrder | undefined = undefined;
  next: SimOrder | undefined = undefined;
  level: PriceLevel<SimOrder> | undefined = undefined;
  /** Links in the owner's list of live orders (account-state.ts). */
  prevLive: SimOrder | undefined = undefined;
  nextLive: SimOrder | undefined = undefined;
  /** Made when first read: most of a backtest's flow orders are never named by id. */
  #id: string | undefined = undefined;

  constructor(
    /** The exchange's counter of orders, which `id` ends with (ids.ts). */
    readonly seq: number,
    readonly account: SimAccount,
    readonly token: SimToken,
    readonly side: Side,
    /** price units */
    readonly price: number,
    /** size units */
    readonly original: number,
    readonly orderType: OrderType,
    /** GTD expiry in Unix seconds; 0 for none. */
    readonly expiration: number,
    readonly clientOrderId: string,
    readonly createdAtSec: number,
  ) {
    this.remaining = original;
  }

  /** The order's id (`orderIdOf(seq)`). */
  get id(): string {
    if (this.#id === undefined) this.#id = orderIdOf(this.seq);
    return this.#id;
  }

  /** The order record of design.md section 3 (GET /data/order/{id}), a snapshot. */
  toOpenOrder(): OpenOrder {
    return {
      id: this.id,
      status: this.status,
      owner: this.account.apiKey,
      maker_address: this.account.address,
      market: this.token.conditionId,
      asset_id: this.token.tokenId,
      side: this.side,
      original_size: sizeText(this.original),
      size_matched: sizeText(this.matched),
      price: priceText(this.price),
      outcome: this.token.outcome,
      order_type: this.orderType,
      created_at: String(this.createdAtSec),
      expiration: String(this.expiration),
      client_order_id: this.clientOrderId,
    };
  }
}

/** True when the order is in the filter's market and asset (each when given). */
export function matchesOrderFilter(o: SimOrder, filter: OrderFilter): boolean {
  return (
    (filter.market === undefined || o.token.conditionId === filter.market) &&
    (filter.asset_id === undefined || o.token.tokenId === filter.asset_id)
  );
}
