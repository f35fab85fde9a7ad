/**
 * A token's order book as the strategy sees it: Decimal prices and sizes, best level first,
 * with the market's tick and minimum size. Built from the checked book the venue client hands
 * over (src/venue/checked-book.ts), which already holds every number parsed and both sides
 * sorted; nothing here parses or sorts again. A book that is crossed, or older than the
 * staleness bound, is flagged so nothing acts on it.
 */
import { compareDecimals, Decimal, fromScaledInt, microOf } from '../money.js';
import type { CheckedBook, DecimalLevel } from '../venue/checked-book.js';

/** One level: price strictly inside (0, 1), size greater than 0. */
export type BookLevel = DecimalLevel;

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

/** Halving is exact either way; a product is far cheaper than decimal.js's long division. */
export const HALF = new Decimal('0.5');

/**
 * (bid + ask) / 2, exact: in micro-units when both prices have that form (the sum times 5 is the
 * midpoint in 10^-7 units), else in Decimal. The same value, and so the same Decimal, either way.
 */
export function midPrice(bid: Decimal, ask: Decimal): Decimal {
  const b = microOf(bid);
  const a = b === undefined ? undefined : microOf(ask);
  const tenth = a === undefined ? undefined : (a + b!) * 5;
  return tenth === undefined || !Number.isSafeInteger(tenth) ? bid.plus(ask).mul(HALF) : fromScaledInt(tenth, 7);
}

export type BookProblem = 'crossed' | 'stale' | 'bad-timestamp';

/** The strategy's view of a checked book: reads its parsed fields, parses and sorts nothing. */
export function toBookView(book: CheckedBook): BookView {
  const { snapshot: s, levels } = book;
  const bestBid = levels.bids[0]?.price;
  const bestAsk = levels.asks[0]?.price;
  return {
    tokenId: s.asset_id,
    market: s.market,
    bids: levels.bids,
    asks: levels.asks,
    tickSize: book.tickSize,
    minOrderSize: book.minOrderSize,
    negRisk: s.neg_risk,
    timestampMs: book.timestampMs,
    hash: s.hash,
    lastTradePrice: book.lastTradePrice,
    mid: bestBid !== undefined && bestAsk !== undefined ? midPrice(bestBid, bestAsk) : undefined,
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
  if (bid !== undefined && ask !== undefined && compareDecimals(bid.price, ask.price) >= 0) return 'crossed';
  return undefined;
}
