/**
 * Order book snapshots (2.4) and midpoints (2.17): the numbers quoting is computed from. Every
 * level's price and size must parse, prices lie in (0, 1), sizes are not negative, and the
 * levels come back sorted best first (bids high to low, asks low to high) whatever order the
 * venue sent them in (design.md section 3). What is parsed here is handed over with the text
 * (src/venue/checked-book.ts), so nothing downstream parses or sorts a book again.
 */
import { compareDecimals, type Decimal } from '../../money.js';
import { CheckedBook, CheckedMidpoints, type DecimalLevel } from '../checked-book.js';
import type { MidpointsResult, OrderBookSnapshot, PriceLevel } from '../types.js';
import * as c from './check.js';

interface SortedSide {
  /** The venue's levels, best first, zero sizes kept (the snapshot's text). */
  readonly text: PriceLevel[];
  /** The same levels parsed, best first, zero sizes dropped. */
  readonly parsed: DecimalLevel[];
}

function side(route: string, value: unknown, field: string, bestFirst: 'high' | 'low'): SortedSide {
  const raw = c.array(route, value, field);
  const n = raw.length;
  const all: DecimalLevel[] = new Array(n);
  // The venue sends its levels best first, without zero sizes: then its array is the text as it
  // is, and the levels parsed are all of them (compareDecimals makes no copy of its operand, as
  // decimal.js's cmp does on every call).
  const order = bestFirst === 'high' ? -1 : 1;
  let sorted = true;
  let zero = false;
  for (let i = 0; i < n; i++) {
    const lv = raw[i];
    const rec = typeof lv === 'object' && lv !== null && !Array.isArray(lv) ? (lv as c.Rec) : undefined;
    let price = rec === undefined ? undefined : c.quickPrice(rec.price);
    let size = price === undefined ? undefined : c.quickSize(rec!.size);
    if (size === undefined) {
      // Not the common form: the checks themselves, with the field's path for their errors.
      const f = c.at(field, i);
      const o = c.object(route, lv, f);
      price = c.priceText(route, o, 'price', f);
      size = c.sizeText(route, o, 'size', f);
    }
    all[i] = { price: price!, size };
    if (size.isZero()) zero = true;
    if (sorted && i > 0) sorted = order * compareDecimals(all[i - 1]!.price, price!) <= 0;
  }
  if (sorted && !zero) return { text: raw as PriceLevel[], parsed: all };
  const keyed = all.map((l, i) => ({ l, level: raw[i] as PriceLevel }));
  if (!sorted) keyed.sort((a, b) => order * compareDecimals(a.l.price, b.l.price));
  const text: PriceLevel[] = new Array(n);
  const parsed: DecimalLevel[] = [];
  for (let i = 0; i < n; i++) {
    const k = keyed[i]!;
    text[i] = k.level;
    if (!k.l.size.isZero()) parsed.push(k.l);
  }
  return { text, parsed };
}

export function validateBook(route: string, value: unknown, field = ''): CheckedBook {
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
  const bids = side(route, o.bids, c.at(field, 'bids'), 'high');
  const asks = side(route, o.asks, c.at(field, 'asks'), 'low');
  return new CheckedBook({
    snapshot: { ...(o as unknown as OrderBookSnapshot), bids: bids.text, asks: asks.text },
    levels: { bids: bids.parsed, asks: asks.parsed },
    tickSize,
    minOrderSize,
    lastTradePrice,
    timestampMs: Number(timestamp),
  });
}

export function validateBooks(route: string, value: unknown): CheckedBook[] {
  const raw = c.array(route, value, '');
  return raw.map((el, i) => validateBook(route, el, `[${i}]`));
}

export function validateMidpoints(route: string, value: unknown): CheckedMidpoints {
  const o = c.object(route, value, '');
  const prices = new Map<string, Decimal>();
  for (const key of Object.keys(o)) prices.set(key, c.priceText(route, o, key, ''));
  return new CheckedMidpoints(o as MidpointsResult, prices);
}
