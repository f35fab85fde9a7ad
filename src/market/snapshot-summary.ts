/** The figures of the `market snapshot` log line: books usable or not, midpoints, limiter headroom. */
import type { LimiterSnapshot } from '../limits/index.js';
import type { MarketSnapshot } from './poller.js';

export function summarizeSnapshot(s: MarketSnapshot): Record<string, unknown> {
  return { usable: s.books.size, unusable: s.unusable.size, mids: s.mids.size };
}

/** Headroom (0..1) of every window that has been used, keyed `scope/seconds`. */
export function headroomSummary(snapshot: LimiterSnapshot): Record<string, number> {
  const out: Record<string, number> = {};
  for (const w of snapshot.windows) {
    if (w.used > 0) out[`${w.scope}/${w.windowMs / 1000}s`] = Math.round(w.headroom * 1000) / 1000;
  }
  return out;
}
