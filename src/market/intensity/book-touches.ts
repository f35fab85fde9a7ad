/**
 * Where takers meet liquidity in a market: the best price on each of the four book sides, in
 * outcome-0 terms. A taker selling outcome 0 hits outcome 0's bids or, buying outcome 1, outcome
 * 1's asks: both are the market's bid side; a taker buying outcome 0 lifts outcome 0's asks or,
 * selling outcome 1, hits outcome 1's bids: the ask side. The venue matches each token's book on
 * its own, so each book side meets its own takers, and the intensity fitted is per book side (as
 * the simulator's A).
 *
 * Others' best prices and ours are kept apart: ours change the moment we place or cancel, long
 * before a book shows it, and a fit that took the book's word for them would count the takers
 * meeting a new quote at the old touch. A touch's distance is from the market's midpoint without
 * our own orders (MarketView.mid; outcome 1's midpoint is 1 - it), in price units, never below 0.
 * Model numbers.
 */
import { type Decimal, numberOf } from '../../money.js';
import type { Side } from '../../venue/types.js';
import type { BookLevel } from '../book-view.js';
import type { LiveOrderView, MarketView } from '../market-view.js';

/** Book sides: outcome 0's bids, outcome 0's asks, outcome 1's bids, outcome 1's asks. */
export type BookSide = 0 | 1 | 2 | 3;

/** The outcome-0 side each book side is part of. */
export const QUOTE_SIDE_OF: readonly ['bid', 'ask', 'ask', 'bid'] = ['bid', 'ask', 'ask', 'bid'];

/** The book side a taker order meets: its token (0 or 1) and its side. */
export function bookSideOf(tokenIndex: 0 | 1, takerSide: Side): BookSide {
  return tokenIndex === 0 ? (takerSide === 'SELL' ? 0 : 1) : takerSide === 'SELL' ? 2 : 3;
}

/** The book side a resting order is on: its token (0 or 1) and its side. */
export function restingSide(tokenIndex: 0 | 1, side: Side): BookSide {
  return tokenIndex === 0 ? (side === 'BUY' ? 0 : 1) : side === 'BUY' ? 2 : 3;
}

/** A best price per book side (NaN: none there); reused between calls. */
export type BookPrices = Float64Array;

export function newBookPrices(): BookPrices {
  return new Float64Array(4).fill(Number.NaN);
}

/** Distance of `price` on book side `s` from the midpoint (m0: outcome 0's), never below 0. */
export function touchDistance(s: number, price: number, m0: number): number {
  const mid = s < 2 ? m0 : 1 - m0;
  return Math.max(0, s === 0 || s === 2 ? mid - price : price - mid);
}

/** Whether `a` is a better price than `b` on book side `s` (bids: higher; asks: lower). */
function better(s: number, a: number, b: number): boolean {
  return s === 0 || s === 2 ? a > b : a < b;
}

/** A resting order of ours, as much as the touches need of it. */
export type OwnOrder = Pick<LiveOrderView, 'tokenId' | 'side' | 'price'> & { readonly remaining?: Decimal };

/** Our best price on each book side into `out` (NaN: none of ours there). */
export function ownPrices(orders: readonly OwnOrder[], tokens: readonly [string, string], out: BookPrices): BookPrices {
  out.fill(Number.NaN);
  for (const o of orders) {
    const t = o.tokenId === tokens[0] ? 0 : o.tokenId === tokens[1] ? 1 : undefined;
    if (t === undefined) continue;
    const s = restingSide(t, o.side);
    const p = numberOf(o.price);
    if (Number.isNaN(out[s]!) || better(s, p, out[s]!)) out[s] = p;
  }
  return out;
}

/**
 * Our shares resting at each price of each book side (for taking them out of a book); into `into`
 * when given (four maps, cleared first: a caller that reads the books at every taker reuses them).
 */
export function ownSizes(
  orders: readonly OwnOrder[],
  tokens: readonly [string, string],
  into?: readonly Map<number, number>[],
): readonly Map<number, number>[] {
  let own: readonly Map<number, number>[];
  if (into === undefined) own = [new Map(), new Map(), new Map(), new Map()];
  else {
    for (const m of into) m.clear();
    own = into;
  }
  for (const o of orders) {
    const t = o.tokenId === tokens[0] ? 0 : o.tokenId === tokens[1] ? 1 : undefined;
    if (t === undefined || o.remaining === undefined) continue;
    const m = own[restingSide(t, o.side)]!;
    const p = numberOf(o.price);
    m.set(p, (m.get(p) ?? 0) + numberOf(o.remaining));
  }
  return own;
}

/** Others' best price on each book side into `out`: the view's books without our live orders. */
export function otherPrices(view: MarketView, out: BookPrices): BookPrices {
  out.fill(Number.NaN);
  for (let s = 0; s < 4; s++) {
    const book = view.books[s < 2 ? 0 : 1];
    if (book === undefined) continue;
    const best = bestOtherOf(s % 2 === 0 ? book.bids : book.asks, s, view.liveOrders, view.meta.tokens);
    if (best !== undefined) out[s] = best;
  }
  return out;
}

/**
 * The best price of `levels` (book side `s`, best first) once our shares at each price are taken
 * out, summed per level as the levels are read (as ownSizes sums them): a market holds a few orders
 * of ours and others' best price is near the top, so no map is built per evaluation.
 */
function bestOtherOf(
  levels: readonly BookLevel[],
  s: number,
  orders: readonly OwnOrder[],
  tokens: readonly [string, string],
): number | undefined {
  for (const l of levels) {
    const p = numberOf(l.price);
    let mine: number | undefined;
    for (const o of orders) {
      const t = o.tokenId === tokens[0] ? 0 : o.tokenId === tokens[1] ? 1 : undefined;
      if (t === undefined || o.remaining === undefined || restingSide(t, o.side) !== s || numberOf(o.price) !== p) continue;
      mine = (mine ?? 0) + numberOf(o.remaining);
    }
    if (mine === undefined || numberOf(l.size) > mine + 1e-9) return p;
  }
  return undefined;
}

/**
 * Outcome 0's midpoint from others' best prices, as the view builder takes it: outcome 0's book
 * (without our orders) when it has both sides, else 1 - outcome 1's; NaN when neither has.
 */
export function midOfOthers(prices: BookPrices): number {
  return !Number.isNaN(prices[0]!) && !Number.isNaN(prices[1]!) ? (prices[0]! + prices[1]!) / 2 : 1 - (prices[2]! + prices[3]!) / 2;
}
