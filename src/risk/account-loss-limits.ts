/**
 * `risk.scope: account` for the loss limits: each shard enforces its share (limit / shard.count)
 * of the account's, on the PnL of its own markets, so the shards' losses add up to the account's
 * limit at most before every shard has stopped, with no shard needing the others' marks.
 */
import { Decimal } from '../money.js';
import { PLACES } from './account-scope.js';
import type { LossLimits } from './loss-limits.js';

/** This shard's share of the account's loss limits (limit / shards, rounded down to 6 places). */
export function shareLossLimits(limits: LossLimits, shards: number): LossLimits {
  const share = (d: Decimal | undefined): Decimal | undefined => d?.div(shards).toDecimalPlaces(PLACES, Decimal.ROUND_DOWN);
  return { ...limits, maxDailyLoss: share(limits.maxDailyLoss), maxDrawdown: share(limits.maxDrawdown) };
}

/** The loss limits of the `risk` section as this daemon enforces them: its share under risk.scope account. */
export function lossLimitsFor(limits: LossLimits, scope: 'daemon' | 'account', shards: number): LossLimits {
  return scope === 'account' ? shareLossLimits(limits, shards) : limits;
}
