/**
 * Part of phase count-missed-fills: the executor's order tracker tells the account's positions
 * what it hears, so that they count fills before GET /positions holds them. A fill heard counts at
 * once; an order forgotten without all its fills heard may have filled, so its token is in doubt
 * until the next read; places held back by that doubt ask for the read that settles it now, not
 * at the next interval.
 */
import type { Executor } from '../execution/executor.js';
import type { PositionPoller } from '../trading/position-poller.js';

export function linkTrackerToPositions(exec: Executor, positions: PositionPoller | undefined): void {
  if (positions === undefined) return;
  exec.tracker.onFill((o, n) => positions.heardFill(o.tokenId, o.side === 'BUY' ? n : n.neg()));
  exec.tracker.onForget((o, n) => positions.heardGone(o.tokenId, o.side === 'BUY' ? n : n.neg()));
  exec.onPlacesHeld((_, hold) => {
    if (hold === 'unheard-fills') void positions.refresh();
  });
}
