/**
 * A replay's stream events on its book store, as the daemon's BookStore.applyBook and
 * applyPriceChange apply them, with the levels the loader already checked and parsed (best first,
 * zero sizes dropped). False (nothing changed) for a token never polled: its rules are unknown.
 */
import { withLevel } from '../market/book-levels.js';
import type { BookView } from '../market/book-view.js';
import type { Decimal } from '../money.js';
import type { Level } from '../paper/queue-fill-model.js';
import type { BookStore } from '../trading/book-store.js';

/** A stream `book`: the token's levels replaced. */
export function streamBook(
  books: BookStore,
  tokenId: string,
  bids: readonly Level[],
  asks: readonly Level[],
  hash: string,
  timestamp: string,
  tick: Decimal,
): boolean {
  const prev = books.get(tokenId);
  if (prev === undefined) return false;
  const ts = Number(timestamp);
  const bid = bids[0]?.price;
  const ask = asks[0]?.price;
  const mid = bid !== undefined && ask !== undefined ? bid.plus(ask).div(2) : undefined;
  const book: BookView = {
    ...prev.book,
    bids,
    asks,
    tickSize: tick,
    timestampMs: Number.isSafeInteger(ts) ? ts : prev.book.timestampMs,
    hash,
    mid,
  };
  books.setPolled(tokenId, book, mid);
  return true;
}

/** A stream `price_change`: each named level set (size 0 removes it). */
export function streamChange(
  books: BookStore,
  tokenId: string,
  changes: readonly { side: 'BUY' | 'SELL'; level: Level }[],
  hash: string,
  timestamp: string,
): boolean {
  const prev = books.get(tokenId);
  if (prev === undefined) return false;
  let bids = prev.book.bids;
  let asks = prev.book.asks;
  for (const c of changes) {
    if (c.side === 'BUY') bids = withLevel(bids, c.level, true);
    else asks = withLevel(asks, c.level, false);
  }
  return streamBook(books, tokenId, bids, asks, hash, timestamp, prev.book.tickSize);
}
