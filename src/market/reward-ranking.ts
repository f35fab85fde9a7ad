/**
 * Ranking sampling markets by what their liquidity rewards would pay us (selector.by "rewards"):
 * expected reward per day per unit of capital at risk, less a volatility penalty. Pure: the
 * caller reads the listing and the books within the rate limits (market-selection.ts) and keeps
 * the midpoints seen between rankings (`MidHistory`) for the volatility.
 *
 * For a market with rewards (rate R, max_spread v cents, min_size m), from its two books:
 * - our quotes, as the ranking assumes them: a bid and an ask of outcome 0, each of
 *   q = max(m, the book's minimum order size) shares, v/2 cents from the adjusted midpoint —
 *   inside max_spread with room for the tick — so each side scores ((v − v/2)/v)² · q = q/4 and
 *   our Q_min is q/4 (two-sided);
 * - the competing score: every visible level of both tokens' books within max_spread, scored by
 *   src/rewards as one competitor (a level of at least m shares counts as one order: the book
 *   cannot show the orders inside a level, so levels made of orders smaller than m overstate the
 *   competition);
 * - expected share = ours / (ours + competing); expected reward per day = R × share;
 * - capital at risk = what the two quotes lock: q × (mid − d) for the bid and q × (1 − mid − d)
 *   for the ask (bought as outcome 1), d = v/2 cents: q × (1 − 2d);
 * - volatility σ: the midpoint's standard move per √day, from its moves between rankings (an
 *   EWMA of squared moves per day of elapsed time); unknown (0) at the first ranking;
 * - value = reward per day / capital − penalty × σ, `penalty` = selector.volatilityPenalty.
 */
import { Decimal, ZERO } from '../money.js';
import { adjustedMidpoint, type RewardLevel, type RewardRules, type ScoredOrder, sampleShares, scoreSample } from '../rewards/index.js';

const ONE = new Decimal(1);
const HALF = new Decimal('0.5');
const CENTS = new Decimal(100);
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
  readonly expectedRewardPerDay: Decimal;
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
): RankOutcome {
  const mid0 = books[0] === undefined ? undefined : adjustedMidpoint(books[0].bids, books[0].asks, rules.minSize);
  const mid1 = books[1] === undefined ? undefined : adjustedMidpoint(books[1].bids, books[1].asks, rules.minSize);
  const mid = mid0 ?? (mid1 === undefined ? undefined : ONE.sub(mid1));
  if (mid === undefined)
    return { reason: `no midpoint: no level of at least min_size ${rules.minSize.toFixed()} on both sides of either token` };
  const volatility = volatilityOf(mid);
  const minOrder = Decimal.max(books[0]?.minOrderSize ?? ZERO, books[1]?.minOrderSize ?? ZERO);
  const q = Decimal.max(rules.minSize, minOrder);
  const d = rules.maxSpreadCents.mul(HALF).div(CENTS);
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
  const expectedRewardPerDay = rules.dailyRate.mul(expectedShare);
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
