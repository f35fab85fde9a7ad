/**
 * A UTC day of reward samples for one market: the sum of each account's per-sample shares, and
 * the day's reward = mean share over the day's 1,440 samples × the daily rate (design.md §7).
 * A sample missed (process not running, no midpoint) counts as a share of 0: the mean is always
 * over 1,440, so a day joined late pays pro rata, as the venue does.
 */
import { Decimal, ZERO } from '../money.js';

export const SAMPLES_PER_DAY = 1440;
export const SAMPLE_INTERVAL_MS = 60_000;
const DAY_MS = SAMPLES_PER_DAY * SAMPLE_INTERVAL_MS;
const SAMPLES = new Decimal(SAMPLES_PER_DAY);

/** The UTC day (ms since epoch / one day) a time falls in. */
export function utcDayOf(timeMs: number): number {
  return Math.floor(timeMs / DAY_MS);
}

/** The sample slot of the day (0..1439) a time falls in. */
export function sampleSlotOf(timeMs: number): number {
  return Math.floor((timeMs % DAY_MS) / SAMPLE_INTERVAL_MS);
}

/** The reward of a day's summed shares: Σshare / 1,440 × daily rate, unrounded. */
export function dayReward(shareSum: Decimal, dailyRate: Decimal): Decimal {
  return shareSum.mul(dailyRate).div(SAMPLES);
}

/**
 * USDC has 6 decimals; a credited reward is rounded down to them (never pay out more than earned),
 * after rounding to 20 places so that a share sum of 0.999…9 (40 digits, from the division of each
 * sample's shares) pays what 1 pays.
 */
export function creditedAmount(reward: Decimal): Decimal {
  return reward.toDecimalPlaces(20, Decimal.ROUND_HALF_EVEN).toDecimalPlaces(6, Decimal.ROUND_DOWN);
}

/** Shares summed per account over one market's current UTC day. */
export class RewardDay {
  private readonly shareSums = new Map<string, Decimal>();
  private samplesTaken = 0;

  constructor(readonly day: number) {}

  /** Adds one sample's shares. */
  add(shares: ReadonlyMap<string, Decimal>): void {
    this.samplesTaken++;
    for (const [account, share] of shares) this.shareSums.set(account, (this.shareSums.get(account) ?? ZERO).add(share));
  }

  get samples(): number {
    return this.samplesTaken;
  }

  shareSum(account: string): Decimal {
    return this.shareSums.get(account) ?? ZERO;
  }

  accounts(): IterableIterator<string> {
    return this.shareSums.keys();
  }

  /** An account's reward so far (unrounded): its share sum / 1,440 × rate. */
  reward(account: string, dailyRate: Decimal): Decimal {
    return dayReward(this.shareSum(account), dailyRate);
  }
}
