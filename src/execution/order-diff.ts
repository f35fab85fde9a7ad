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
import { type Decimal, ZERO } from '../money.js';
import type { OrderIntent } from '../strategy/strategy.js';

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

export function diffMarket(wanted: readonly OrderIntent[], live: readonly DiffOrder[], tick: Decimal, s: DiffSettings): MarketDiff {
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
  if (cancel.length >= 2 && cancel.length > s.cancelMarketFraction * live.length) {
    return { keep: [], cancel: live.map((o) => o.id), place: [...wanted], cancelMarket: true };
  }
  return { keep, cancel, place, cancelMarket: false };
}
