/**
 * A book snapshot's checks for a replay's hundreds of thousands of recorded snapshots: prices
 * strictly inside (0, 1), sizes not negative, levels best first, zero sizes dropped from the
 * parsed levels, every decimal text parsed once per replay (a recording repeats the same few
 * thousand prices and sizes) and levels already in order left unsorted. A failing check throws
 * BAD_RESPONSE naming the field. The live client's check (src/venue/validate/order-book.ts) is
 * stricter: it hands a book of unusable levels (too many, zero sizes, duplicates, no order) over
 * as unusable, where this one sorts and reads it; recordings of the simulator never hold one.
 */
import { badResponse } from '../errors.js';
import { type Decimal, isValidPrice, parseDecimal } from '../money.js';
import { CheckedBook, type DecimalLevel } from '../venue/checked-book.js';
import type { OrderBookSnapshot, PriceLevel } from '../venue/types.js';

const ROUTE = 'POST /books (recorded)';

export class ReplayParser {
  readonly #numbers = new Map<string, Decimal>();
  /** Texts already checked to be prices. */
  readonly #prices = new Map<string, Decimal>();

  /** A decimal text parsed (cached), or undefined when it is not one. */
  number(text: unknown): Decimal | undefined {
    if (typeof text !== 'string') return undefined;
    let d = this.#numbers.get(text);
    if (d === undefined) {
      d = parseDecimal(text);
      if (d === undefined) return undefined;
      if (this.#numbers.size > 200_000) this.#numbers.clear();
      this.#numbers.set(text, d);
    }
    return d;
  }

  price(text: unknown, field: string): Decimal {
    const known = typeof text === 'string' ? this.#prices.get(text) : undefined;
    if (known !== undefined) return known;
    const d = this.number(text);
    if (d === undefined || !isValidPrice(d)) throw badResponse(ROUTE, field, 'must be a price strictly between 0 and 1', text);
    if (this.#prices.size > 200_000) this.#prices.clear();
    this.#prices.set(text as string, d);
    return d;
  }

  size(text: unknown, field: string): Decimal {
    const d = this.number(text);
    if (d === undefined || d.isNegative()) throw badResponse(ROUTE, field, 'must be a decimal string not negative', text);
    return d;
  }

  /** One side of a book: its levels best first (text, zero sizes kept) and parsed (zero sizes dropped). */
  side(raw: unknown, field: string, bestFirst: 'high' | 'low'): { text: PriceLevel[]; parsed: DecimalLevel[] } {
    if (!Array.isArray(raw)) throw badResponse(ROUTE, field, 'must be an array', raw);
    let keyed: { price: Decimal; size: Decimal; level: PriceLevel }[] = new Array(raw.length);
    let sorted = true;
    for (let i = 0; i < raw.length; i++) {
      const lv = raw[i] as PriceLevel;
      if (typeof lv !== 'object' || lv === null) throw badResponse(ROUTE, `${field}[${i}]`, 'must be an object', lv);
      const price = this.price(lv.price, `${field}[${i}].price`);
      const size = this.size(lv.size, `${field}[${i}].size`);
      if (i > 0) {
        const c = price.cmp(keyed[i - 1]!.price);
        if (bestFirst === 'high' ? c > 0 : c < 0) sorted = false;
      }
      keyed[i] = { price, size, level: lv };
    }
    if (!sorted) keyed = keyed.sort(bestFirst === 'high' ? (a, b) => b.price.cmp(a.price) : (a, b) => a.price.cmp(b.price));
    const parsed: DecimalLevel[] = [];
    for (const k of keyed) if (!k.size.isZero()) parsed.push({ price: k.price, size: k.size });
    return { text: keyed.map((k) => k.level), parsed };
  }

  book(raw: unknown): CheckedBook {
    if (typeof raw !== 'object' || raw === null) throw badResponse(ROUTE, '', 'must be an object', raw);
    const o = raw as OrderBookSnapshot;
    if (typeof o.asset_id !== 'string' || o.asset_id === '') throw badResponse(ROUTE, 'asset_id', 'must be a non-empty string', o.asset_id);
    if (typeof o.market !== 'string') throw badResponse(ROUTE, 'market', 'must be a string', o.market);
    if (typeof o.timestamp !== 'string' || !/^\d+$/.test(o.timestamp)) throw badResponse(ROUTE, 'timestamp', 'must be digits', o.timestamp);
    if (typeof o.hash !== 'string') throw badResponse(ROUTE, 'hash', 'must be a string', o.hash);
    if (typeof o.neg_risk !== 'boolean') throw badResponse(ROUTE, 'neg_risk', 'must be a boolean', o.neg_risk);
    const tickSize = this.price(o.tick_size, 'tick_size');
    const minOrderSize = this.size(o.min_order_size, 'min_order_size');
    const ltp = o.last_trade_price;
    const lastTradePrice =
      ltp === undefined || ltp === '' || this.size(ltp, 'last_trade_price').isZero() ? undefined : this.price(ltp, 'last_trade_price');
    const bids = this.side(o.bids, 'bids', 'high');
    const asks = this.side(o.asks, 'asks', 'low');
    return new CheckedBook({
      snapshot: { ...o, bids: bids.text, asks: asks.text },
      levels: { bids: bids.parsed, asks: asks.parsed },
      tickSize,
      minOrderSize,
      lastTradePrice,
      timestampMs: Number(o.timestamp),
    });
  }
}
