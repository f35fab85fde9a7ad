/**
 * The liquidity-reward scoring rule of design.md §7, pure and exact: one implementation for the
 * simulator (which pays) and for makerd (which estimates what it earns).
 *
 * Per one-minute sample of a market m (outcome 0) and its complement m' (outcome 1):
 * - each order scores `S = ((v − s) / v)² · b` per share, `v` = max_spread in cents, `s` = its
 *   distance in cents from its token's size-cutoff-adjusted midpoint; 0 beyond `v` or below
 *   `min_size`;
 * - Q_one = Σ S·size over bids on m and asks on m'; Q_two = Σ S·size over asks on m and bids on m';
 * - with m's midpoint in [0.10, 0.90], Q_min = max(min(Q_one, Q_two), max(Q_one, Q_two) / 3);
 *   outside it, Q_min = min(Q_one, Q_two);
 * - an account's share of the sample is its Q_min over all accounts' Q_min.
 * All arithmetic is decimal.js at the house precision (40 digits): the only inexact step is the
 * division of a share, far below a micro-USDC over a day's 1,440 samples.
 */
import { Decimal, ZERO } from '../money.js';
import type { RewardRules } from './reward-rules.js';

export type RewardSide = 'BUY' | 'SELL';
/** Outcome 0 of the market is `m`, outcome 1 its complement `m'`. */
export type RewardOutcome = 0 | 1;

export interface RewardLevel {
  readonly price: Decimal;
  readonly size: Decimal;
}

/** One resting order as the scorer sees it. */
export interface ScoredOrder {
  readonly account: string;
  readonly outcome: RewardOutcome;
  readonly side: RewardSide;
  readonly price: Decimal;
  readonly size: Decimal;
}

/** An account's side totals and two-sided score in one sample. */
export interface AccountScore {
  readonly qOne: Decimal;
  readonly qTwo: Decimal;
  readonly qMin: Decimal;
}

/** The adjusted midpoints of a market's two tokens (undefined: no qualifying level on a side). */
export interface RewardMidpoints {
  readonly market: Decimal | undefined;
  readonly complement: Decimal | undefined;
}

const CENTS = new Decimal(100);
const THIRD_DIVISOR = new Decimal(3);
const RANGE_LOW = new Decimal('0.10');
const RANGE_HIGH = new Decimal('0.90');
const TWO = new Decimal(2);

/**
 * The size-cutoff-adjusted midpoint of one token: the mean of the best bid and the best ask after
 * ignoring levels smaller than `min_size`. Levels may come in any order.
 */
export function adjustedMidpoint(bids: readonly RewardLevel[], asks: readonly RewardLevel[], minSize: Decimal): Decimal | undefined {
  let bestBid: Decimal | undefined;
  for (const l of bids) if (l.size.gte(minSize) && (bestBid === undefined || l.price.gt(bestBid))) bestBid = l.price;
  let bestAsk: Decimal | undefined;
  for (const l of asks) if (l.size.gte(minSize) && (bestAsk === undefined || l.price.lt(bestAsk))) bestAsk = l.price;
  if (bestBid === undefined || bestAsk === undefined) return undefined;
  return bestBid.add(bestAsk).div(TWO);
}

/** S(v, s) per share for an order at `price` against `midpoint`: 0 at or beyond `v`, or below `min_size`. */
export function orderScore(rules: RewardRules, midpoint: Decimal | undefined, price: Decimal, size: Decimal): Decimal {
  if (midpoint === undefined || size.lt(rules.minSize)) return ZERO;
  const v = rules.maxSpreadCents;
  const s = price.sub(midpoint).abs().mul(CENTS);
  if (s.gte(v)) return ZERO;
  const gap = v.sub(s);
  return gap.mul(gap).mul(rules.multiplier).div(v.mul(v));
}

/** Whether one-sided quoting still scores (a third): m's midpoint within [0.10, 0.90]. */
export function oneSidedScores(mids: RewardMidpoints): boolean {
  const mid = mids.market ?? (mids.complement === undefined ? undefined : new Decimal(1).sub(mids.complement));
  if (mid === undefined) return false;
  return mid.gte(RANGE_LOW) && mid.lte(RANGE_HIGH);
}

/** Q_min from the side totals (design.md §7, c = 3). */
export function twoSidedScore(qOne: Decimal, qTwo: Decimal, oneSided: boolean): Decimal {
  const low = Decimal.min(qOne, qTwo);
  if (!oneSided) return low;
  return Decimal.max(low, Decimal.max(qOne, qTwo).div(THIRD_DIVISOR));
}

/** Whether an order counts toward Q_one (bids on m, asks on m') rather than Q_two. */
function isSideOne(o: ScoredOrder): boolean {
  return (o.outcome === 0) === (o.side === 'BUY');
}

/** Every account's score in one sample of one market. Accounts with no order are absent. */
export function scoreSample(rules: RewardRules, mids: RewardMidpoints, orders: readonly ScoredOrder[]): Map<string, AccountScore> {
  const sums = new Map<string, { one: Decimal; two: Decimal }>();
  for (const o of orders) {
    const mid = o.outcome === 0 ? mids.market : mids.complement;
    const points = orderScore(rules, mid, o.price, o.size).mul(o.size);
    let sum = sums.get(o.account);
    if (sum === undefined) {
      sum = { one: ZERO, two: ZERO };
      sums.set(o.account, sum);
    }
    if (isSideOne(o)) sum.one = sum.one.add(points);
    else sum.two = sum.two.add(points);
  }
  const oneSided = oneSidedScores(mids);
  const out = new Map<string, AccountScore>();
  for (const [account, { one, two }] of sums) out.set(account, { qOne: one, qTwo: two, qMin: twoSidedScore(one, two, oneSided) });
  return out;
}

/** Each account's share of a sample: its Q_min over the sum of all Q_min (all 0 when the sum is 0). */
export function sampleShares(scores: ReadonlyMap<string, AccountScore>): Map<string, Decimal> {
  let total = ZERO;
  for (const s of scores.values()) total = total.add(s.qMin);
  const out = new Map<string, Decimal>();
  for (const [account, s] of scores) out.set(account, total.isZero() ? ZERO : s.qMin.div(total));
  return out;
}
