/**
 * Configuration schema: fitting the taker-arrival intensity of each market's flow
 * (src/market/intensity, docs/flow-intensity.md): the window, the floor on data before a fit is
 * trusted, and the sane bounds outside which a fit is refused.
 */
import { ErrorCode, MakerdError } from '../../errors.js';

export interface IntensityConfig {
  windowSec: number;
  minTrades: number;
  maxRelativeError: number;
  minA: number;
  maxA: number;
  minK: number;
  maxK: number;
}

export const intensitySchema = {
  windowSec: {
    doc: "Sliding window of the fit (s): the takers and the time the book's best prices rested at each distance from the midpoint over this long",
    format: 'positive-count',
    default: 21_600,
    env: 'MAKERD_INTENSITY_WINDOW_SEC',
  },
  minTrades: {
    doc: 'Takers a side must have traded within the window before its fit is trusted (until then a strategy that reads it, glft, quotes with its configured a and k)',
    format: 'count',
    default: 100,
    env: 'MAKERD_INTENSITY_MIN_TRADES',
  },
  maxRelativeError: {
    doc: 'Largest standard error of a trusted k, as a share of k (0.2 = 20 %): a fit whose distances are too alike to tell k is not trusted',
    format: 'positive-number',
    default: 0.2,
    env: 'MAKERD_INTENSITY_MAX_RELATIVE_ERROR',
  },
  minA: {
    doc: 'Least fitted A (takers a second per book side at the midpoint) taken; a fit below it is refused (counted, logged once)',
    format: 'positive-number',
    default: 0.000001,
    env: 'MAKERD_INTENSITY_MIN_A',
  },
  maxA: {
    doc: 'Largest fitted A taken; a fit above it is refused (counted, logged once)',
    format: 'positive-number',
    default: 100,
    env: 'MAKERD_INTENSITY_MAX_A',
  },
  minK: {
    doc: 'Least fitted k (per price unit: 1/k is the distance at which the intensity falls to 1/e of A) taken; a fit below it is refused',
    format: 'positive-number',
    default: 5,
    env: 'MAKERD_INTENSITY_MIN_K',
  },
  maxK: {
    doc: 'Largest fitted k taken; a fit above it is refused',
    format: 'positive-number',
    default: 2000,
    env: 'MAKERD_INTENSITY_MAX_K',
  },
};

/** Each bound pair ordered, or a CONFIG error naming both keys. */
export function checkIntensityBounds(c: IntensityConfig): void {
  for (const [lo, hi] of [
    ['minA', 'maxA'],
    ['minK', 'maxK'],
  ] as const) {
    if (!(c[lo] < c[hi]))
      throw new MakerdError(
        ErrorCode.CONFIG,
        `invalid configuration: intensity.${lo} (${c[lo]}) must be below intensity.${hi} (${c[hi]})`,
        {
          where: 'config',
          field: `intensity.${lo}`,
        },
      );
  }
}
