/**
 * A market's fitted taker-arrival intensity as /status shows it (src/market/intensity): per side
 * its status (`fitted`: trusted, else why not), A (takers a second per book side at the midpoint)
 * and k (per price unit) with k's standard error, as fitted (null when nothing could be fitted:
 * a value shown with another status is not quoted on), and the takers in the window.
 */
import type { IntensityEstimate, IntensitySides } from '../market/intensity/intensity-estimate.js';

export interface IntensitySideStatus {
  readonly status: string;
  readonly a: number | null;
  readonly k: number | null;
  readonly kStandardError: number | null;
  readonly trades: number;
}

export type IntensityStatusPart = Readonly<Record<'bid' | 'ask', IntensitySideStatus>>;

/** Six significant digits: a model number, not money. */
const shown = (x: number | undefined): number | null => (x === undefined || !Number.isFinite(x) ? null : Number(x.toPrecision(6)));

function sideStatus(e: IntensityEstimate): IntensitySideStatus {
  return { status: e.status, a: shown(e.a), k: shown(e.k), kStandardError: shown(e.kStandardError), trades: e.trades };
}

export function intensityStatus(s: IntensitySides): IntensityStatusPart {
  return { bid: sideStatus(s.bid), ask: sideStatus(s.ask) };
}
