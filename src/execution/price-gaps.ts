/**
 * Distances between prices for the dispatch ranking (dispatch-priority.ts), in exact micro-units
 * (src/money.ts) when the prices have that form and in decimal.js otherwise: the same answers
 * either way (a randomized test holds them equal), without a Decimal made per comparison.
 */
import { type Decimal, microOf } from '../money.js';

/** Whether `a` is strictly nearer `p` than `b` is. */
export function nearerPrice(a: Decimal, b: Decimal, p: Decimal): boolean {
  const am = microOf(a);
  const bm = microOf(b);
  const pm = microOf(p);
  if (am !== undefined && bm !== undefined && pm !== undefined) return Math.abs(am - pm) < Math.abs(bm - pm);
  return nearerPriceDecimal(a, b, p);
}

export function nearerPriceDecimal(a: Decimal, b: Decimal, p: Decimal): boolean {
  return a.minus(p).abs().lt(b.minus(p).abs());
}

/** |a - b| / tick as a number: an integer division in micro-units when it is exact, else decimal.js's quotient. */
export function ticksApart(a: Decimal, b: Decimal, tick: Decimal): number {
  const am = microOf(a);
  const bm = microOf(b);
  const tm = microOf(tick);
  if (am !== undefined && bm !== undefined && tm !== undefined && tm > 0) {
    const gap = Math.abs(am - bm);
    // Below 2^53 and a whole number of ticks: the quotient is that integer, exactly as decimal.js's.
    if (gap % tm === 0) return gap / tm;
  }
  return ticksApartDecimal(a, b, tick);
}

export function ticksApartDecimal(a: Decimal, b: Decimal, tick: Decimal): number {
  return a.minus(b).abs().div(tick).toNumber();
}

/** Every price in micro-units, or undefined when one has no such form. */
export function microPrices(orders: readonly { readonly price: Decimal }[]): number[] | undefined {
  const out = new Array<number>(orders.length);
  for (let i = 0; i < orders.length; i++) {
    const m = microOf(orders[i]!.price);
    if (m === undefined) return undefined;
    out[i] = m;
  }
  return out;
}
