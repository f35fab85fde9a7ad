/**
 * /readyz: the daemon is ready while it holds a recent view of the market, meaning a poll that
 * brought at least one usable book. A poll that merely finished (venue down, every book stale or
 * malformed) does not count.
 */
import type { PollerStats } from '../market/index.js';

/** undefined when ready, else why not. */
export function notReadyReason(
  stats: Readonly<PollerStats> | undefined,
  nowMs: number,
  poller: { readonly staleAfterMs: number; readonly intervalMs: number },
): string | undefined {
  if (stats === undefined || stats.ticks === 0) return 'no market snapshot yet';
  const last = stats.lastUsableMs;
  if (last === undefined) return 'no usable book yet';
  const age = nowMs - last;
  return age > poller.staleAfterMs + 2 * poller.intervalMs ? `last usable market snapshot is ${age} ms old` : undefined;
}
