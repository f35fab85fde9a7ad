/**
 * A market's end as the synthetic flows see it, and what its last stretch does to them. From
 * `windowStartMs` (the last hour before the end, or from the start for a market that ends sooner)
 * the outcome is known (market-ends.ts draws it then), takers arrive more and more often, up to
 * END_HEAT times as often at the end, and fair value drifts toward the winner's price on a line in
 * log-odds that reaches it at the end. From `endMs` on the flows leave the market alone. Before
 * the window nothing is read but `windowStartMs`: a market far from its end costs a flow one
 * comparison a step.
 */

/** The last stretch before a market's end. */
export const END_WINDOW_MS = 3_600_000;

/** Taker arrivals at the very end, as a multiple of the usual (rising linearly over the window). */
export const END_HEAT = 4;

/** One market's end; market-ends.ts fills in the winner and closes it. */
export interface MarketEnd {
  readonly windowStartMs: number;
  readonly endMs: number;
  /** The winning outcome, once drawn (at windowStartMs). */
  winner: 0 | 1 | undefined;
  /** True from the end on: the market takes no more orders. */
  closed: boolean;
}

/** What a flow does with a market at `nowMs`: leave it alone once it ended. */
export function hasEnded(end: MarketEnd | undefined, nowMs: number): boolean {
  return end !== undefined && (end.closed || nowMs >= end.endMs);
}

/** Where `nowMs` lies in the last stretch: 0 before and at its start, 1 at the end. */
export function endProgress(end: MarketEnd, nowMs: number): number {
  if (nowMs <= end.windowStartMs) return 0;
  if (nowMs >= end.endMs) return 1;
  return (nowMs - end.windowStartMs) / (end.endMs - end.windowStartMs);
}

/** Factor on the takers' arrival rate at `nowMs`: 1 before the last stretch, END_HEAT at the end. */
export function endHeat(end: MarketEnd | undefined, nowMs: number): number {
  return end === undefined ? 1 : 1 + (END_HEAT - 1) * endProgress(end, nowMs);
}

/**
 * The share of the remaining way to the winner's price that fair value moves in a step of `dtMs`
 * ending at `nowMs`: dt / (time left + dt), which keeps it on a line that reaches the winner at
 * the end (0 before the winner is known).
 */
export function endPullShare(end: MarketEnd | undefined, nowMs: number, dtMs: number): number {
  if (end === undefined || end.winner === undefined || nowMs <= end.windowStartMs) return 0;
  const left = end.endMs - nowMs;
  if (left <= 0) return 1;
  const dt = Math.min(dtMs, nowMs - end.windowStartMs);
  return dt <= 0 ? 0 : dt / (left + dt);
}
