/**
 * Ranking markets by expected income per day for the risk taken (selector.by "income"). Pure:
 * the reader (income-reader.ts) fetches the tape, the price history and the fee schedule; this
 * file only adds the parts. For a market already ranked by its rewards (reward-ranking.ts gives
 * our quote size q, our expected share of the resting score and the capital locked):
 *
 * - reward   = the rewards ranking's expected reward per day (R × our share);
 * - our flow = the shares traded a day on the tape × our share: the ranking assumes we are hit in
 *              proportion to the resting score we hold, the same share as the rewards';
 * - rebate   = our flow × rate × (p(1 − p))^exponent × rebateRate, p the midpoint, when the
 *              schedule is taker-only (makers are paid a part of the taker fee); otherwise makers
 *              pay that fee and the part is its negative (design: taker fee = rate × shares ×
 *              (p(1 − p))^exponent);
 * - mark-out = our flow × the makers' measured edge per share at the horizon (the tape's trades
 *              marked against the price history, USDC-weighted): negative is adverse selection;
 * - inventory = riskFactor × q × the midpoint's variance per day (price units²): the cost of
 *              carrying up to one quote's inventory through the market's moves;
 * - income   = reward + rebate + mark-out − inventory, USDC a day;
 * - value    = income / capital: the rank key, highest first (comparable with the rewards
 *              ranking's value, so selector.swapMargin means the same).
 */
import { Decimal, ZERO } from '../money.js';
import type { RankedMarket } from './reward-ranking.js';

const ONE = new Decimal(1);

export interface IncomeFee {
  readonly rate: Decimal;
  readonly exponent: number;
  readonly takerOnly: boolean;
  readonly rebateRate: Decimal;
}

/** What the reader measured of one market. */
export interface IncomeInputs {
  /** Shares traded a day on the public tape over the lookback. */
  readonly sharesPerDay: Decimal;
  readonly fee: IncomeFee;
  /** The makers' USDC-weighted edge per share at the mark-out horizon; undefined: no trade could be marked (counted as 0). */
  readonly markoutPerShare: Decimal | undefined;
  /** The midpoint's variance per day (price units²) over the lookback. */
  readonly variancePerDay: Decimal;
  /** selector.inventoryRisk. */
  readonly riskFactor: Decimal;
}

export interface IncomeParts {
  readonly reward: Decimal;
  readonly ourSharesPerDay: Decimal;
  readonly rebate: Decimal;
  readonly markout: Decimal;
  readonly inventory: Decimal;
  readonly income: Decimal;
  readonly capital: Decimal;
  readonly value: Decimal;
}

/** The expected income per day of a market ranked by its rewards (see the file's comment). */
export function incomeOf(r: RankedMarket, i: IncomeInputs): IncomeParts {
  const ourSharesPerDay = i.sharesPerDay.mul(r.expectedShare);
  const p = r.midpoint;
  const feePerShare = i.fee.rate.mul(p.mul(ONE.sub(p)).pow(i.fee.exponent));
  const rebate = i.fee.takerOnly ? ourSharesPerDay.mul(feePerShare).mul(i.fee.rebateRate) : ourSharesPerDay.mul(feePerShare).neg();
  const markout = ourSharesPerDay.mul(i.markoutPerShare ?? ZERO);
  const inventory = i.riskFactor.mul(r.quoteSize).mul(i.variancePerDay);
  const income = r.expectedRewardPerDay.add(rebate).add(markout).sub(inventory);
  return {
    reward: r.expectedRewardPerDay,
    ourSharesPerDay,
    rebate,
    markout,
    inventory,
    income,
    capital: r.capital,
    value: r.capital.isZero() ? ZERO : income.div(r.capital),
  };
}

/**
 * The variance per day of a price series (points in time order, ms): the sum of the squared moves
 * between consecutive points over the days they span; 0 with fewer than two points or no span.
 */
export function variancePerDay(t: readonly number[], p: readonly Decimal[]): Decimal {
  if (t.length < 2) return ZERO;
  const spanMs = t[t.length - 1]! - t[0]!;
  if (spanMs <= 0) return ZERO;
  let sum = ZERO;
  for (let k = 1; k < p.length; k++) sum = sum.add(p[k]!.sub(p[k - 1]!).pow(2));
  return sum.mul(86_400_000).div(spanMs);
}
