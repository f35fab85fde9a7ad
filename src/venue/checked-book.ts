/**
 * The order-book reads (POST /books, GET /book, POST /midpoints) as the client hands them over:
 * the venue's answer, checked, together with its numbers parsed once by that check. Whoever reads
 * prices downstream (src/market/book-view.ts, the poller) takes the parsed Decimals and never
 * parses or sorts the text again.
 *
 * JSON form: `JSON.stringify` of a CheckedBook is its `snapshot` and of CheckedMidpoints its
 * `record` (both classes define toJSON), so `makerd query book(s)` / `query midpoints`, logs and
 * anything else that prints an answer show what the venue sent, and nothing that was parsed from
 * it. In code, read `snapshot` / `record` for the text and the other fields for the numbers.
 *
 * A book whose levels cannot be used (too many, a price outside (0, 1), a size not above 0, two
 * levels at one price, levels in no order) is not refused: it comes with its `problem` and no
 * parsed levels, so that one bad book of a batch leaves the others usable, and whoever reads it
 * counts it as unusable by that reason (src/market/poller.ts).
 */
import type { Decimal } from '../money.js';
import type { MidpointsResult, OrderBookSnapshot } from './types.js';

/** One level of a checked book: price strictly inside (0, 1), size greater than 0. */
export interface DecimalLevel {
  readonly price: Decimal;
  readonly size: Decimal;
}

export interface BookLevels {
  /** Highest price first; one level per price, each of size > 0. */
  readonly bids: readonly DecimalLevel[];
  /** Lowest price first; one level per price, each of size > 0. */
  readonly asks: readonly DecimalLevel[];
}

/**
 * Why a book's levels are not usable, as the checks find it. The venue client's check finds all
 * but `off-tick`, which needs the market's tick (src/market/book-check.ts).
 */
export type BookLevelProblem = 'too-many-levels' | 'price-out-of-range' | 'bad-size' | 'duplicate-level' | 'unordered-levels' | 'off-tick';

/** Every BookLevelProblem (metrics export each from the start, at 0). */
export const BOOK_LEVEL_PROBLEMS: readonly BookLevelProblem[] = [
  'too-many-levels',
  'price-out-of-range',
  'bad-size',
  'duplicate-level',
  'unordered-levels',
  'off-tick',
];

/**
 * Levels a side may have, by default (the setting `books.maxLevels`): every price of a 0.001 grid
 * inside (0, 1) is 999 levels.
 */
export const DEFAULT_MAX_BOOK_LEVELS = 1_000;

const NO_LEVELS: BookLevels = { bids: [], asks: [] };

export interface CheckedBookFields {
  readonly snapshot: OrderBookSnapshot;
  readonly levels: BookLevels;
  readonly tickSize: Decimal;
  readonly minOrderSize: Decimal;
  readonly lastTradePrice: Decimal | undefined;
  readonly timestampMs: number;
  /** Why the levels are not usable; then `levels` are empty and the snapshot is as sent. */
  readonly problem?: BookLevelProblem | undefined;
}

/** A book snapshot that passed `validateBook` (src/venue/validate/order-book.ts), which builds it. */
export class CheckedBook {
  /**
   * The venue's snapshot, every field as sent except that a side sent best last is turned best
   * first (design.md section 3). Its JSON form.
   */
  readonly snapshot: OrderBookSnapshot;
  /** The levels parsed: best first (empty when there is a `problem`). */
  readonly levels: BookLevels;
  readonly tickSize: Decimal;
  readonly minOrderSize: Decimal;
  /** Strictly inside (0, 1); undefined when there was no trade yet (`""`, `"0"` or absent). */
  readonly lastTradePrice: Decimal | undefined;
  /**
   * The snapshot's `timestamp` (Unix ms) as a number. The check only promises digits: a value past
   * Number.MAX_SAFE_INTEGER is kept as it converts, for the market stage to refuse (bookProblem).
   */
  readonly timestampMs: number;
  /**
   * Why the levels are not usable (undefined: they are). Then `levels` is empty and `snapshot`
   * is the venue's as sent, unsorted: nothing may act on the book.
   */
  readonly problem: BookLevelProblem | undefined;

  constructor(fields: CheckedBookFields) {
    this.snapshot = fields.snapshot;
    this.problem = fields.problem;
    this.levels = fields.problem === undefined ? fields.levels : NO_LEVELS;
    this.tickSize = fields.tickSize;
    this.minOrderSize = fields.minOrderSize;
    this.lastTradePrice = fields.lastTradePrice;
    this.timestampMs = fields.timestampMs;
  }

  toJSON(): OrderBookSnapshot {
    return this.snapshot;
  }
}

/** POST /midpoints that passed `validateMidpoints`: every midpoint a price strictly inside (0, 1). */
export class CheckedMidpoints {
  /** The venue's answer as sent: token id -> decimal string. Its JSON form. */
  readonly record: Readonly<MidpointsResult>;
  /** The same midpoints parsed, in the answer's order. */
  readonly prices: ReadonlyMap<string, Decimal>;

  constructor(record: Readonly<MidpointsResult>, prices: ReadonlyMap<string, Decimal>) {
    this.record = record;
    this.prices = prices;
  }

  /** One answer from several batches' (later batches win on a repeated token, as Object.assign). */
  static merge(parts: readonly CheckedMidpoints[]): CheckedMidpoints {
    if (parts.length === 1) return parts[0]!;
    const record: MidpointsResult = {};
    const prices = new Map<string, Decimal>();
    for (const p of parts) {
      Object.assign(record, p.record);
      for (const [token, price] of p.prices) prices.set(token, price);
    }
    return new CheckedMidpoints(record, prices);
  }

  toJSON(): Readonly<MidpointsResult> {
    return this.record;
  }
}
