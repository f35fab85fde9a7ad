/**
 * Price-time priority matching of one incoming (taker) order against one token's book. The taker
 * trades at each resting (maker) order's price; a BUY crosses asks priced at or below its limit,
 * a SELL crosses bids at or above it; within a level, orders fill in arrival order.
 *
 * Self-trade prevention: an incoming order never fills against a resting order of the same
 * account (same address). That resting order is cancelled instead ("cancel resting") and matching
 * continues with the next one. FOK/FAK fillability checks count only other accounts' liquidity.
 */
import type { Side } from '../../venue/types.js';
import type { BookSide } from './book-side.js';
import { Match } from './execution.js';
import type { SimOrder } from './sim-order.js';
import type { TokenBook } from './token-book.js';

export function oppositeSide(book: TokenBook, side: Side): BookSide {
  return side === 'BUY' ? book.asks : book.bids;
}

function crossesPrice(side: Side, limit: number, levelPrice: number): boolean {
  return side === 'BUY' ? levelPrice <= limit : levelPrice >= limit;
}

/** True when an order at `limit` would trade against anything resting (own orders included). */
export function wouldCross(book: TokenBook, side: Side, limit: number): boolean {
  const best = oppositeSide(book, side).best();
  return best !== undefined && crossesPrice(side, limit, best.price);
}

/**
 * Size (units) that an order could fill right now against other accounts, counting up to `needed`
 * at most (the walk stops there).
 */
export function fillableSize(book: TokenBook, side: Side, limit: number, address: string, needed: number): number {
  const levels = oppositeSide(book, side).levels;
  let found = 0;
  for (let i = levels.length - 1; i >= 0 && found < needed; i--) {
    const level = levels[i]!;
    if (!crossesPrice(side, limit, level.price)) break;
    for (let o = level.head; o !== undefined && found < needed; o = o.next) {
      if (o.account.address !== address) found += o.remaining;
    }
  }
  return Math.min(found, needed);
}

/**
 * Fills `taker` against the book as far as its limit allows. A resting order of the taker's own
 * account is self-trade-prevented: unlinked from its level, CANCELED and added to `selfTraded`
 * (the caller does the rest of its bookkeeping); emptied levels are dropped. Returns the matches in
 * execution order; the caller records fills and the taker's rest.
 */
export function matchIncoming(book: TokenBook, taker: SimOrder, selfTraded: SimOrder[]): Match[] {
  const side = oppositeSide(book, taker.side);
  const address = taker.account.address;
  const matches: Match[] = [];
  while (taker.remaining > 0) {
    const level = side.best();
    if (level === undefined || !crossesPrice(taker.side, taker.price, level.price)) break;
    let o = level.head;
    while (o !== undefined && taker.remaining > 0) {
      const next = o.next;
      if (o.account.address === address) {
        level.remove(o);
        o.status = 'CANCELED';
        selfTraded.push(o);
      } else {
        const size = Math.min(o.remaining, taker.remaining);
        o.remaining -= size;
        o.matched += size;
        level.total -= size;
        taker.remaining -= size;
        taker.matched += size;
        matches.push(new Match(o, size, level.price));
        if (o.remaining === 0) {
          o.status = 'MATCHED';
          level.remove(o);
        }
      }
      o = next;
    }
    if (level.count === 0) side.drop(level);
  }
  if (taker.remaining === 0) taker.status = 'MATCHED';
  return matches;
}
