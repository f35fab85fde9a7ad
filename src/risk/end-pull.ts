/** The risk gate's pull at a market's end (risk-gate.ts, step 2 of an evaluation). */
import type { MarketView } from '../market/market-view.js';
import type { RefusalReason } from './refusal-reasons.js';

/**
 * Whether the market's end pulls it: the venue closed it, its end date is not known (only a
 * listing read says so: meta.endDateProblem), or the time is past its stop (view.stopAtMs, else
 * its end date). No order rests in a market that is about to resolve.
 */
export function endPull(view: MarketView, nowMs: number): RefusalReason | undefined {
  const meta = view.meta;
  if (meta.venueClosed !== undefined) return 'market-closed';
  if (meta.endDateProblem !== undefined) return 'end-date-unknown';
  const stopAt = view.stopAtMs ?? meta.endDateMs;
  return stopAt !== undefined && nowMs >= stopAt ? 'market-ending' : undefined;
}
