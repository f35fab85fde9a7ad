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
  const keyed: { price: Decimal; size: Decimal; level: PriceLevel }[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const f = c.at(field, i);
    const lv = c.object(route, raw[i], f);
    const price = c.priceText(route, lv, 'price', f);
    const size = c.sizeText(route, lv, 'size', f);
    keyed[i] = { price, size, level: lv as unknown as PriceLevel };
  }
  // The venue sends its levels best first: sort only when they are not (compareDecimals makes no
  // copy of its operand, as decimal.js's cmp does on every call).
  const order = bestFirst === 'high' ? -1 : 1;
  let sorted = true;
  for (let i = 1; i < keyed.length && sorted; i++) sorted = order * compareDecimals(keyed[i - 1]!.price, keyed[i]!.price) <= 0;
  if (!sorted) keyed.sort((a, b) => order * compareDecimals(a.price, b.price));
  const text: PriceLevel[] = new Array(keyed.length);
  const parsed: DecimalLevel[] = [];
  for (let i = 0; i < keyed.length; i++) {
    const k = keyed[i]!;
    text[i] = k.level;
    if (!k.size.isZero()) parsed.push({ price: k.price, size: k.size });
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
