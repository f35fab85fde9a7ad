/**
 * The latest book and midpoint of every watched token, whichever source brought it: the poller's
 * batched POST /books + POST /midpoints, or the market stream's `book` and `price_change` events
 * between polls. A poll replaces what it covers; a stream `book` replaces the levels; a
 * `price_change` sets the aggregate size of the levels it names (0 removes a level). A book
 * updated by the stream takes its midpoint from its own best bid and ask.
 *
 * The two sources race: a poll's answer is taken before the stream events that overtake it on
 * the way, and a stream event may be older than a poll that arrived first. So the newer wins, by
 * the venue's book time: a poll leaves a stream-updated book that is as new or newer (the stream
 * brings whatever else changed in that millisecond, in order), and a stream event older than a
 * polled book changes nothing. Otherwise quotes flip between the two views (a re-price each
 * way), and a price change applied on an older snapshot mixes two books.
 *
 * Tokens the last poll found unusable (stale, crossed, missing, their levels) are dropped, and so
 * are those a stream event found unusable (`drop`; src/market/book-check.ts), so nothing acts on
 * them until the next good snapshot. The venue time of the newest book each token had is
 * remembered past that (`bookTimeMs`): how old the daemon's view of it is.
 */
import { ErrorCode, isMakerdError } from '../errors.js';
import { checkPriceChange, checkStreamBook, type LevelRules } from '../market/book-check.js';
import type { BookLevel, BookView } from '../market/book-view.js';
import { withLevel } from '../market/book-levels.js';
import type { StreamBook, StreamPriceChange } from '../market/market-stream.js';
import type { Decimal } from '../money.js';

/** applyBook's and applyPriceChange's default: no bound, no grid (the stream's events are checked where they enter). */
const NO_RULES: LevelRules = { maxLevels: Number.POSITIVE_INFINITY, tick: undefined };

export interface StoredBook {
  readonly book: BookView;
  readonly mid: Decimal | undefined;
}

export class BookStore {
  readonly #books = new Map<string, StoredBook>();
  readonly #bookTimes = new Map<string, number>();
  /** Tokens whose stored book was last changed by the stream (else by a poll). */
  readonly #streamed = new Set<string>();

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
      this.#streamed.delete(t);
    }
  }

  /**
   * A poll's result for `tokenId`: its usable book (or none) and its midpoint. Returns false when
   * the stored book came from the stream and is as new or newer (kept as it is).
   */
  setPolled(tokenId: string, book: BookView | undefined, mid: Decimal | undefined): boolean {
    if (book === undefined) {
      this.drop(tokenId);
      return true;
    }
    const prev = this.#books.get(tokenId);
    if (prev !== undefined && this.#streamed.has(tokenId) && prev.book.timestampMs >= book.timestampMs) return false;
    this.#books.set(tokenId, { book, mid });
    this.#streamed.delete(tokenId);
    this.#noteTime(tokenId, book.timestampMs);
    return true;
  }

  /**
   * The token's book is unusable (a poll's or a stream event's): dropped until the next usable
   * snapshot; its book time is kept (the daemon's view of the token keeps ageing).
   */
  drop(tokenId: string): void {
    this.#books.delete(tokenId);
    this.#streamed.delete(tokenId);
  }

  /** A stream event of venue time `timestamp` is older than the polled book `prev` (then it changes nothing). */
  #olderThanPoll(prev: StoredBook, timestamp: string): boolean {
    const ts = Number(timestamp);
    return !this.#streamed.has(prev.book.tokenId) && Number.isSafeInteger(ts) && ts < prev.book.timestampMs;
  }

  /**
   * A stream `book`, its levels checked against `rules` (book-check.ts) and, when usable, put in
   * place of the token's (replaceLevels). Returns false (and changes nothing) for levels that are
   * not usable or not decimal text, a token never polled (its market rules are unknown), and an
   * event older than the polled book held.
   */
  applyBook(e: StreamBook, rules: LevelRules = NO_RULES): boolean {
    const c = unlessUnreadable(() => checkStreamBook(e, rules));
    return c !== undefined && c.problem === undefined && this.replaceLevels(e.asset_id, c.bids, c.asks, e.timestamp, e.hash, c.tickSize);
  }

  /** A stream `price_change`, checked against `rules` and applied (changeLevels); false as applyBook. */
  applyPriceChange(e: StreamPriceChange, rules: LevelRules = NO_RULES): boolean {
    const c = unlessUnreadable(() => checkPriceChange(e, rules, this.#books.get(e.asset_id)?.book.tickSize));
    return c !== undefined && c.problem === undefined && this.changeLevels(e.asset_id, c.changes, e.timestamp, e.hash);
  }

  /**
   * A stream `book` whose levels are already checked and parsed (best first, no zero sizes), as a
   * replay's loader gives them: they replace the token's. False (nothing changed) for a token never
   * polled, and for an event older than the polled book held.
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
    if (prev === undefined || this.#olderThanPoll(prev, timestamp)) return false;
    this.#replace(prev, bids, asks, timestamp, hash, tickSize ?? prev.book.tickSize);
    return true;
  }

  /**
   * A stream `price_change` with checked, parsed levels: each named level set (size 0 removes it).
   * False (nothing changed) for a token never polled, and for an event older than the polled book held.
   */
  changeLevels(tokenId: string, changes: readonly { side: 'BUY' | 'SELL'; level: BookLevel }[], timestamp: string, hash: string): boolean {
    const prev = this.#books.get(tokenId);
    if (prev === undefined || this.#olderThanPoll(prev, timestamp)) return false;
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
    this.#streamed.add(book.tokenId);
    this.#noteTime(book.tokenId, book.timestampMs);
  }
}

/** The check's result; undefined for levels that are not decimal text (the stream refuses those before). */
function unlessUnreadable<T>(check: () => T): T | undefined {
  try {
    return check();
  } catch (err) {
    if (isMakerdError(err, ErrorCode.BAD_RESPONSE)) return undefined;
    throw err;
  }
}
