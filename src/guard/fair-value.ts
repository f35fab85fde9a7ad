/**
 * The fair value a guarded strategy quotes around. `mid` is the view's midpoint (the market's,
 * without our own orders). `microprice` weighs the best prices of outcome 0's book by the size on
 * the opposite side, (bid x askSize + ask x bidSize) / (bidSize + askSize), with our own orders
 * taken out of those sizes, so a thin ask over a deep bid leans the fair value up toward the ask
 * (the side about to give way). Rounded to 6 decimal places (the venue's price precision), exact
 * Decimal arithmetic; falls back to the midpoint when a side is missing.
 */
import type { BookLevel } from '../market/book-view.js';
import type { LiveOrderView, MarketView } from '../market/market-view.js';
import { Decimal, ZERO } from '../money.js';

export type FairValueKind = 'mid' | 'microprice';

export function fairValue(view: MarketView, kind: FairValueKind): Decimal | undefined {
  if (kind === 'mid') return view.mid;
  const book = view.books[0];
  if (book === undefined || view.mid === undefined) return view.mid;
  const token = view.meta.tokens[0];
  const mine = view.liveOrders.filter((o) => o.tokenId === token);
  const bid = bestOther(book.bids, mine, 'BUY');
  const ask = bestOther(book.asks, mine, 'SELL');
  if (bid === undefined || ask === undefined) return view.mid;
  const weight = bid.size.plus(ask.size);
  const micro = bid.price.mul(ask.size).plus(ask.price.mul(bid.size)).div(weight);
  return micro.toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN);
}

/** The best level with some size left once our own orders at its price are taken out. */
function bestOther(levels: readonly BookLevel[], mine: readonly LiveOrderView[], side: 'BUY' | 'SELL'): BookLevel | undefined {
  for (const level of levels) {
    let own = ZERO;
    for (const o of mine) if (o.side === side && o.price.eq(level.price)) own = own.plus(o.remaining);
    const left = level.size.minus(own);
    if (left.gt(0)) return { price: level.price, size: left };
  }
  return undefined;
}
