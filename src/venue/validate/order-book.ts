/**
 * Order book snapshots (2.4) and midpoints (2.17): the numbers quoting is computed from. Every
 * level's price and size must parse, prices lie in (0, 1), sizes are not negative, and the
 * levels come back sorted best first (bids high to low, asks low to high) whatever order the
 * venue sent them in (design.md section 3).
 */
import type { Decimal } from '../../money.js';
import type { MidpointsResult, OrderBookSnapshot, PriceLevel } from '../types.js';
import * as c from './check.js';

function levels(route: string, value: unknown, field: string, bestFirst: 'high' | 'low'): PriceLevel[] {
  const raw = c.array(route, value, field);
  const keyed: { price: Decimal; level: PriceLevel }[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const f = c.at(field, i);
    const lv = c.object(route, raw[i], f);
    const price = c.priceText(route, lv, 'price', f);
    c.sizeText(route, lv, 'size', f);
    keyed[i] = { price, level: lv as unknown as PriceLevel };
  }
  keyed.sort(bestFirst === 'high' ? (a, b) => b.price.cmp(a.price) : (a, b) => a.price.cmp(b.price));
  return keyed.map((k) => k.level);
}

export function validateBook(route: string, value: unknown, field = ''): OrderBookSnapshot {
  const o = c.object(route, value, field);
  c.nonEmptyString(route, o, 'asset_id', field);
  c.string(route, o, 'market', field);
  c.digitsText(route, o, 'timestamp', field);
  c.string(route, o, 'hash', field);
  c.tickText(route, o, 'tick_size', field);
  c.sizeText(route, o, 'min_order_size', field);
  c.boolean(route, o, 'neg_risk', field);
  const ltp = o.last_trade_price;
  // No trade yet may show as an empty string or "0"; anything else is a price inside (0, 1).
  if (ltp !== undefined && ltp !== '' && !c.sizeText(route, o, 'last_trade_price', field).isZero()) {
    c.priceText(route, o, 'last_trade_price', field);
  }
  return {
    ...(o as unknown as OrderBookSnapshot),
    bids: levels(route, o.bids, c.at(field, 'bids'), 'high'),
    asks: levels(route, o.asks, c.at(field, 'asks'), 'low'),
  };
}

export function validateBooks(route: string, value: unknown): OrderBookSnapshot[] {
  const raw = c.array(route, value, '');
  return raw.map((el, i) => validateBook(route, el, `[${i}]`));
}

export function validateMidpoints(route: string, value: unknown): MidpointsResult {
  const o = c.object(route, value, '');
  for (const key of Object.keys(o)) c.priceText(route, o, key, '');
  return o as MidpointsResult;
}
