/**
 * The midpoint's volatility in log-odds (x = logit(mid)), estimated online as a strategy's state,
 * and the parameters that tune it: the variance rate of x's returns between two evaluations
 * (return-variance.ts). Log-odds because a price in (0, 1) moves there like a diffusion, alike
 * across the price range. Shared by avellaneda and glft (which turns it into price at the midpoint).
 */
import { type Decimal, numberOf } from '../money.js';
import { NO_RETURNS, type ReturnVariance, addReturn, variancePerSecond } from './return-variance.js';
import type { ParamSchema } from './strategy.js';

/** The variance of log-odds returns so far, and the last midpoint. */
export interface LogOddsVolatility extends ReturnVariance {
  /** logit of the last midpoint seen, and when (Unix ms). */
  readonly lastX: number | undefined;
  readonly lastMs: number | undefined;
}

export interface VolatilityParams {
  readonly sigmaInitial: number;
  readonly sigmaFloor: number;
  readonly sigmaHalfLifeS: number;
  readonly sigmaMinSamples: number;
  readonly sigmaClip: number;
}

export const logit = (p: number): number => Math.log(p / (1 - p));

/** No midpoint seen yet: a new object each call, one per market. */
export const noVolatilityYet = (): LogOddsVolatility => ({ lastX: undefined, lastMs: undefined, ...NO_RETURNS });

/**
 * The state after observing midpoint `mid` at `nowMs`. With `clip` > 0, a return larger than
 * clip x `sigma` x sqrt(dt) (a jump, not diffusion) counts as that bound in the estimate, so one
 * headline does not inflate sigma, and with it the inventory skew, for the next half-hour.
 */
export function observeMid(
  state: LogOddsVolatility,
  mid: Decimal,
  nowMs: number,
  halfLifeS: number,
  clip = 0,
  sigma = 0,
): LogOddsVolatility {
  const x = logit(numberOf(mid));
  if (state.lastX === undefined || state.lastMs === undefined) return { ...state, lastX: x, lastMs: nowMs };
  const dt = (nowMs - state.lastMs) / 1000;
  if (!(dt > 0)) return state; // same instant, or the clock went back: nothing to learn
  const raw = x - state.lastX;
  const bound = clip > 0 && sigma > 0 ? clip * sigma * Math.sqrt(dt) : Number.POSITIVE_INFINITY;
  const r = Math.max(-bound, Math.min(bound, raw));
  return { lastX: x, lastMs: nowMs, ...addReturn(state, r, dt, halfLifeS) };
}

/** Volatility of log-odds per square root of a second. */
export function sigmaOf(state: LogOddsVolatility, p: Pick<VolatilityParams, 'sigmaInitial' | 'sigmaFloor' | 'sigmaMinSamples'>): number {
  const variance = variancePerSecond(state, p.sigmaMinSamples);
  const estimate = variance === undefined ? p.sigmaInitial : Math.sqrt(variance);
  return Math.max(estimate, p.sigmaFloor);
}

/** The rules of VolatilityParams, spread into a strategy's schema (a doc may be overridden there). */
export const VOLATILITY_PARAMS = {
  sigmaInitial: {
    type: 'number',
    min: 0,
    exclusiveMin: true,
    default: 0.003,
    unit: 'log-odds/sqrt(s)',
    doc: 'Volatility used until sigmaMinSamples returns have been observed',
  },
  sigmaFloor: { type: 'number', min: 0, default: 0.0005, unit: 'log-odds/sqrt(s)', doc: 'Least volatility ever used' },
  sigmaHalfLifeS: {
    type: 'number',
    min: 0,
    exclusiveMin: true,
    default: 300,
    unit: 's',
    doc: 'Half-life of the weight of an observation in the volatility estimate',
  },
  sigmaMinSamples: {
    type: 'number',
    integer: true,
    min: 0,
    default: 30,
    unit: 'returns',
    doc: 'Returns (pairs of successive evaluations with a midpoint) before the estimate replaces sigmaInitial',
  },
  sigmaClip: {
    type: 'number',
    min: 0,
    default: 0,
    unit: 'sd',
    search: { min: 0, max: 5 },
    doc: 'Returns beyond this many standard deviations (of the current sigma) count as that bound in the estimate: jumps do not inflate sigma (0: off)',
  },
} as const satisfies ParamSchema;
