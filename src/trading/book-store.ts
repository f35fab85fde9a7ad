/**
 * The latest book and midpoint of every watched token, whichever source brought it: the poller's
 * batched POST /books + POST /midpoints, or the market stream's `book` and `price_change` events
 * between polls. A poll replaces what it covers; a stream `book` replaces the levels; a
 * `price_change` sets the aggregate size of the levels it names (0 removes a level). A book
 * updated by the stream takes its midpoint from its own best bid and ask.
 *
 * Tokens the last poll found unusable (stale, crossed, missing) are dropped, so nothing acts on
 * them until a good snapshot or stream event arrives. The venue time of the newest book each
 * token had is remembered past that (`bookTimeMs`): how old the daemon's view of it is.
 */
import type { BookLevel, BookView } from '../market/book-view.js';
import { withLevel } from '../market/book-levels.js';
import type { StreamBook, StreamPriceChange } from '../market/market-stream.js';
import { type Decimal, isValidPrice, parseDecimal, ZERO } from '../money.js';

export interface StoredBook {
  readonly book: BookView;
  readonly mid: Decimal | undefined;
}

export class BookStore {
  readonly #books = new Map<string, StoredBook>();
  readonly #bookTimes = new Map<string, number>();

  get(tokenId: string): StoredBook | undefined {
    return this.#books.get(tokenId);
  }

  /** Venue time (Unix ms) of the newest usable book ever held for `tokenId`; undefined: none yet. */
  bookTimeMs(tokenId: string): number | undefined {
    return this.#bookTimes.get(tokenId);
  }

  #noteTime(tokenId: string, timestampMs: number): void {
    if (timestampMs > (this.#bookTimes.get(tokenId) ?? -Infinity)) this.#bookTimes.set(tokenId, timestampMs);
  }

  /** Tokens no longer watched (a market the selector let go): their books and times are dropped. */
  forget(tokenIds: readonly string[]): void {
    for (const t of tokenIds) {
      this.#books.delete(t);
      this.#bookTimes.delete(t);
    }
  }

  /** A poll's result for `tokenId`: its usable book (or none) and its midpoint. */
  setPolled(tokenId: string, book: BookView | undefined, mid: Decimal | undefined): void {
    if (book === undefined) this.#books.delete(tokenId);
    else {
      this.#books.set(tokenId, { book, mid });
      this.#noteTime(tokenId, book.timestampMs);
    }
  }

  /** Returns false (and changes nothing) for a token never polled: its market rules are unknown. */
  applyBook(e: StreamBook): boolean {
    const prev = this.#books.get(e.asset_id);
    if (prev === undefined) return false;
    const bids = toLevels(e.bids, true);
    const asks = toLevels(e.asks, false);
    if (bids === undefined || asks === undefined) return false;
    const tick = e.tick_size === undefined ? prev.book.tickSize : (parseDecimal(e.tick_size) ?? prev.book.tickSize);
    this.#replace(prev, bids, asks, e.timestamp, e.hash, tick);
    return true;
  }

  applyPriceChange(e: StreamPriceChange): boolean {
    if (!this.#books.has(e.asset_id)) return false;
    const changes: { side: 'BUY' | 'SELL'; level: BookLevel }[] = [];
    for (const c of e.changes) {
      const price = parseDecimal(c.price);
      const size = parseDecimal(c.size);
      if (price === undefined || size === undefined || !isValidPrice(price) || size.lt(ZERO)) return false;
      changes.push({ side: c.side, level: { price, size } });
    }
    return this.changeLevels(e.asset_id, changes, e.timestamp, e.hash);
  }

  /**
   * A stream `book` whose levels are already checked and parsed (best first, no zero sizes), as a
   * replay's loader gives them: they replace the token's. False for a token never polled.
   */
  replaceLevels(
    tokenId: string,
    bids: readonly BookLevel[],
    asks: readonly BookLevel[],
    timestamp: string,
    hash: string,
    tickSize?: Decimal,
  ): boolean {
    const prev = this.#books.get(tokenId);
    if (prev === undefined) return false;
    this.#replace(prev, bids, asks, timestamp, hash, tickSize ?? prev.book.tickSize);
    return true;
  }

  /** A stream `price_change` with checked, parsed levels: each named level set (size 0 removes it). False for a token never polled. */
  changeLevels(tokenId: string, changes: readonly { side: 'BUY' | 'SELL'; level: BookLevel }[], timestamp: string, hash: string): boolean {
    const prev = this.#books.get(tokenId);
    if (prev === undefined) return false;
    let bids = prev.book.bids;
    let asks = prev.book.asks;
    for (const c of changes) {
      if (c.side === 'BUY') bids = withLevel(bids, c.level, true);
      else asks = withLevel(asks, c.level, false);
    }
    this.#replace(prev, bids, asks, timestamp, hash, prev.book.tickSize);
    return true;
  }

  #replace(
    prev: StoredBook,
    bids: readonly BookLevel[],
    asks: readonly BookLevel[],
    timestamp: string,
    hash: string,
    tickSize: Decimal,
  ): void {
    const ts = Number(timestamp);
    const bestBid = bids[0]?.price;
    const bestAsk = asks[0]?.price;
    const mid = bestBid !== undefined && bestAsk !== undefined ? bestBid.plus(bestAsk).div(2) : undefined;
    const book: BookView = {
      ...prev.book,
      bids,
      asks,
      tickSize,
      timestampMs: Number.isSafeInteger(ts) ? ts : prev.book.timestampMs,
      hash,
      mid,
    };
    this.#books.set(prev.book.tokenId, { book, mid });
    this.#noteTime(book.tokenId, book.timestampMs);
  }
}

function toLevels(raw: readonly { price: string; size: string }[], descending: boolean): BookLevel[] | undefined {
  const out: BookLevel[] = [];
  for (const l of raw) {
    const price = parseDecimal(l.price);
    const size = parseDecimal(l.size);
    if (price === undefined || size === undefined || !isValidPrice(price) || size.lt(ZERO)) return undefined;
    if (size.gt(ZERO)) out.push({ price, size });
  }
  out.sort((a, b) => (descending ? b.price.cmp(a.price) : a.price.cmp(b.price)));
  return out;
}
