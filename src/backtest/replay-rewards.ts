/**
 * Liquidity rewards in a replay, by the rule of design.md §7 (src/rewards, the implementation the
 * simulator pays with): at every minute of the recording's clock, each paying market's sample
 * scores the account's resting virtual orders against the recorded public book, whose levels stand
 * for the other accounts (each level one order: the public book shows levels, not the orders in
 * them). Midpoints are the size-cutoff-adjusted midpoints of the public books. Shares are summed per
 * market and UTC day; a day's reward is its share sum / 1,440 × the daily rate, credited to the
 * micro-USDC rounded down (days not finished pro rata, as the synthetic backtest's).
 */
import type { BookLevel } from '../market/book-view.js';
import type { MarketMeta } from '../market/market-view.js';
import { type Decimal, ZERO } from '../money.js';
import type { VirtualOrder } from '../paper/queue-fill-model.js';
import { adjustedMidpoint, type ScoredOrder, sampleShares, scoreSample } from '../rewards/reward-score.js';
import { creditedAmount, dayReward, utcDayOf } from '../rewards/reward-day.js';

const US = 'account';
const OTHERS = 'public book';

export interface RewardBooks {
  readonly bids: readonly BookLevel[];
  readonly asks: readonly BookLevel[];
}

export class ReplayRewards {
  /** Per market and UTC day: the account's share sum. */
  readonly #sums = new Map<string, { rate: Decimal; sum: Decimal }>();
  samples = 0;

  /** One sample of one market at `atMs`. */
  sample(
    meta: MarketMeta,
    books: readonly [RewardBooks | undefined, RewardBooks | undefined],
    ours: readonly VirtualOrder[],
    atMs: number,
  ): void {
    const r = meta.rewards;
    if (r?.kind !== 'paying') return;
    const rules = r.rules;
    const [m, c] = books;
    const mids = {
      market: m === undefined ? undefined : adjustedMidpoint(m.bids, m.asks, rules.minSize),
      complement: c === undefined ? undefined : adjustedMidpoint(c.bids, c.asks, rules.minSize),
    };
    const orders: ScoredOrder[] = [];
    books.forEach((b, outcome) => {
      if (b === undefined) return;
      for (const l of b.bids) orders.push({ account: OTHERS, outcome: outcome as 0 | 1, side: 'BUY', price: l.price, size: l.size });
      for (const l of b.asks) orders.push({ account: OTHERS, outcome: outcome as 0 | 1, side: 'SELL', price: l.price, size: l.size });
    });
    for (const o of ours)
      orders.push({ account: US, outcome: o.tokenId === meta.tokens[0] ? 0 : 1, side: o.side, price: o.price, size: o.remaining });
    const share = sampleShares(scoreSample(rules, mids, orders)).get(US) ?? ZERO;
    this.samples++;
    const key = `${meta.conditionId}|${utcDayOf(atMs)}`;
    const day = this.#sums.get(key) ?? { rate: rules.dailyRate, sum: ZERO };
    day.sum = day.sum.plus(share);
    this.#sums.set(key, day);
  }

  /** The rewards earned: every market-day's share sum / 1,440 × its rate, to the micro-USDC (down). */
  total(): Decimal {
    let total = ZERO;
    for (const d of this.#sums.values()) total = total.plus(creditedAmount(dayReward(d.sum, d.rate)));
    return total;
  }
}
