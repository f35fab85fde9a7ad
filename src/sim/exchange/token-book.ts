/**
 * The live order book of one token: both sides, the token's trading rules in engine units, and
 * the last trade price. Answers the book snapshot of venue-api.md 2.4 and the midpoint.
 *
 * The tick size starts at the catalog's and may change while the venue runs (tick-rule.ts,
 * `setTick`); the snapshot and the order checks always use the current one.
 *
 * `last_trade_price` in the snapshot is the last trade's price, or the token's initial fair value
 * before the first trade (so a fresh book never shows ""). `lastTradePrice()` of the exchange is
 * stricter: undefined until a trade happened.
 */
import { createHash } from 'node:crypto';
import type { OrderBookSnapshot, PriceLevel as WirePriceLevel } from '../../venue/types.js';
import { toPlainString, type Decimal } from '../../money.js';
import type { SimToken } from '../contracts.js';
import { BookSide } from './book-side.js';
import { PRICE_DECIMALS, priceText, sizeText, tickUnitsOf, unitsToString } from './units.js';

export class TokenBook {
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  /** Both sides' levels (MatchingExchange.restingLevels): one object, the sides' arrays change in place. */
  readonly resting = { bids: this.bids.levels, asks: this.asks.levels };
  /** The current tick size, and in price units. */
  tickSize!: Decimal;
  tickUnits!: number;
  readonly minSizeUnits: number;
  /** Price units of the last trade; 0 before any. */
  lastTrade = 0;
  /** Its market ended (market-close.ts): nothing rests here any more and new orders are refused. */
  closed = false;

  constructor(readonly token: SimToken) {
    this.setTick(token.tickSize);
    // A minimum below one size unit still means "at least one unit".
    this.minSizeUnits = Math.max(1, Math.ceil(token.minOrderSize.mul(100).toNumber()));
  }

  /** Sets the current tick size (resting orders stay where they are, on or off its grid). */
  setTick(tick: Decimal): void {
    const units = tickUnitsOf(tick);
    if (units === undefined) {
      throw new Error(`sim exchange: tick size ${tick.toFixed()} of ${this.token.tokenId} is not in (0, 1) on the 0.000001 grid`);
    }
    this.tickSize = tick;
    this.tickUnits = units;
  }

  /** (best bid + best ask) / 2 as plain decimal text; undefined when a side is empty. */
  midpoint(): string | undefined {
    const bid = this.bids.best();
    const ask = this.asks.best();
    if (bid === undefined || ask === undefined) return undefined;
    // Sum of two micro-prices halved: exact at 7 decimals.
    return unitsToString((bid.price + ask.price) * 5, PRICE_DECIMALS + 1);
  }

  snapshot(nowMs: number): OrderBookSnapshot {
    const bids = levelsText(this.bids);
    const asks = levelsText(this.asks);
    const text = `${this.token.tokenId}|${bids.map((l) => `${l.price}:${l.size}`).join(',')}|${asks
      .map((l) => `${l.price}:${l.size}`)
      .join(',')}`;
    return {
      market: this.token.conditionId,
      asset_id: this.token.tokenId,
      timestamp: String(nowMs),
      hash: createHash('sha1').update(text).digest('hex'),
      bids,
      asks,
      min_order_size: toPlainString(this.token.minOrderSize),
      tick_size: toPlainString(this.tickSize),
      neg_risk: this.token.negRisk,
      last_trade_price: this.lastTrade > 0 ? priceText(this.lastTrade) : toPlainString(this.token.initialFair),
    };
  }
}

function levelsText(side: BookSide): WirePriceLevel[] {
  const out: WirePriceLevel[] = [];
  for (let i = side.levels.length - 1; i >= 0; i--) {
    const l = side.levels[i]!;
    out.push({ price: priceText(l.price), size: sizeText(l.total) });
  }
  return out;
}
