/**
 * What dead-man orders (executor.orderTtlSec) cost in writes: every resting order is cancelled and
 * posted again once half its time to live has passed, so each costs 600 / (ttl / 2) posts (and
 * as many cancels) per 10 minutes, against the venue's sustained 24,000 POST /order per 10
 * minutes (venue-api.md 8.3) times this daemon's `limits.share`. Shown at start-up and in /status.
 */

/** POST /order (and DELETE /order) sustained limit per 10 minutes, venue-api.md 8.3. */
export const SUSTAINED_POSTS_PER_10_MIN = 24_000;

export interface RefreshCost {
  readonly orderTtlSec: number;
  /** How often each resting order is re-placed, in seconds. */
  readonly refreshEverySec: number;
  /** The open orders the figure is for. */
  readonly openOrders: number;
  /** Re-placements per 10 minutes (each one POST /order and one DELETE /order). */
  readonly postsPer10Min: number;
  /** This daemon's part of the sustained limit: 24,000 x limits.share. */
  readonly sustainedPer10Min: number;
  /** postsPer10Min / sustainedPer10Min, to 4 places. */
  readonly shareOfSustained: number;
}

export function refreshCost(orderTtlSec: number, openOrders: number, limitsShare: number): RefreshCost {
  const refreshEverySec = orderTtlSec / 2;
  const postsPer10Min = Math.ceil((openOrders * 600) / refreshEverySec);
  const sustainedPer10Min = Math.floor(SUSTAINED_POSTS_PER_10_MIN * limitsShare);
  const shareOfSustained = Math.round((postsPer10Min / sustainedPer10Min) * 10_000) / 10_000;
  return { orderTtlSec, refreshEverySec, openOrders, postsPer10Min, sustainedPer10Min, shareOfSustained };
}
