/**
 * The span and fidelity a `GET /prices-history` query asks for: `startTs` and `endTs` (Unix
 * seconds, each optional: from the first point, up to now), or `interval`, the span ending now
 * (`max`: all of it); `fidelity` in minutes. The parameter rules (src/venue/param-rules.ts) have
 * already refused a query that mixes the two.
 */
import type { HistorySpan } from './price-history.js';

/** `interval`'s spans in seconds; `1m` is a month (30 days), as on the venue's charts. */
export const HISTORY_INTERVALS = {
  '1h': 3_600,
  '6h': 21_600,
  '1d': 86_400,
  '1w': 604_800,
  '1m': 2_592_000,
  max: undefined,
} as const satisfies Record<string, number | undefined>;

export type HistoryInterval = keyof typeof HISTORY_INTERVALS;

export interface HistoryQuery {
  readonly startTs?: number;
  readonly endTs?: number;
  readonly interval?: HistoryInterval;
  /** Minutes; default 1. */
  readonly fidelity?: number;
}

export function historySpan(q: HistoryQuery, nowSec: number): HistorySpan {
  const fidelitySec = (q.fidelity ?? 1) * 60;
  if (q.interval !== undefined) {
    const length = HISTORY_INTERVALS[q.interval];
    return length === undefined ? { endSec: nowSec, fidelitySec } : { startSec: nowSec - length, endSec: nowSec, fidelitySec };
  }
  return { ...(q.startTs === undefined ? {} : { startSec: q.startTs }), endSec: q.endTs ?? nowSec, fidelitySec };
}
