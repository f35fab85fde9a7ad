/**
 * Paper mode's books as a live run would see them: the public book with the resting virtual
 * orders added at their prices. On the venue our orders are in the books the trading loop reads,
 * and every reader of those books (the midpoint and microprice, which take our orders out again,
 * the sweep guard, strategies that look at the touch) is written for that. Adding the virtual
 * orders here, once, keeps all of them identical in both modes, instead of teaching each reader
 * that paper books lack our orders (docs/paper-trading.md).
 *
 * An order still waiting for its token's first book is in flight and not added (as live). A
 * virtual order at or through the public opposite best (a crossing book the model has credited,
 * src/paper/queue-fill-model.ts rule 3) is left out: the venue would have matched it, and a
 * crossed book would be refused as a whole.
 */
import type { OwnOrderFootprint } from '../execution/order-tracker.js';
import type { BookLevel } from '../market/book-view.js';
import { HALF } from '../market/book-view.js';
import { compareDecimals } from '../money.js';
import type { StoredBook } from '../trading/book-store.js';
import type { VirtualOrder } from './queue-fill-model.js';

export function overlayVirtualOrders(stored: StoredBook, orders: readonly VirtualOrder[]): StoredBook {
  return overlaid(stored, orders).stored;
}

/**
 * The overlaid book and, as the trading loop's footprints of our orders (view-builder.ts), exactly
 * what was added: each order at its remaining size, and none gone. Unlike a live venue's books,
 * this book never lags our orders, so the live footprints (original sizes, and orders gone for a
 * while after) would take public size out of it: after a partial fill, or for a moment after a
 * cancel, the midpoint then skipped a public level at our price.
 */
export function overlaid(stored: StoredBook, orders: readonly VirtualOrder[]): { stored: StoredBook; own: OwnOrderFootprint[] } {
  const book = stored.book;
  const mine = orders.filter((o) => o.tokenId === book.tokenId && o.remaining.gt(0));
  const own: OwnOrderFootprint[] = [];
  if (mine.length === 0) return { stored, own };
  const publicBid = book.bids[0]?.price;
  const publicAsk = book.asks[0]?.price;
  let bids = book.bids;
  let asks = book.asks;
  const added: string[] = [];
  for (const o of mine) {
    if (o.side === 'BUY') {
      if (publicAsk !== undefined && compareDecimals(o.price, publicAsk) >= 0) continue;
      bids = addAt(bids, o, true);
    } else {
      if (publicBid !== undefined && compareDecimals(o.price, publicBid) <= 0) continue;
      asks = addAt(asks, o, false);
    }
    added.push(`${o.id}/${o.remaining.toFixed()}`);
    own.push({ tokenId: o.tokenId, side: o.side, price: o.price, size: o.remaining, goneAtMs: undefined });
  }
  if (added.length === 0) return { stored, own };
  const bestBid = bids[0]?.price;
  const bestAsk = asks[0]?.price;
  const mid = bestBid !== undefined && bestAsk !== undefined ? bestBid.plus(bestAsk).mul(HALF) : undefined;
  // The hash names the virtual orders too: the loop's "nothing changed" test reads it.
  const hash = `${book.hash}+${added.join(',')}`;
  return { stored: { book: { ...book, bids, asks, mid, hash }, mid }, own };
}

/** `levels` (best first) with the order's remaining size added at its price. */
function addAt(levels: readonly BookLevel[], o: VirtualOrder, descending: boolean): BookLevel[] {
  const out: BookLevel[] = [];
  let done = false;
  for (const l of levels) {
    if (!done) {
      const c = compareDecimals(l.price, o.price);
      if (c === 0) {
        out.push({ price: l.price, size: l.size.plus(o.remaining) });
        done = true;
        continue;
      }
      // Past the order's price (worse than it): the order's level goes first.
      if (descending ? c < 0 : c > 0) {
        out.push({ price: o.price, size: o.remaining });
        done = true;
      }
    }
    out.push(l);
  }
  if (!done) out.push({ price: o.price, size: o.remaining });
  return out;
}
