/**
 * Cancel before place: what stops a market's places once its cancels are answered. Each stop
 * places nothing in that pass and flags the market, so that its next evaluation, against the
 * position as it then is, decides afresh.
 *
 * - `not-cancelled`: an order could not be cancelled and may still rest; its replacement on top
 *   would rest more than the risk gate approved.
 * - `fill-heard`: a fill of the market heard while the cancels were out (typically of the order
 *   being replaced) moved the position the gate judged the places against.
 * - `unheard-fills`: a cancel's answer does not say what its order matched before it went; had the
 *   cancelled orders filled unheard, the places would pass the limits (src/risk/position-doubt.ts).
 */
import type { MarketPlan } from './dispatch-priority.js';
import type { Wish } from './executor-wish.js';
import type { DiffOrder } from './order-diff.js';
import type { OrderTracker } from './order-tracker.js';

export type PlaceHold = 'not-cancelled' | 'fill-heard' | 'unheard-fills';

export function holdAfterCancels(
  tracker: OrderTracker,
  market: string,
  wish: Wish,
  plan: MarketPlan,
  cancelled: readonly DiffOrder[],
): PlaceHold | undefined {
  if (plan.cancel.some((id) => tracker.byId(id) !== undefined)) return 'not-cancelled';
  if (tracker.fills(market) !== wish.fills) return 'fill-heard';
  if (cancelled.length > 0 && plan.place.length > 0 && wish.unheardFit !== undefined && !wish.unheardFit(cancelled)) return 'unheard-fills';
  return undefined;
}
