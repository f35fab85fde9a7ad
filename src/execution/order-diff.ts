/**
 * The executor's pure decision: given the orders a market should have (approved by the risk gate)
 * and the orders it has, which to keep, which to cancel and which to place.
 *
 * An order is kept when a wanted order of the same token and side lies within `repriceTicks`
 * ticks of its price and its remaining size is at most the wanted size and at least
 * (1 - `resizeFraction`) of it: re-placing it would only lose queue position and spend
 * rate-limit budget. Never larger than wanted: the risk gate's trimmed sizes are upper bounds. Matching is greedy in the wanted list's order
 * (best prices first, as strategies emit them), each wanted order taking the closest live order
 * (price first, then size). When more than `cancelMarketFraction` of a market's live orders go
 * (and at least two), one DELETE /cancel-market-orders replaces the single cancels; it takes every
 * order of the market, so everything wanted is placed afresh.
 */
import { type Decimal, microOf, ZERO } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';
import { sizeToleranceMicro } from './size-tolerance-micro.js';

export interface DiffSettings {
  readonly repriceTicks: number;
  readonly resizeFraction: number;
  readonly cancelMarketFraction: number;
}

/** A live order as the diff needs it. */
export interface DiffOrder {
  readonly id: string;
  readonly tokenId: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: Decimal;
  readonly remaining: Decimal;
}

export interface MarketDiff {
  readonly keep: readonly string[];
  readonly cancel: readonly string[];
  readonly place: readonly OrderIntent[];
  /** Cancel by market (one request) instead of `cancel` one by one. */
  readonly cancelMarket: boolean;
}

/**
 * The diff, in exact integers (prices and sizes in micro-units, src/money.ts) whenever every price,
 * size and tolerance has that form, else in Decimal: the same result either way.
 */
export function diffMarket(wanted: readonly OrderIntent[], live: readonly DiffOrder[], tick: Decimal, s: DiffSettings): MarketDiff {
  return diffMarketMicro(wanted, live, tick, s) ?? diffMarketDecimal(wanted, live, tick, s);
}

/** The diff in Decimal: the reference the integer path is held to, and the path for values beyond it. */
export function diffMarketDecimal(wanted: readonly OrderIntent[], live: readonly DiffOrder[], tick: Decimal, s: DiffSettings): MarketDiff {
  const priceTolerance = tick.mul(s.repriceTicks);
  const zeroTolerance = priceTolerance.isZero();
  const taken = new Set<string>();
  const keep: string[] = [];
  const place: OrderIntent[] = [];
  for (const w of wanted) {
    // Worked out on first use: most live orders are out of price tolerance.
    let sizeTolerance: Decimal | undefined;
    let best: DiffOrder | undefined;
    let bestPriceGap: Decimal | undefined;
    let bestSizeGap: Decimal | undefined;
    for (const o of live) {
      if (taken.has(o.id) || o.tokenId !== w.tokenId || o.side !== w.side) continue;
      const samePrice = o.price.eq(w.price);
      // Any other price is out of a zero tolerance (repriceTicks 0): no gap to work out.
      if (!samePrice && zeroTolerance) continue;
      const priceGap = samePrice ? ZERO : o.price.minus(w.price).abs();
      if (priceGap.gt(priceTolerance)) continue;
      const sizeGap = w.size.minus(o.remaining);
      if (sizeGap.lt(ZERO)) continue;
      sizeTolerance ??= w.size.mul(s.resizeFraction);
      if (sizeGap.gt(sizeTolerance)) continue;
      if (best === undefined || priceGap.lt(bestPriceGap!) || (priceGap.eq(bestPriceGap!) && sizeGap.lt(bestSizeGap!))) {
        best = o;
        bestPriceGap = priceGap;
        bestSizeGap = sizeGap;
      }
    }
    if (best === undefined) place.push(w);
    else {
      taken.add(best.id);
      keep.push(best.id);
    }
  }
  const cancel = live.filter((o) => !taken.has(o.id)).map((o) => o.id);
  return outcome(wanted, live, cancel, keep, place, s);
}

/** The diff given the live orders not kept (`cancel`): one cancel by market instead when more than the fraction of live orders go. */
function outcome(
  wanted: readonly OrderIntent[],
  live: readonly DiffOrder[],
  cancel: string[],
  keep: string[],
  place: OrderIntent[],
  s: DiffSettings,
): MarketDiff {
  if (cancel.length >= 2 && cancel.length > s.cancelMarketFraction * live.length) {
    return { keep: [], cancel: live.map((o) => o.id), place: [...wanted], cancelMarket: true };
  }
  return { keep, cancel, place, cancelMarket: false };
}

/**
 * diffMarketDecimal in micro-units, or undefined when a price, size or tolerance has no exact
 * micro-unit form (then nothing is decided here). The size tolerance (size x resizeFraction) is
 * worked out in Decimal as before (once per size, size-tolerance-micro.ts), only for the few live
 * orders within the price tolerance, and compared by its floor in micro-units.
 */
export function diffMarketMicro(
  wanted: readonly OrderIntent[],
  live: readonly DiffOrder[],
  tick: Decimal,
  s: DiffSettings,
): MarketDiff | undefined {
  const tickMicro = microOf(tick);
  if (tickMicro === undefined || !Number.isSafeInteger(s.repriceTicks)) return undefined;
  const priceTolerance = tickMicro * s.repriceTicks;
  if (!Number.isSafeInteger(priceTolerance)) return undefined;
  const livePrice = new Array<number>(live.length);
  const liveSize = new Array<number>(live.length);
  for (let i = 0; i < live.length; i++) {
    const p = microOf(live[i]!.price);
    const r = microOf(live[i]!.remaining);
    if (p === undefined || r === undefined) return undefined;
    livePrice[i] = p;
    liveSize[i] = r;
  }
  // Kept live orders by index.
  const taken = new Array<boolean>(live.length).fill(false);
  const keep: string[] = [];
  const place: OrderIntent[] = [];
  for (const w of wanted) {
    const wp = microOf(w.price);
    const ws = microOf(w.size);
    if (wp === undefined || ws === undefined) return undefined;
    let sizeTolerance: number | undefined;
    let best = -1;
    let bestPriceGap = 0;
    let bestSizeGap = 0;
    for (let i = 0; i < live.length; i++) {
      const o = live[i]!;
      if (taken[i]! || o.tokenId !== w.tokenId || o.side !== w.side) continue;
      const priceGap = Math.abs(livePrice[i]! - wp);
      if (priceGap > priceTolerance) continue;
      const sizeGap = ws - liveSize[i]!;
      if (sizeGap < 0) continue;
      if (sizeTolerance === undefined) {
        sizeTolerance = sizeToleranceMicro(ws, s.resizeFraction);
        if (sizeTolerance === undefined) return undefined;
      }
      if (sizeGap > sizeTolerance) continue;
      if (best < 0 || priceGap < bestPriceGap || (priceGap === bestPriceGap && sizeGap < bestSizeGap)) {
        best = i;
        bestPriceGap = priceGap;
        bestSizeGap = sizeGap;
      }
    }
    if (best < 0) place.push(w);
    else {
      // By id, as the Decimal path's set: a listing that names an order twice keeps it once.
      const id = live[best]!.id;
      for (let i = 0; i < live.length; i++) if (live[i]!.id === id) taken[i] = true;
      keep.push(id);
    }
  }
  const cancel: string[] = [];
  for (let i = 0; i < live.length; i++) if (!taken[i]) cancel.push(live[i]!.id);
  return outcome(wanted, live, cancel, keep, place, s);
}
