/**
 * Queue priority for the reward-aware stage (`keepTicks`): a resting order of ours that still
 * scores is kept where it rests instead of being re-priced to the side's scoring quote, so that a
 * strategy that moves its quotes by a tick at every change of the midpoint (or one that drops an
 * order the stage enlarged, as `bands` does) does not send its scoring order to the back of the
 * queue each time.
 *
 * Per side, the side's scoring quote is the nearest quote to the touch that scores (within
 * `max_spread` of the adjusted midpoint, at least `min_size`). A resting order replaces it when it
 *   - scores now (the same rule, its remaining size at least `min_size`), on the tick and the
 *     size grid;
 *   - is no nearer the touch than that quote and at most `keepTicks` ticks farther from it (at
 *     its very price too: a partly filled order that still scores is not topped up by a
 *     re-post);
 *   - is no larger than it.
 * So a kept order never adds risk the quote would not have taken: it would fill later and no
 * more. Where several qualify, the nearest to the touch is kept. The guards, the risk gate and
 * the loss limits still act after the stage, on the kept order as on any quote.
 */
import type { MarketView } from '../market/market-view.js';
import { type Decimal, ONE } from '../money.js';
import { isOnPriceGrid, isOnSizeGrid } from '../strategy/grid.js';
import type { Quote, QuoteSide } from '../strategy/strategy.js';
import type { RewardRules } from './reward-rules.js';

/** Resting orders of ours in outcome-0 space (a SELL of outcome 1 at 1 − p is a bid at p). */
function resting(view: MarketView, side: QuoteSide): { price: Decimal; size: Decimal }[] {
  const { tokens, tickSize, sizeStep, minOrderSize } = view.meta;
  const out: { price: Decimal; size: Decimal }[] = [];
  for (const o of view.liveOrders) {
    const outcome = o.tokenId === tokens[0] ? 0 : o.tokenId === tokens[1] ? 1 : undefined;
    if (outcome === undefined) continue;
    const s: QuoteSide = (outcome === 0) === (o.side === 'BUY') ? 'bid' : 'ask';
    const price = outcome === 0 ? o.price : ONE.minus(o.price);
    if (s !== side || !isOnPriceGrid(price, tickSize) || !isOnSizeGrid(o.remaining, sizeStep, minOrderSize)) continue;
    out.push({ price, size: o.remaining });
  }
  return out;
}

/** `quotes` with each side's scoring quote replaced by a resting order that qualifies (see above). */
export function keepScoringOrders(
  view: MarketView,
  quotes: readonly Quote[],
  rules: RewardRules,
  mid: Decimal,
  keepTicks: number,
): readonly Quote[] {
  if (keepTicks <= 0 || view.liveOrders.length === 0) return quotes;
  const v = rules.maxSpreadCents.div(100);
  const scores = (price: Decimal, size: Decimal): boolean => price.minus(mid).abs().lt(v) && size.gte(rules.minSize);
  const reach = view.meta.tickSize.mul(keepTicks);
  let out: Quote[] | undefined;
  for (const side of ['bid', 'ask'] as const) {
    const sign = side === 'bid' ? 1 : -1;
    // Distance toward the touch: larger is nearer.
    const nearness = (p: Decimal): Decimal => p.mul(sign);
    let best: number | undefined;
    quotes.forEach((x, i) => {
      if (x.side !== side || !scores(x.price, x.size)) return;
      if (best === undefined || nearness(x.price).gt(nearness(quotes[best]!.price))) best = i;
    });
    if (best === undefined) continue;
    const target = quotes[best]!;
    const taken = new Set(quotes.filter((x, i) => x.side === side && i !== best).map((x) => x.price.toFixed()));
    let kept: { price: Decimal; size: Decimal } | undefined;
    for (const r of resting(view, side)) {
      const behind = nearness(target.price).minus(nearness(r.price));
      if (behind.lt(0) || behind.gt(reach) || r.size.gt(target.size) || !scores(r.price, r.size)) continue;
      if (taken.has(r.price.toFixed())) continue;
      if (kept === undefined || nearness(r.price).gt(nearness(kept.price))) kept = r;
    }
    if (kept === undefined) continue;
    out ??= [...quotes];
    out[best] = { side, price: kept.price, size: kept.size };
  }
  return out ?? quotes;
}
