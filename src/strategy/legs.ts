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
 *
 * A quote already resting keeps its leg while that leg is still allowed (hysteresis), since a
 * switch is a cancel and a post of an order that quotes the same price: a quote resting as a BUY
 * (a live BUY at its price and of its size, as a keeper returns it) stays a BUY and takes no
 * holding, and quotes resting as a SELL are committed first, so that a new, better quote does not
 * take the holding from under them. So an inventory that changes with each fill (a fill of the other side, a
 * partial fill) does not move resting quotes from leg to leg; new quotes sell what is held.
 */
import { compareDecimals, type Decimal, fromScaledInt, microOf, ONE } from '../money.js';
import type { MarketView } from '../market/market-view.js';
import { sortSmall } from '../stable-sort.js';
import type { OrderIntent, Quote } from './strategy.js';

/** The leg a quote rests on now, if any. */
type Resting = 'BUY' | 'SELL' | undefined;

export function toOrderIntents(view: MarketView, quotes: readonly Quote[]): OrderIntent[] {
  const { conditionId, tokens } = view.meta;
  const sells = new Array<boolean>(quotes.length).fill(false);
  const resting = restingLegs(view, quotes);
  commit(quotes, 'ask', view.position.outcome0, sells, resting);
  commit(quotes, 'bid', view.position.outcome1, sells, resting);
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

/**
 * Per quote, the leg of a live order that expresses it: same token, side, price and remaining size
 * (a keeper returns a kept order so), each live order matched once. A quote of another size is
 * re-posted anyway (or its order kept within the executor's size tolerance), so its leg is free.
 * Undefined when nothing rests.
 */
function restingLegs(view: MarketView, quotes: readonly Quote[]): Resting[] | undefined {
  const live = view.liveOrders;
  if (live.length === 0) return undefined;
  const used = new Array<boolean>(live.length).fill(false);
  return quotes.map((q) => restingLeg(view, q, used));
}

/** The leg of the first unused live order expressing `q`, marked used. */
function restingLeg(view: MarketView, q: Quote, used: boolean[]): Resting {
  const live = view.liveOrders;
  const [t0, t1] = view.meta.tokens;
  let complementPrice: Decimal | undefined;
  for (let j = 0; j < live.length; j++) {
    const o = live[j]!;
    if (used[j] || compareDecimals(o.remaining, q.size) !== 0) continue;
    // A bid rests as BUY outcome 0 at p or SELL outcome 1 at 1 - p; an ask as SELL outcome 0 at p or BUY outcome 1 at 1 - p.
    const onOutcome0 = o.tokenId === t0;
    if (!onOutcome0 && o.tokenId !== t1) continue;
    if (onOutcome0 !== (q.side === 'bid' ? o.side === 'BUY' : o.side === 'SELL')) continue;
    const price = onOutcome0 ? q.price : (complementPrice ??= complement(q.price));
    if (compareDecimals(o.price, price) !== 0) continue;
    used[j] = true;
    return o.side;
  }
  return undefined;
}

/**
 * Marks the quotes of `side` that the holding `held` covers whole: those resting as a SELL first,
 * then the others but those resting as a BUY; each group best price first.
 */
function commit(
  quotes: readonly Quote[],
  side: 'bid' | 'ask',
  held: Decimal,
  sells: boolean[],
  resting: readonly Resting[] | undefined,
): void {
  const order: number[] = [];
  for (let i = 0; i < quotes.length; i++) if (quotes[i]!.side === side && resting?.[i] !== 'BUY') order.push(i);
  if (order.length === 0) return;
  // Resting SELLs first; then best first: lowest ask, highest bid; ties keep the quotes' order (a stable sort).
  if (order.length > 1)
    sortSmall(
      order,
      (a, b) =>
        (resting?.[a] === 'SELL' ? 0 : 1) - (resting?.[b] === 'SELL' ? 0 : 1) ||
        (side === 'ask' ? 1 : -1) * compareDecimals(quotes[a]!.price, quotes[b]!.price),
    );
  const heldMicro = microOf(held);
  if (heldMicro !== undefined && commitMicro(quotes, order, heldMicro, sells)) return;
  let left = held;
  for (const i of order) {
    const q = quotes[i]!;
    if (compareDecimals(q.size, left) <= 0) {
      sells[i] = true;
      left = left.minus(q.size);
    }
  }
}

/** commit's holding in micro-units (no Decimal per quote); false, nothing marked, when a size has no such form. */
function commitMicro(quotes: readonly Quote[], order: readonly number[], held: number, sells: boolean[]): boolean {
  for (const i of order) if (microOf(quotes[i]!.size) === undefined) return false;
  let left = held;
  for (const i of order) {
    const size = microOf(quotes[i]!.size)!;
    if (size <= left) {
      sells[i] = true;
      left -= size;
    }
  }
  return true;
}
