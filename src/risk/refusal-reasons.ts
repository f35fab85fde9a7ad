/** Why the risk gate refuses an order: a bounded set of words, safe as a metric label. */
export const REFUSAL_REASONS = [
  'halted',
  'reducing',
  'stale-book',
  'position-limit',
  'exposure-limit',
  'gross-notional',
  'open-orders',
  'market-orders',
  'order-size',
  'price-range',
  'post-only-cross',
  'error-backoff',
  'kill-switch',
  'below-min-size',
  'event-loss',
  'market-ending',
  'market-closed',
  'end-date-unknown',
] as const;

/**
 * Why an order was refused (a bounded set: safe as a metric label).
 *  halted           the market is HALTED (configured or override)
 *  reducing         REDUCING and the order adds exposure, or no reducing room is left
 *  stale-book       an outcome's book is missing or stale
 *  position-limit   the token's position plus approved buys leaves less than the minimum size
 *  exposure-limit   the worst-case net exposure leaves less than the minimum size
 *  gross-notional   the USDC resting over all markets would pass risk.maxGrossNotional
 *  open-orders      the orders over all markets would pass risk.maxOpenOrders
 *  market-orders    the market's orders would pass risk.maxOrdersPerMarket
 *  order-size       the size is not a positive multiple of the market's size step (a larger
 *                   size than risk.maxOrderSize is trimmed, not refused)
 *  price-range      the price is outside [risk.minPrice, risk.maxPrice] or off the market's tick
 *  post-only-cross  the order would cross and one tick off the opposite best is out of range
 *  error-backoff    quotes are pulled after a burst of venue errors or throttles
 *  kill-switch      the kill switch is engaged
 *  below-min-size   the order is below the market's minimum size, by itself or after the
 *                   risk.maxOrderSize trim
 *  event-loss       the worst-case loss of the market's neg-risk event leaves less than the
 *                   minimum size (risk.perEvent.maxWorstLossUsdc)
 *  market-ending    the market is inside its stop window (its end less quoting.stopBeforeEndSec)
 *                   or past its end (src/market/market-end.ts)
 *  market-closed    the venue's listing says the market is closed or takes no orders
 *  end-date-unknown the market's listing has no end date, or one that is not a date
 */
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export function emptyRefusals(): Record<RefusalReason, number> {
  return Object.fromEntries(REFUSAL_REASONS.map((r) => [r, 0])) as Record<RefusalReason, number>;
}
