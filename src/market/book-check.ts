/**
 * The checks of a book's levels that the market stage adds to the venue client's
 * (src/venue/validate/order-book.ts), and the same checks on the market stream's books and price
 * changes, where they enter (src/daemon/streams.ts), so that a book the venue garbles is unusable
 * by a reason (BookLevelProblem) whichever way it came:
 *
 * - `off-tick`: a price off the market's tick grid. The grid is the market's current tick as the
 *   metadata knows it (MetadataCache.knownTick); while a tick change is being settled a price on
 *   the grid the book itself declares passes too. Unknown tick: this check alone is skipped.
 * - a stream `book`: more levels on a side than the bound (before any is read), then each side as
 *   the client reads a polled one (readSide: range, size, duplicates, order), then the grid;
 * - a stream `price_change`: more changes than two full sides (before any is read), a price
 *   outside (0, 1) or a size below 0, a level set (size above 0) off the grid. The side it leaves
 *   may not hold more levels than the bound either: `tooManyLevels`, after it is applied.
 *
 * The checks allocate nothing per level: prices compare as decimal.js digits (compareDecimals) and
 * go on the grid as integer words of 10^-7 (priceWordOf), Decimal only past 7 decimals.
 */
import {
  compareDecimals,
  type Decimal,
  isMultipleOf,
  isValidPrice,
  parseDecimal,
  parseUnsignedPlain,
  priceWordOf,
  ZERO,
} from '../money.js';
import type { BookLevelProblem, DecimalLevel } from '../venue/checked-book.js';
import type { Side } from '../venue/types.js';
import { readSide } from '../venue/validate/order-book.js';
import type { StreamBook, StreamPriceChange } from './market-stream.js';

const ROUTE = 'WS /ws/market';

/** The bound and the grid a token's book is checked against. */
export interface LevelRules {
  /** books.maxLevels: the most levels a side may have. */
  readonly maxLevels: number;
  /** The market's current tick (metadata); undefined: not known yet, the grid is not checked. */
  readonly tick: Decimal | undefined;
}

/**
 * True when a level's price is on neither grid: `tick`'s (the market's) nor `declared`'s (the
 * tick the book itself shows, when it differs: a tick change not yet settled). False without
 * `tick`. Integer words for prices and ticks of at most 7 decimals, else isMultipleOf.
 */
export function offTick(levels: readonly { readonly price: Decimal }[], tick: Decimal | undefined, declared?: Decimal): boolean {
  if (tick === undefined || levels.length === 0) return false;
  const other = declared === undefined || compareDecimals(declared, tick) === 0 ? undefined : declared;
  // Both grids as 10^-7 words (the usual case: ticks of 0.01, 0.001): one remainder a price.
  const t = priceWordOf(tick);
  const o = other === undefined ? undefined : priceWordOf(other);
  const words = t !== undefined && (other === undefined || o !== undefined);
  for (let i = 0; i < levels.length; i++) {
    const price = levels[i]!.price;
    const p = words ? priceWordOf(price) : undefined;
    if (p !== undefined) {
      if (p % t! !== 0 && (o === undefined || p % o !== 0)) return true;
    } else if (!isMultipleOf(price, tick) && (other === undefined || !isMultipleOf(price, other))) return true;
  }
  return false;
}

/** A stream `book`'s levels parsed and checked (best first), or why the book is unusable. */
export type StreamBookLevels =
  | { readonly problem: BookLevelProblem }
  | {
      readonly problem?: undefined;
      readonly bids: readonly DecimalLevel[];
      readonly asks: readonly DecimalLevel[];
      /** The tick the event declares (undefined: it is not decimal text). */
      readonly tickSize: Decimal | undefined;
    };

/**
 * A stream `book` (already checked by the stream: ids, decimal texts) against `rules`: its levels
 * read as a polled book's are (too many on a side: nothing read), then the grid.
 */
export function checkStreamBook(e: StreamBook, rules: LevelRules): StreamBookLevels {
  if (e.bids.length > rules.maxLevels || e.asks.length > rules.maxLevels) return { problem: 'too-many-levels' };
  const bids = readSide(ROUTE, e.bids, 'bids', 'high', rules.maxLevels);
  if (typeof bids === 'string') return { problem: bids };
  const asks = readSide(ROUTE, e.asks, 'asks', 'low', rules.maxLevels);
  if (typeof asks === 'string') return { problem: asks };
  const tickSize = parseDecimal(e.tick_size);
  if (offTick(bids.parsed, rules.tick, tickSize) || offTick(asks.parsed, rules.tick, tickSize)) return { problem: 'off-tick' };
  return { bids: bids.parsed, asks: asks.parsed, tickSize };
}

/** One level a price change sets (size 0: removed). */
export interface LevelChange {
  readonly side: Side;
  readonly level: DecimalLevel;
}

export type PriceChangeLevels =
  | { readonly problem: BookLevelProblem }
  | { readonly problem?: undefined; readonly changes: readonly LevelChange[] };

/**
 * A stream `price_change` against `rules`; `bookTick`: the tick of the book it changes (the grid
 * it declared). More changes than two full sides is `too-many-levels`, before any is read.
 */
export function checkPriceChange(e: StreamPriceChange, rules: LevelRules, bookTick: Decimal | undefined): PriceChangeLevels {
  if (e.changes.length > 2 * rules.maxLevels) return { problem: 'too-many-levels' };
  const changes: LevelChange[] = new Array(e.changes.length);
  const set: DecimalLevel[] = [];
  for (let i = 0; i < e.changes.length; i++) {
    const c = e.changes[i]!;
    const price = parseUnsignedPlain(c.price) ?? parseDecimal(c.price);
    const size = parseUnsignedPlain(c.size) ?? parseDecimal(c.size);
    if (price === undefined || !isValidPrice(price)) return { problem: 'price-out-of-range' };
    if (size === undefined || size.isNegative()) return { problem: 'bad-size' };
    changes[i] = { side: c.side, level: { price, size } };
    // A removal needs no grid: a level off it could not be on the book.
    if (compareDecimals(size, ZERO) > 0) set.push(changes[i]!.level);
  }
  if (offTick(set, rules.tick, bookTick)) return { problem: 'off-tick' };
  return { changes };
}

/** A side holds more levels than `maxLevels` (what a price change may leave). */
export function tooManyLevels(book: { readonly bids: readonly unknown[]; readonly asks: readonly unknown[] }, maxLevels: number): boolean {
  return book.bids.length > maxLevels || book.asks.length > maxLevels;
}
