/**
 * Reward-aware quoting: a stage between the strategy and the guards (src/guard/guarded-quote.ts)
 * that, in a market paying liquidity rewards, keeps one quote per side scoring under design.md §7
 * — within `max_spread` of the size-cutoff-adjusted midpoint, at least `min_size` — where the
 * strategy's own quotes do not already.
 *
 * Per side (bid, ask in outcome-0 space):
 * - a quote of the strategy's already scoring: the side is left as it is;
 * - else the strategy's nearest quote inside `max_spread` is enlarged to the scoring size; or,
 *   with none inside, its nearest quote moves to `spreadFraction` × `max_spread` from the midpoint
 *   (rounded away from the touch, toward it only when that leaves the range) and grows to the
 *   scoring size if smaller; a side the strategy left empty gets a new quote there (`twoSided`).
 * - What it will not do: make a quote larger than `maxSize`; change a side that adds to the net
 *   exposure when that quote, filled whole, would take |exposure| beyond `maxInventory`; place a
 *   price off the tick or outside [tick, 1 - tick], at or through the other side of either book or
 *   of its own quotes.
 * Outside [0.10, 0.90] one side alone scores nothing: unless both sides can score, nothing changes.
 * With `keepTicks` above 0, a resting order that still scores stands in for the side's scoring
 * quote when it lies at most that many ticks behind it (keep-scoring.ts): its queue place is kept.
 *
 * It never sees past the strategy's wishes in the other direction: no quote is removed, none is
 * made smaller or farther (but for a resting order kept with `keepTicks`, which is both at most). The guards apply after it (a pull or a widening wins), the risk gate
 * and the loss limits after them (a side they forbid stays forbidden). A market that pays nothing,
 * or whose `rewards` object is malformed, an empty quote list (the strategy pulled) and a book
 * without a qualifying level on both sides pass through unchanged.
 *
 * The midpoint is the market's without our own orders (as the view's midpoint is): a quote at the
 * same distance on both sides leaves the scored midpoint where it was, so its distance is what
 * the venue measures.
 */
import { type BookView, HALF } from '../market/book-view.js';
import { type MarketView, netExposure } from '../market/market-view.js';
import { compareDecimals, Decimal, ONE, ZERO, roundToTick } from '../money.js';
import type { Quote, QuoteSide } from '../strategy/strategy.js';
import type { RewardRules } from './reward-rules.js';
import type { RewardQuotingSettings } from './reward-quoting-settings.js';
import { keepScoringOrders } from './keep-scoring.js';
import { oneSidedScores } from './reward-score.js';

const CENTS = new Decimal(100);

/** What the stage decided for one side. */
type SidePlan =
  | { readonly kind: 'scores' }
  | { readonly kind: 'cannot' }
  /** Replace quote `index` (undefined: add) with `quote`. */
  | { readonly kind: 'change'; readonly index: number | undefined; readonly quote: Quote };

/** The size of a scoring quote before the book's minimum order: min_size × `sizeMultiple`, rounded up to the size step. */
export function scoringSize(minSize: Decimal, sizeMultiple: Decimal, sizeStep: Decimal): Decimal {
  return minSize.mul(sizeMultiple).div(sizeStep).ceil().mul(sizeStep);
}

/** The strategy's quotes with one scoring quote per side where rewards, risk and the book allow. */
export function rewardQuotes(view: MarketView, quotes: readonly Quote[], s: RewardQuotingSettings): readonly Quote[] {
  const paying = view.meta.rewards;
  if (!s.enabled || paying?.kind !== 'paying' || quotes.length === 0) return quotes;
  const rules = paying.rules;
  const mid = rewardMidpoint(view, rules.minSize);
  if (mid === undefined) return quotes;
  const bid = planSide(view, quotes, s, rules, mid, 'bid');
  const ask = planSide(view, quotes, s, rules, mid, 'ask');
  if (!oneSidedScores({ market: mid, complement: undefined }) && (bid.kind === 'cannot' || ask.kind === 'cannot')) return quotes;
  if (bid.kind !== 'change' && ask.kind !== 'change') return keepScoringOrders(view, quotes, rules, mid, s.keepTicks);
  const out = [...quotes];
  for (const plan of [bid, ask]) {
    if (plan.kind !== 'change') continue;
    if (plan.index === undefined) out.push(plan.quote);
    else out[plan.index] = plan.quote;
  }
  // Each side is placed against the other side's wishes, not its changes: checked once more here.
  // A kept order is no nearer the touch than the quote it stands for: it cannot cross.
  return keepScoringOrders(view, crosses(out) && !crosses(quotes) ? quotes : out, rules, mid, s.keepTicks);
}

/**
 * The size-cutoff-adjusted midpoint of outcome 0 without our own orders: outcome 0's book, else
 * 1 − outcome 1's (design.md §7 scores each token against its own; a binary pair mirrors).
 */
export function rewardMidpoint(view: MarketView, minSize: Decimal): Decimal | undefined {
  const [b0, b1] = view.books;
  const m0 = b0 === undefined ? undefined : othersMidpoint(view, b0, minSize);
  if (m0 !== undefined) return m0;
  const m1 = b1 === undefined ? undefined : othersMidpoint(view, b1, minSize);
  return m1 === undefined ? undefined : ONE.minus(m1);
}

/** Best bid and ask among levels of at least `minSize` once our own sizes there are taken out. */
function othersMidpoint(view: MarketView, book: BookView, minSize: Decimal): Decimal | undefined {
  const mine = view.liveOrders.filter((o) => o.tokenId === book.tokenId);
  const others = (price: Decimal, size: Decimal, side: 'BUY' | 'SELL'): Decimal => {
    let left = size;
    for (const o of mine) if (o.side === side && o.price.eq(price)) left = left.minus(o.remaining);
    return left;
  };
  const bid = book.bids.find((l) => others(l.price, l.size, 'BUY').gte(minSize))?.price;
  const ask = book.asks.find((l) => others(l.price, l.size, 'SELL').gte(minSize))?.price;
  return bid === undefined || ask === undefined ? undefined : bid.plus(ask).mul(HALF);
}

function planSide(
  view: MarketView,
  quotes: readonly Quote[],
  s: RewardQuotingSettings,
  rules: RewardRules,
  mid: Decimal,
  side: QuoteSide,
): SidePlan {
  const v = rules.maxSpreadCents.div(CENTS);
  const inRange = (p: Decimal): boolean => p.minus(mid).abs().lt(v);
  const mine = quotes.flatMap((q, index) => (q.side === side ? [{ q, index }] : []));
  if (mine.some(({ q }) => inRange(q.price) && q.size.gte(rules.minSize))) return { kind: 'scores' };

  const { sizeStep, minOrderSize } = view.meta;
  const wanted = Decimal.max(scoringSize(rules.minSize, s.sizeMultiple, sizeStep), minOrderSize);
  // Nearest first: the highest bid, the lowest ask.
  mine.sort((a, b) => (side === 'bid' ? b.q.price.cmp(a.q.price) : a.q.price.cmp(b.q.price)));
  const inside = mine.find(({ q }) => inRange(q.price));
  let price: Decimal;
  let base: { q: Quote; index: number } | undefined;
  if (inside !== undefined) {
    base = inside;
    price = inside.q.price;
  } else {
    const target = targetPrice(view, quotes, s, v, mid, side);
    if (target === undefined) return { kind: 'cannot' };
    // The target is inside max_spread, so no quote of the side is there yet: moving the nearest
    // one onto it makes no duplicate price.
    price = target;
    base = mine[0];
    if (base === undefined && !s.twoSided) return { kind: 'cannot' };
  }
  const size = base === undefined ? wanted : Decimal.max(base.q.size, wanted);
  if (size.gt(base?.q.size ?? ZERO) && size.gt(s.maxSize)) return { kind: 'cannot' };
  // Worst case, the changed quote fills whole: only the side that adds to |q| is bounded.
  const q = netExposure(view.position);
  const after = side === 'bid' ? q.plus(size) : q.minus(size);
  if (after.abs().gt(s.maxInventory) && after.abs().gt(q.abs())) return { kind: 'cannot' };
  return { kind: 'change', index: base?.index, quote: { side, price, size } };
}

/**
 * `spreadFraction` × `max_spread` from the midpoint on `side`, on the tick, strictly inside
 * `max_spread`, in [tick, 1 − tick], and short of the other side of both books and of the
 * strategy's own quotes; undefined when no such price exists.
 */
function targetPrice(
  view: MarketView,
  quotes: readonly Quote[],
  s: RewardQuotingSettings,
  v: Decimal,
  mid: Decimal,
  side: QuoteSide,
): Decimal | undefined {
  const tick = view.meta.tickSize;
  const sign = side === 'bid' ? -1 : 1;
  const raw = mid.plus(v.mul(s.spreadFraction).mul(sign));
  const away = roundToTick(raw, tick, side === 'bid' ? 'down' : 'up');
  const toward = roundToTick(raw, tick, side === 'bid' ? 'up' : 'down');
  let price = away.minus(mid).abs().lt(v) ? away : toward;
  const limit = oppositeLimit(view, quotes, side);
  if (limit !== undefined && (side === 'bid' ? price.gte(limit) : price.lte(limit))) price = limit.plus(tick.mul(sign));
  if (price.lt(tick) || price.gt(ONE.minus(tick))) return undefined;
  return price.minus(mid).abs().lt(v) ? price : undefined;
}

/**
 * The price a new quote on `side` must stay short of: for a bid the lowest of outcome 0's best
 * ask, 1 − outcome 1's best bid (a bid may be placed as a SELL of outcome 1) and the strategy's
 * asks; for an ask the mirror image.
 */
function oppositeLimit(view: MarketView, quotes: readonly Quote[], side: QuoteSide): Decimal | undefined {
  const [b0, b1] = view.books;
  const candidates: Decimal[] = [];
  if (side === 'bid') {
    if (b0?.asks[0] !== undefined) candidates.push(b0.asks[0].price);
    if (b1?.bids[0] !== undefined) candidates.push(ONE.minus(b1.bids[0].price));
    for (const q of quotes) if (q.side === 'ask') candidates.push(q.price);
    return extreme(candidates, -1);
  }
  if (b0?.bids[0] !== undefined) candidates.push(b0.bids[0].price);
  if (b1?.asks[0] !== undefined) candidates.push(ONE.minus(b1.asks[0].price));
  for (const q of quotes) if (q.side === 'bid') candidates.push(q.price);
  return extreme(candidates, 1);
}

/** The highest (`sign` 1) or lowest (-1) of `xs`, undefined when empty; a loop, not Decimal.max(...xs). */
function extreme(xs: readonly Decimal[], sign: 1 | -1): Decimal | undefined {
  let best: Decimal | undefined;
  for (const x of xs) if (best === undefined || compareDecimals(x, best) === sign) best = x;
  return best;
}

/** True when some bid is at or above some ask. */
function crosses(quotes: readonly Quote[]): boolean {
  let bid: Decimal | undefined;
  let ask: Decimal | undefined;
  for (const q of quotes) {
    if (q.side === 'bid' && (bid === undefined || q.price.gt(bid))) bid = q.price;
    if (q.side === 'ask' && (ask === undefined || q.price.lt(ask))) ask = q.price;
  }
  return bid !== undefined && ask !== undefined && bid.gte(ask);
}
