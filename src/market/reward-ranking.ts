/**
 * Ranking sampling markets by what their liquidity rewards would pay us (selector.by "rewards"):
 * expected reward per day per unit of capital at risk, less a volatility penalty. Pure: the
 * caller reads the listing and the books within the rate limits (market-selection.ts) and keeps
 * the midpoints seen between rankings (`MidHistory`) for the volatility.
 *
 * For a market with rewards (rate R, max_spread v cents, min_size m), from its two books:
 * - our quotes, as the ranking assumes them (reward-stage-quote.ts): a bid and an ask of outcome
 *   0, each of q shares, s cents from the adjusted midpoint, so each side scores ((v − s)/v)² · q
 *   and so does our Q_min (two-sided). With the reward-aware quoting stage enabled (the configured
 *   strategy's `params.rewards`) they are the stage's own: q = m × sizeMultiple rounded up to the
 *   size step (at least the book's minimum order size), s = spreadFraction × v; a market whose q
 *   the stage will not quote (above its maxSize or maxInventory) earns nothing: its expected
 *   reward is 0 and `rewardBlocked` says why (its share, capital and the rest are computed as for
 *   any market). With the stage off: q = max(m, the book's minimum order size), s = v/2 (each side
 *   scores q/4), what the strategy's own quotes may or may not match;
 * - the competing score: every visible level of both tokens' books within max_spread, scored by
 *   src/rewards as one competitor (a level of at least m shares counts as one order: the book
 *   cannot show the orders inside a level, so levels made of orders smaller than m overstate the
 *   competition);
 * - expected share = ours / (ours + competing); expected reward per day = R × share;
 * - capital at risk = what the two quotes lock: q × (mid − d) for the bid and q × (1 − mid − d)
 *   for the ask (bought as outcome 1), d = s cents: q × (1 − 2d);
 * - volatility σ: the midpoint's standard move per √day, from its moves between rankings (an
 *   EWMA of squared moves per day of elapsed time); unknown (0) at the first ranking;
 * - value = reward per day / capital − penalty × σ, `penalty` = selector.volatilityPenalty.
 */
import { Decimal, ZERO } from '../money.js';
import { adjustedMidpoint, type RewardLevel, type RewardRules, type ScoredOrder, sampleShares, scoreSample } from '../rewards/index.js';
import { assumedQuote, type RewardStageLimits } from './reward-stage-quote.js';

const ONE = new Decimal(1);
const DAY_MS = 86_400_000;
/** Weight of the newest squared move in the volatility EWMA. */
const EWMA_WEIGHT = new Decimal('0.3');

/** One token's visible book (levels in any order). */
export interface RankBook {
  readonly bids: readonly RewardLevel[];
  readonly asks: readonly RewardLevel[];
  readonly minOrderSize: Decimal;
}

export interface RankedMarket {
  readonly conditionId: string;
  readonly dailyRate: Decimal;
  readonly maxSpreadCents: Decimal;
  readonly minSize: Decimal;
  /** Adjusted midpoint of outcome 0 (or 1 − outcome 1's). */
  readonly midpoint: Decimal;
  /** Q_min of the visible book within max_spread, as one competitor. */
  readonly competingScore: Decimal;
  /** Q_min of our assumed quotes. */
  readonly ourScore: Decimal;
  readonly expectedShare: Decimal;
  /** R × expectedShare; 0 when the reward stage would not quote the market (`rewardBlocked`). */
  readonly expectedRewardPerDay: Decimal;
  /** Why the reward-aware quoting stage would not place the assumed quotes; undefined: it would (or it is off). */
  readonly rewardBlocked?: string | undefined;
  /** Size of each of our assumed quotes, and the capital they lock (USDC). */
  readonly quoteSize: Decimal;
  readonly capital: Decimal;
  /** The midpoint's volatility per √day (price units); 0 while unknown. */
  readonly volatility: Decimal;
  readonly penalty: Decimal;
  /** expectedRewardPerDay / capital − penalty: the rank key, highest first. */
  readonly value: Decimal;
}

export type RankOutcome = { readonly ranked: RankedMarket } | { readonly reason: string };

/** The midpoints seen at earlier rankings, for the volatility. */
export class MidHistory {
  readonly #last = new Map<string, { mid: Decimal; atMs: number; variance: Decimal | undefined }>();

  /** Records `mid` at `atMs` and answers the volatility per √day (0 while unknown). */
  observe(conditionId: string, mid: Decimal, atMs: number): Decimal {
    const prev = this.#last.get(conditionId);
    if (prev === undefined || atMs <= prev.atMs) {
      this.#last.set(conditionId, { mid, atMs, variance: prev?.variance });
      return prev?.variance === undefined ? ZERO : prev.variance.sqrt();
    }
    const perDay = mid
      .sub(prev.mid)
      .pow(2)
      .mul(DAY_MS)
      .div(atMs - prev.atMs);
    const variance = prev.variance === undefined ? perDay : prev.variance.mul(ONE.sub(EWMA_WEIGHT)).add(perDay.mul(EWMA_WEIGHT));
    this.#last.set(conditionId, { mid, atMs, variance });
    return variance.sqrt();
  }
}

function levelsAsOrders(book: RankBook | undefined, outcome: 0 | 1, out: ScoredOrder[]): void {
  if (book === undefined) return;
  for (const l of book.bids) out.push({ account: 'book', outcome, side: 'BUY', price: l.price, size: l.size });
  for (const l of book.asks) out.push({ account: 'book', outcome, side: 'SELL', price: l.price, size: l.size });
}

/** One market's rank, or why it cannot be ranked (no midpoint on either token). */
export function rankMarket(
  conditionId: string,
  rules: RewardRules,
  books: readonly [RankBook | undefined, RankBook | undefined],
  /** The volatility per √day given the midpoint now (MidHistory.observe, or a constant). */
  volatilityOf: (mid: Decimal) => Decimal,
  penaltyPerVolatility: Decimal,
  /** The configured reward-aware quoting stage (reward-stage-quote.ts); undefined: as if off. */
  stage?: RewardStageLimits | undefined,
): RankOutcome {
  const mid0 = books[0] === undefined ? undefined : adjustedMidpoint(books[0].bids, books[0].asks, rules.minSize);
  const mid1 = books[1] === undefined ? undefined : adjustedMidpoint(books[1].bids, books[1].asks, rules.minSize);
  const mid = mid0 ?? (mid1 === undefined ? undefined : ONE.sub(mid1));
  if (mid === undefined)
    return { reason: `no midpoint: no level of at least min_size ${rules.minSize.toFixed()} on both sides of either token` };
  const volatility = volatilityOf(mid);
  const minOrder = Decimal.max(books[0]?.minOrderSize ?? ZERO, books[1]?.minOrderSize ?? ZERO);
  const quote = assumedQuote(rules, minOrder, stage);
  const q = quote.size;
  const d = quote.distance;
  const orders: ScoredOrder[] = [];
  levelsAsOrders(books[0], 0, orders);
  levelsAsOrders(books[1], 1, orders);
  // Our quotes on outcome 0, around the same midpoint the competitors are scored against.
  const mids = { market: mid0 ?? mid, complement: mid1 };
  orders.push({ account: 'us', outcome: 0, side: 'BUY', price: mids.market.sub(d), size: q });
  orders.push({ account: 'us', outcome: 0, side: 'SELL', price: mids.market.add(d), size: q });
  const scores = scoreSample(rules, mids, orders);
  const shares = sampleShares(scores);
  const expectedShare = shares.get('us') ?? ZERO;
  const expectedRewardPerDay = quote.blocked === undefined ? rules.dailyRate.mul(expectedShare) : ZERO;
  const capital = q.mul(ONE.sub(d.mul(2)));
  const penalty = penaltyPerVolatility.mul(volatility);
  return {
    ranked: {
      conditionId,
      dailyRate: rules.dailyRate,
      maxSpreadCents: rules.maxSpreadCents,
      minSize: rules.minSize,
      midpoint: mid,
      competingScore: scores.get('book')?.qMin ?? ZERO,
      ourScore: scores.get('us')?.qMin ?? ZERO,
      expectedShare,
      expectedRewardPerDay,
      ...(quote.blocked === undefined ? {} : { rewardBlocked: quote.blocked }),
      quoteSize: q,
      capital,
      volatility,
      penalty,
      value: expectedRewardPerDay.div(capital).sub(penalty),
    },
  };
}

/** Highest value first; ties keep the listing order (the sort is stable). */
export function byValue(a: RankedMarket, b: RankedMarket): number {
  return b.value.cmp(a.value);
}
