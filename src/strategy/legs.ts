/**
 * Quotes are in outcome-0 space; orders are on tokens. This maps each quote onto the one token
 * order that expresses it without ever selling what the account does not hold:
 *
 * - ask at p, size s: SELL outcome 0 at p when s shares of outcome 0 are held and not already
 *   committed to a better (lower) ask; otherwise BUY outcome 1 at 1 - p.
 * - bid at p, size s: SELL outcome 1 at 1 - p when s shares of outcome 1 are held and not already
 *   committed to a better (higher) bid; otherwise BUY outcome 0 at p.
 *
 * Holdings are committed best quote first, whole quotes only (a quote is never split across two
 * tokens), greedily: a quote too large for what is left goes to the BUY leg and a smaller, worse
 * quote after it may still use the holding. 1 - p is on the grid because 1 is a multiple of every
 * tick. Intents come back in the order of the quotes.
 */
import { compareDecimals, type Decimal, fromScaledInt, microOf, ONE } from '../money.js';
import type { MarketView } from '../market/market-view.js';
import { sortSmall } from '../stable-sort.js';
import type { OrderIntent, Quote } from './strategy.js';

export function toOrderIntents(view: MarketView, quotes: readonly Quote[]): OrderIntent[] {
  const { conditionId, tokens } = view.meta;
  const sells = new Array<boolean>(quotes.length).fill(false);
  commit(quotes, 'ask', view.position.outcome0, sells);
  commit(quotes, 'bid', view.position.outcome1, sells);
  const out = new Array<OrderIntent>(quotes.length);
  for (let i = 0; i < quotes.length; i++) {
    const q = quotes[i]!;
    // The complement is made only for the leg on outcome 1.
    if (q.side === 'ask')
      out[i] = sells[i]
        ? { conditionId, tokenId: tokens[0], side: 'SELL', price: q.price, size: q.size, quoteSide: 'ask' }
        : { conditionId, tokenId: tokens[1], side: 'BUY', price: complement(q.price), size: q.size, quoteSide: 'ask' };
    else
      out[i] = sells[i]
        ? { conditionId, tokenId: tokens[1], side: 'SELL', price: complement(q.price), size: q.size, quoteSide: 'bid' }
        : { conditionId, tokenId: tokens[0], side: 'BUY', price: q.price, size: q.size, quoteSide: 'bid' };
  }
  return out;
}

/** 1 - p, exact: from micro-units when p has that form (no decimal.js subtraction), else in Decimal. */
export function complement(p: Decimal): Decimal {
  const m = microOf(p);
  return m === undefined ? ONE.minus(p) : fromScaledInt(1_000_000 - m);
}

/** Marks, best price first, the quotes of `side` that the holding `held` covers whole. */
function commit(quotes: readonly Quote[], side: 'bid' | 'ask', held: Decimal, sells: boolean[]): void {
  const order: number[] = [];
  for (let i = 0; i < quotes.length; i++) if (quotes[i]!.side === side) order.push(i);
  // Best first: lowest ask, highest bid; ties keep the quotes' order (a stable sort).
  sortSmall(order, (a, b) => (side === 'ask' ? 1 : -1) * compareDecimals(quotes[a]!.price, quotes[b]!.price));
  let left = held;
  for (const i of order) {
    const q = quotes[i]!;
    if (compareDecimals(q.size, left) <= 0) {
      sells[i] = true;
      left = left.minus(q.size);
    }
  }
}
