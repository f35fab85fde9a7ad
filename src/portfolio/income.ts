/**
 * Income counted whole: what makerd earned in a market, as one figure beside its parts, each
 * counted once. The portfolio's realized PnL already holds settlements, fees and rebates
 * (token-position.ts: realized = closing gains + settlement - fees + rebates), so the parts split
 * it rather than add to it:
 *
 *   trading           closing gains at average cost - fees paid
 *   settlement        gains of positions settled at 1 / 0 when their market resolved
 *   rebates           maker rebates received
 *   unrealized        open positions at the last midpoint
 *   rewards_estimated liquidity rewards of the UTC day under way (an estimate: not yet credited)
 *   rewards_credited  liquidity rewards of completed UTC days (the venue credits them at 00:00 UTC)
 *   total             the sum of the six
 *
 * trading + settlement + rebates = realized PnL, so total = realized + unrealized + rewards: the
 * rewards and rebates are summed beside trading PnL, never mixed into it. A day's rewards move
 * from `rewards_estimated` to `rewards_credited` when it ends, never in both. Pure and exact
 * (Decimals): the parts sum to the total to the last digit.
 */
import { type Decimal, ZERO } from '../money.js';
import type { PnlFigures } from './portfolio.js';

/** The parts, in the order they are shown; `total` last. */
export const INCOME_PARTS = ['trading', 'settlement', 'rebates', 'unrealized', 'rewards_estimated', 'rewards_credited', 'total'] as const;

export type IncomePart = (typeof INCOME_PARTS)[number];

export type Income = Readonly<Record<IncomePart, Decimal>>;

/** A market's liquidity rewards: the day under way (estimated) and the days completed (credited). */
export interface RewardIncome {
  readonly estimated: Decimal;
  readonly credited: Decimal;
}

export const NO_REWARDS: RewardIncome = { estimated: ZERO, credited: ZERO };

type PnlParts = Pick<PnlFigures, 'tradingPnl' | 'settlementPnl' | 'feesPaid' | 'rebatesReceived' | 'unrealizedPnl'>;

const NO_PNL: PnlParts = { tradingPnl: ZERO, settlementPnl: ZERO, feesPaid: ZERO, rebatesReceived: ZERO, unrealizedPnl: ZERO };

/** A market's (or the account's) income by part; no PnL figures (no fills yet) count 0. */
export function incomeOf(pnl: PnlParts | undefined, rewards: RewardIncome = NO_REWARDS): Income {
  const p = pnl ?? NO_PNL;
  const trading = p.tradingPnl.sub(p.feesPaid);
  const parts = {
    trading,
    settlement: p.settlementPnl,
    rebates: p.rebatesReceived,
    unrealized: p.unrealizedPnl,
    rewards_estimated: rewards.estimated,
    rewards_credited: rewards.credited,
  };
  const total = Object.values(parts).reduce((sum, d) => sum.add(d), ZERO);
  return { ...parts, total };
}

/** Income summed part by part (the account's over its markets). */
export function sumIncome(items: Iterable<Income>): Income {
  const out: Record<IncomePart, Decimal> = Object.fromEntries(INCOME_PARTS.map((p) => [p, ZERO])) as Record<IncomePart, Decimal>;
  for (const i of items) for (const p of INCOME_PARTS) out[p] = out[p].add(i[p]);
  return out;
}
