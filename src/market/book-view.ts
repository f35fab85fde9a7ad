/**
 * A token's order book as the strategy sees it: Decimal prices and sizes, best level first,
 * with the market's tick and minimum size, built from a snapshot the client has already checked.
 * A book that is crossed, or older than the staleness bound, is flagged so nothing acts on it.
 */
import { Decimal, parseDecimal } from '../money.js';
import type { OrderBookSnapshot } from '../venue/types.js';

export interface BookLevel {
  readonly price: Decimal;
  readonly size: Decimal;
}

export interface BookView {
  readonly tokenId: string;
  readonly market: string;
  /** Highest price first. */
  readonly bids: readonly BookLevel[];
  /** Lowest price first. */
  readonly asks: readonly BookLevel[];
  readonly tickSize: Decimal;
  readonly minOrderSize: Decimal;
  readonly negRisk: boolean;
  /** The venue's snapshot time (Unix ms). */
  readonly timestampMs: number;
  readonly hash: string;
  readonly lastTradePrice: Decimal | undefined;
  /** (best bid + best ask) / 2 when both sides have a level. */
  readonly mid: Decimal | undefined;
}

export type BookProblem = 'crossed' | 'stale' | 'bad-timestamp';

function levels(raw: readonly { price: string; size: string }[], descending: boolean): BookLevel[] {
  const out = raw.map((l) => ({ price: new Decimal(l.price), size: new Decimal(l.size) })).filter((l) => l.size.gt(0));
  out.sort((a, b) => (descending ? b.price.cmp(a.price) : a.price.cmp(b.price)));
  return out;
}

export function toBookView(s: OrderBookSnapshot): BookView {
  const bids = levels(s.bids, true);
  const asks = levels(s.asks, false);
  const bestBid = bids[0]?.price;
  const bestAsk = asks[0]?.price;
  const ltp = parseDecimal(s.last_trade_price);
  return {
    tokenId: s.asset_id,
    market: s.market,
    bids,
    asks,
    tickSize: new Decimal(s.tick_size),
    minOrderSize: new Decimal(s.min_order_size),
    negRisk: s.neg_risk,
    timestampMs: Number(s.timestamp),
    hash: s.hash,
    lastTradePrice: ltp !== undefined && ltp.gt(0) && ltp.lt(1) ? ltp : undefined,
    mid: bestBid !== undefined && bestAsk !== undefined ? bestBid.plus(bestAsk).div(2) : undefined,
  };
}

/** Why a book must not be acted on, or undefined when it is fit for use at `nowMs`. */
export function bookProblem(view: BookView, nowMs: number, staleAfterMs: number): BookProblem | undefined {
  if (!Number.isSafeInteger(view.timestampMs) || view.timestampMs <= 0) return 'bad-timestamp';
  // A time in the future (beyond the same tolerance) is as untrustworthy as an old one, and would
  // otherwise never become stale however long the book stays frozen.
  if (view.timestampMs - nowMs > staleAfterMs) return 'bad-timestamp';
  if (nowMs - view.timestampMs > staleAfterMs) return 'stale';
  const bid = view.bids[0];
  const ask = view.asks[0];
  if (bid !== undefined && ask !== undefined && bid.price.gte(ask.price)) return 'crossed';
  return undefined;
}
