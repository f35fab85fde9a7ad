/**
 * One sample of what makerd earns in a market, from what it can see: its own resting orders (the
 * executor's live-order view) and the visible books of both tokens, which show levels, not orders
 * or accounts. Scored with the one rule of reward-score.ts.
 *
 * - The adjusted midpoints come from the visible books as they are (our orders included): that is
 *   the book the venue samples.
 * - Others' orders: each visible level less our own resting size at that price (clamped at 0) is
 *   taken as ONE order of ONE other account. That is exact when every level holds at most one
 *   order of one other account, besides ours: the simulator's background maker posts one order per
 *   price per side per token (src/sim/flow/maker-ladder.ts). Where several accounts share a market,
 *   pooling them moves the competition's Q_min by at most a factor of 2 inside [0.10, 0.90]
 *   (docs/rewards.md, "What makerd estimates", works the bound out).
 */
import { type Decimal, ZERO } from '../money.js';
import type { RewardRules } from './reward-rules.js';
import {
  type AccountScore,
  adjustedMidpoint,
  type RewardLevel,
  type RewardMidpoints,
  type RewardOutcome,
  type RewardSide,
  type ScoredOrder,
  sampleShares,
  scoreSample,
} from './reward-score.js';

/** The account name of makerd's own orders in an estimate. */
export const OWN_ACCOUNT = 'own';
/** The one account every other visible order is pooled into. */
export const OTHERS_ACCOUNT = 'others';

/** A token's visible book: levels of all accounts, ours included. */
export interface VisibleBook {
  readonly bids: readonly RewardLevel[];
  readonly asks: readonly RewardLevel[];
}

/** One of makerd's resting orders: outcome of its token, side, price and remaining size. */
export interface OwnRestingOrder {
  readonly outcome: RewardOutcome;
  readonly side: RewardSide;
  readonly price: Decimal;
  readonly size: Decimal;
}

export interface SampleEstimate {
  readonly mids: RewardMidpoints;
  readonly own: AccountScore;
  readonly others: AccountScore;
  /** Our Q_min over ours plus the others' (0 when nobody scores). */
  readonly share: Decimal;
}

const NO_SCORE: AccountScore = { qOne: ZERO, qTwo: ZERO, qMin: ZERO };

function ownSizes(own: readonly OwnRestingOrder[]): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  for (const o of own) {
    const key = `${o.outcome}|${o.side}|${o.price.toFixed()}`;
    out.set(key, (out.get(key) ?? ZERO).add(o.size));
  }
  return out;
}

/**
 * Visible levels less our own size at each price: the others' orders, one per level, added to
 * `out` one by one (never `push(...levels)`: a spread's elements are arguments, on the stack, and
 * a book's levels are as many as the venue sends).
 */
function addOthersOrders(
  out: ScoredOrder[],
  books: readonly [VisibleBook | undefined, VisibleBook | undefined],
  own: Map<string, Decimal>,
): void {
  for (const outcome of [0, 1] as const) {
    const book = books[outcome];
    if (book === undefined) continue;
    for (const [side, levels] of [
      ['BUY', book.bids],
      ['SELL', book.asks],
    ] as const) {
      for (const l of levels) {
        const rest = l.size.sub(own.get(`${outcome}|${side}|${l.price.toFixed()}`) ?? ZERO);
        if (rest.gt(ZERO)) out.push({ account: OTHERS_ACCOUNT, outcome, side, price: l.price, size: rest });
      }
    }
  }
}

/**
 * Our score and share in one sample. A missing book (none, stale) leaves its token without a
 * midpoint: nothing on that token scores, ours included. `shown`: what of ours the books may
 * still show, to take out of their levels (default `own`); a book older than our last cancel
 * still holds the cancelled order, which is not the others'.
 */
export function estimateSample(
  rules: RewardRules,
  books: readonly [VisibleBook | undefined, VisibleBook | undefined],
  own: readonly OwnRestingOrder[],
  shown: readonly OwnRestingOrder[] = own,
): SampleEstimate {
  const mid = (b: VisibleBook | undefined): Decimal | undefined =>
    b === undefined ? undefined : adjustedMidpoint(b.bids, b.asks, rules.minSize);
  const mids: RewardMidpoints = { market: mid(books[0]), complement: mid(books[1]) };
  const orders: ScoredOrder[] = own.map((o) => ({ account: OWN_ACCOUNT, ...o }));
  addOthersOrders(orders, books, ownSizes(shown));
  const scores = scoreSample(rules, mids, orders);
  const shares = sampleShares(scores);
  return {
    mids,
    own: scores.get(OWN_ACCOUNT) ?? NO_SCORE,
    others: scores.get(OTHERS_ACCOUNT) ?? NO_SCORE,
    share: shares.get(OWN_ACCOUNT) ?? ZERO,
  };
}
