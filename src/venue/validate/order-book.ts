/**
 * Order book snapshots (2.4) and midpoints (2.17): the numbers quoting is computed from. Every
 * level's price and size must be decimal text, or the answer is refused (BAD_RESPONSE). A book
 * whose levels parse but cannot be used is handed over with its problem instead (checked-book.ts),
 * so one bad book of a batch does not take the others with it:
 *
 * - more levels on a side than `maxLevels` (`too-many-levels`): found from the array's length,
 *   before any level is read;
 * - a price outside (0, 1) (`price-out-of-range`), a size not above 0 (`bad-size`);
 * - two levels at one price (`duplicate-level`), levels in no order (`unordered-levels`): a side
 *   comes best first (bids high to low, asks low to high) or wholly best last, which is read
 *   reversed (design.md section 3).
 *
 * What is parsed here is handed over with the text (src/venue/checked-book.ts), so nothing
 * downstream parses or sorts a book again. One pass per side, no copy of a side sent best first.
 */
import { compareDecimals, type Decimal, isValidPrice } from '../../money.js';
import { type BookLevelProblem, CheckedBook, CheckedMidpoints, DEFAULT_MAX_BOOK_LEVELS, type DecimalLevel } from '../checked-book.js';
import type { MidpointsResult, OrderBookSnapshot, PriceLevel } from '../types.js';
import * as c from './check.js';

export interface ReadSide {
  /** The venue's levels, best first (the snapshot's text). */
  readonly text: PriceLevel[];
  /** The same levels parsed, best first. */
  readonly parsed: DecimalLevel[];
}

/**
 * One side of a book, `raw` as the venue sent it (an array: the caller checked that): its levels
 * read best first, or why they cannot be used. A level that is not an object of decimal texts
 * throws BAD_RESPONSE naming `field`; reading stops at the first problem.
 */
export function readSide(
  route: string,
  raw: readonly unknown[],
  field: string,
  bestFirst: 'high' | 'low',
  maxLevels: number,
): ReadSide | BookLevelProblem {
  const n = raw.length;
  if (n > maxLevels) return 'too-many-levels';
  const parsed: DecimalLevel[] = new Array(n);
  // compareDecimals(previous, this) on a side best first: -1 for asks, 1 for bids.
  const forward = bestFirst === 'high' ? 1 : -1;
  let direction = 0;
  for (let i = 0; i < n; i++) {
    const lv = raw[i];
    const rec = typeof lv === 'object' && lv !== null && !Array.isArray(lv) ? (lv as c.Rec) : undefined;
    // The common form: a price in (0, 1) and a size, both short unsigned text (no Decimal made twice).
    let price = rec === undefined ? undefined : c.quickPrice(rec.price);
    let size = price === undefined ? undefined : c.quickSize(rec!.size);
    if (size === undefined) {
      // Not the common form: the checks themselves, with the field's path for their errors.
      const f = c.at(field, i);
      const o = c.object(route, lv, f);
      price = c.decimalText(route, o, 'price', f);
      size = c.decimalText(route, o, 'size', f);
      if (!isValidPrice(price)) return 'price-out-of-range';
    }
    // A size is never negative on the quick path, so this is one look at its first digit word.
    if (size.isZero() || size.isNegative()) return 'bad-size';
    parsed[i] = { price: price!, size };
    if (i > 0) {
      const cmp = compareDecimals(parsed[i - 1]!.price, price!);
      if (cmp === 0) return 'duplicate-level';
      const d = cmp === forward ? 1 : -1;
      if (direction === 0) direction = d;
      else if (d !== direction) return 'unordered-levels';
    }
  }
  if (direction >= 0) return { text: raw as PriceLevel[], parsed };
  return { text: (raw as PriceLevel[]).slice().reverse(), parsed: parsed.reverse() };
}

/**
 * A book snapshot checked. `maxLevels`: the most levels a side may have (the setting
 * `books.maxLevels`); beyond it the book's levels are not read at all.
 */
export function validateBook(route: string, value: unknown, field = '', maxLevels = DEFAULT_MAX_BOOK_LEVELS): CheckedBook {
  const o = c.object(route, value, field);
  c.nonEmptyString(route, o, 'asset_id', field);
  c.string(route, o, 'market', field);
  const timestamp = c.digitsText(route, o, 'timestamp', field);
  c.string(route, o, 'hash', field);
  const tickSize = c.tickText(route, o, 'tick_size', field);
  const minOrderSize = c.sizeText(route, o, 'min_order_size', field);
  c.boolean(route, o, 'neg_risk', field);
  const ltp = o.last_trade_price;
  // No trade yet may show as an empty string or "0"; anything else is a price inside (0, 1).
  let lastTradePrice: Decimal | undefined;
  if (ltp !== undefined && ltp !== '' && !c.sizeText(route, o, 'last_trade_price', field).isZero()) {
    lastTradePrice = c.priceText(route, o, 'last_trade_price', field);
  }
  const bidsField = c.at(field, 'bids');
  const asksField = c.at(field, 'asks');
  const rawBids = c.array(route, o.bids, bidsField);
  const rawAsks = c.array(route, o.asks, asksField);
  const bids = readSide(route, rawBids, bidsField, 'high', maxLevels);
  const asks = typeof bids === 'string' ? bids : readSide(route, rawAsks, asksField, 'low', maxLevels);
  const fields = { tickSize, minOrderSize, lastTradePrice, timestampMs: Number(timestamp) };
  if (typeof bids === 'string' || typeof asks === 'string') {
    const problem = typeof bids === 'string' ? bids : (asks as BookLevelProblem);
    return new CheckedBook({ snapshot: { ...(o as unknown as OrderBookSnapshot) }, levels: { bids: [], asks: [] }, problem, ...fields });
  }
  return new CheckedBook({
    snapshot: { ...(o as unknown as OrderBookSnapshot), bids: bids.text, asks: asks.text },
    levels: { bids: bids.parsed, asks: asks.parsed },
    ...fields,
  });
}

export function validateBooks(route: string, value: unknown, maxLevels = DEFAULT_MAX_BOOK_LEVELS): CheckedBook[] {
  const raw = c.array(route, value, '');
  return raw.map((el, i) => validateBook(route, el, `[${i}]`, maxLevels));
}

export function validateMidpoints(route: string, value: unknown): CheckedMidpoints {
  const o = c.object(route, value, '');
  const prices = new Map<string, Decimal>();
  for (const key of Object.keys(o)) prices.set(key, c.priceText(route, o, key, ''));
  return new CheckedMidpoints(o as MidpointsResult, prices);
}
