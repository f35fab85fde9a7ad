/**
 * How the taker-arrival intensity is fitted (config `intensity.*`, docs/strategies.md#fitted-flow-intensity):
 * the window, the floor on data before a fit is trusted, and the bounds outside which a fit is
 * refused. Units: A in takers per second per book side, k per price unit (1 / k is the distance at
 * which the intensity has fallen to 1/e of A).
 */
export interface IntensitySettings {
  /** Length of the sliding window, seconds. */
  readonly windowSec: number;
  /** Takers a side must have traded within the window before its fit is trusted. */
  readonly minTrades: number;
  /** Largest standard error of a trusted k, as a share of k. */
  readonly maxRelativeError: number;
  readonly minA: number;
  readonly maxA: number;
  readonly minK: number;
  readonly maxK: number;
}

export const DEFAULT_INTENSITY_SETTINGS: IntensitySettings = Object.freeze({
  windowSec: 21_600,
  minTrades: 100,
  maxRelativeError: 0.2,
  minA: 0.000001,
  maxA: 100,
  minK: 5,
  maxK: 2000,
});

/** Width of a distance bucket (price units): half a cent, the step of a 1-cent book around a midpoint on half cents. */
export const BUCKET_WIDTH = 0.005;
/** Farther than this from the midpoint the best price teaches nothing about the flow near it: not counted. */
export const MAX_DISTANCE = 0.2;
/** The window is kept in this many slots. */
export const WINDOW_SLOTS = 12;
/** A side is fitted again at most this often (a fit reads every bucket of the window). */
export const REFIT_MS = 10_000;
/** Observations further apart than this leave the time between them out (the books were not watched). */
export const MAX_GAP_MS = 60_000;
