/**
 * `risk.scope: account`: the exposure, gross-notional and open-order limits are totals of the whole
 * account, which several shards (daemons on disjoint markets) share without talking to each other.
 * Every shard reads the account (GET /positions and GET /data/orders are account-wide) and keeps
 * its own worst case inside its budget:
 *
 *   budget = min(limit / shard.count, limit - what the rest of the account holds)
 *
 * The first term is what makes concurrent shards safe: the budgets of N shards add up to at most
 * the limit whatever each one reads and whenever it reads it, so they cannot together overshoot.
 * The second makes each one respect the account as it is (positions in markets no shard quotes,
 * a shard running with other settings): a shard never takes the account past the limit by itself.
 * The loss limits' share is account-loss-limits.ts. Pure: the views are computed in
 * src/trading/account-view.ts.
 */
import { compareDecimals, Decimal, ZERO } from '../money.js';
import type { RiskLimits } from './risk-limits.js';

/** What the rest of the account (every market outside this shard's) holds, and how many shards share it. */
export interface AccountView {
  /** shard.count: how many daemons share the account's limits. */
  readonly shards: number;
  /** Σ |outcome 0 - outcome 1| shares over the account's markets outside this shard (GET /positions). */
  readonly othersExposure: Decimal;
  /** Open orders of the account outside this shard's markets (GET /data/orders). */
  readonly othersOrders: number;
  /** Their USDC notional: price x remaining size. */
  readonly othersNotional: Decimal;
}

/** Budgets are cut to the venue's USDC precision, rounded down (never above the share). */
export const PLACES = 6;

function budget(limit: Decimal, shards: number, others: Decimal): Decimal {
  const share = limit.div(shards).toDecimalPlaces(PLACES, Decimal.ROUND_DOWN);
  const rest = limit.minus(others);
  return Decimal.max(ZERO, Decimal.min(share, rest));
}

/**
 * The worst-case net exposure of one market: every approved bid filled (outcome 0 up) or every
 * approved ask filled (down), whichever is farther from zero; at least the position itself.
 */
export function worstExposure(q: Decimal, bids: Decimal, asks: Decimal): Decimal {
  // Nothing held (ZERO itself, see netExposure) and totals of sizes (never negative): the larger
  // total, without the five Decimals of the general form.
  if (q === ZERO && bids.isFinite() && asks.isFinite() && !bids.isNegative() && !asks.isNegative())
    return compareDecimals(asks, bids) > 0 ? asks : bids;
  return Decimal.max(q.plus(bids).abs(), q.minus(asks).abs());
}

/**
 * The limits one market of this shard is checked against: `maxNetExposure` becomes the room left
 * in the shard's exposure budget after its other markets' worst cases (`ownOthersWorst`), and the
 * gross-notional and open-order limits become the shard's budgets of them (the gate's own count of
 * its other markets' orders is checked against these as before).
 */
export function accountLimits(limits: RiskLimits, view: AccountView, ownOthersWorst: Decimal): RiskLimits {
  const exposure = budget(limits.maxNetExposure, view.shards, view.othersExposure);
  const notional = budget(limits.maxGrossNotional, view.shards, view.othersNotional);
  const orders = Math.max(0, Math.min(Math.floor(limits.maxOpenOrders / view.shards), limits.maxOpenOrders - view.othersOrders));
  return {
    ...limits,
    maxNetExposure: Decimal.max(ZERO, exposure.minus(ownOthersWorst)),
    maxGrossNotional: notional,
    maxOpenOrders: orders,
  };
}
