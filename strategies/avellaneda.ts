/**
 * avellaneda: Avellaneda-Stoikov market making in log-odds space, where a price in (0, 1) moves
 * like a diffusion and the bounds 0 and 1 are never reached: x = logit(mid).
 *
 *   reservation    x_r   = x - q * gamma * sigma^2 * tau
 *   half-spread    delta = gamma * sigma^2 * tau / 2 + (1 / gamma) * ln(1 + gamma / k)
 *   level i        bid_i = sigmoid(x_r - delta - i * levelSpacing)
 *                  ask_i = sigmoid(x_r + delta + i * levelSpacing),  i = 0 .. levels - 1
 *
 * (the optimal spread of Avellaneda & Stoikov 2008, eq. 29-30: bid + ask spread
 * gamma sigma^2 tau + (2 / gamma) ln(1 + gamma / k); for a small gamma the second term is 2 / k).
 *
 * - q: net exposure in outcome-0 shares (outcome 0 held minus outcome 1 held).
 * - sigma: volatility of x in log-odds per square root of a second, estimated online from the
 *   midpoints seen: the exponentially weighted mean of r^2 / dt (r = change of x, dt seconds
 *   between two evaluations), weights halving every `sigmaHalfLifeS` seconds, normalised by the
 *   total weight so the first observations are not biased toward any seed. `sigmaInitial` is used
 *   until `sigmaMinSamples` returns have been seen; sigma is never below `sigmaFloor`.
 * - tau: seconds to the market's stop (its end less quoting.stopBeforeEndSec, when quoting ends),
 *   else to its end date, capped by `horizon` (horizon when there is neither; 0 after it). Every
 *   time unit of the model is the second.
 *
 * Prices: the model's prices (numbers) are rounded to 12 decimal places, so float noise such as
 * 0.46999999999999997 cannot move a quote by a tick, then bids are rounded down and asks up to
 * the tick. A level whose spread is under `minSpread` is widened around the reservation price
 * sigmoid(x_r). Prices are clamped to [tick, 1 - tick]; a bid that ends up at or above its ask
 * (both clamped to one bound) is moved a tick away from that bound. A level whose price repeats a
 * nearer level's on the same side (clamped at a bound) is dropped.
 * Sizes: `size` per level; the side that adds to the position (bids when q > 0, asks when q < 0)
 * is scaled by max(0, 1 - |q| / maxInventory), rounded down to the size step and dropped below the
 * minimum size; the side that reduces it keeps the full size.
 * No quotes when the midpoint or a book is missing (`no-midpoint`, `no-book`).
 */
import { netExposure, type MarketView } from '../src/market/market-view.js';
import { Decimal, ONE, ZERO, fromScaledInt, microOf, numberOf } from '../src/money.js';
import { EARLY_GUARD_DEFAULTS } from '../src/strategy/early-guards.js';
import { gridSize } from '../src/strategy/grid.js';
import { fromModel, levelPrices, levelPricesQuick, ticksPerUnit } from '../src/strategy/level-prices.js';
import {
  type LogOddsVolatility,
  VOLATILITY_PARAMS,
  type VolatilityParams,
  logit,
  noVolatilityYet,
} from '../src/strategy/log-odds-volatility.js';
import { quoteWithVolatility } from '../src/strategy/quote-with-volatility.js';
import type { Quote, Strategy } from '../src/strategy/strategy.js';

// Moved to src/strategy, shared with glft; still exported here for the tests and tools that import them.
export { fromModel, levelPrices, levelPricesQuick, ticksPerUnit } from '../src/strategy/level-prices.js';
export { logit, observeMid, sigmaOf } from '../src/strategy/log-odds-volatility.js';

export interface AvellanedaParams extends VolatilityParams {
  readonly gamma: number;
  readonly k: number;
  readonly horizon: number;
  readonly levels: number;
  readonly levelSpacing: number;
  readonly size: Decimal;
  readonly maxInventory: Decimal;
  readonly minSpread: Decimal;
}

/** The volatility of log-odds returns so far, and the last midpoint (src/strategy/log-odds-volatility.ts). */
export type AvellanedaState = LogOddsVolatility;

export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * Seconds of risk ahead: to the stop before the market's end (view.stopAtMs: quoting ends there,
 * whatever the position, and it is held through resolution), else to the end date, capped by the horizon.
 */
export function tauOf(view: MarketView, horizon: number): number {
  const end = view.stopAtMs ?? view.meta.endDateMs;
  if (end === undefined) return horizon;
  return Math.min(Math.max(0, (end - view.nowMs) / 1000), horizon);
}

const avellaneda: Strategy<AvellanedaParams, AvellanedaState> = {
  name: 'avellaneda',
  description:
    'Avellaneda-Stoikov in log-odds space: quotes around an inventory-skewed reservation price, spread from risk aversion, volatility and order-arrival decay',
  guardDefaults: EARLY_GUARD_DEFAULTS,
  params: {
    gamma: {
      type: 'number',
      min: 0,
      exclusiveMin: true,
      default: 0.05,
      unit: '1/share',
      search: { min: 0.002, max: 0.2, log: true },
      doc: 'Risk aversion: how far each share of inventory moves the reservation price (q * gamma * sigma^2 * tau log-odds) and how much it widens the spread',
    },
    k: {
      type: 'number',
      min: 0,
      exclusiveMin: true,
      default: 10,
      unit: '1/log-odds',
      search: { min: 4, max: 40, log: true },
      doc: 'Order-arrival decay: fills thin out as e^(-k * distance in log-odds); the half-spread is about 1/k for a small gamma',
    },
    ...VOLATILITY_PARAMS,
    sigmaMinSamples: {
      ...VOLATILITY_PARAMS.sigmaMinSamples,
      doc: 'Returns (pairs of successive evaluations with a midpoint, normally one per tick) before the estimate replaces sigmaInitial',
    },
    horizon: {
      type: 'number',
      min: 0,
      exclusiveMin: true,
      default: 3600,
      unit: 's',
      doc: 'Cap on tau, the time at risk (used alone when the market has no end date)',
    },
    levels: {
      type: 'number',
      integer: true,
      min: 1,
      max: 20,
      default: 1,
      unit: 'levels',
      doc: 'Quotes per side',
      search: { min: 1, max: 3 },
    },
    levelSpacing: {
      type: 'number',
      min: 0,
      default: 0.05,
      unit: 'log-odds',
      doc: 'Extra distance of each further level',
      search: { min: 0.02, max: 0.3 },
    },
    size: {
      type: 'decimal',
      min: '0',
      exclusiveMin: true,
      default: '10',
      unit: 'shares',
      doc: 'Size of each level (rounded down to the size step)',
      search: { min: 5, max: 60, log: true },
    },
    maxInventory: {
      type: 'decimal',
      min: '0',
      exclusiveMin: true,
      default: '100',
      unit: 'shares',
      doc: 'Net exposure at which the side that adds to it stops quoting (its size shrinks linearly to 0)',
      search: { min: 30, max: 300, log: true },
    },
    minSpread: {
      type: 'decimal',
      min: '0',
      max: '1',
      default: '0',
      unit: 'price',
      doc: 'Least ask - bid of each level, after rounding',
      search: { min: 0, max: 0.06 },
    },
  },

  parse(raw): AvellanedaParams {
    return raw as unknown as AvellanedaParams;
  },

  initialState: noVolatilityYet,

  quote(view, params, state) {
    return quoteWithVolatility(view, params, state, quotesFor);
  },
};

export default avellaneda;

/** The quotes for a view, given sigma (exported for tests and tools). */
export function quotesFor(view: MarketView, mid: Decimal, p: AvellanedaParams, sigma: number): Quote[] {
  const { tickSize: tick, sizeStep, minOrderSize } = view.meta;
  // The exposure in micro-units when both holdings have that form (no Decimal made), else in Decimal.
  const o0 = microOf(view.position.outcome0);
  const o1 = o0 === undefined ? undefined : microOf(view.position.outcome1);
  const qMicro = o1 === undefined ? undefined : o0! - o1;
  const q = qMicro === undefined ? netExposure(view.position) : undefined;
  const sign = qMicro === undefined ? q!.cmp(0) : Math.sign(qMicro);
  const tau = tauOf(view, p.horizon);
  const risk = p.gamma * sigma * sigma * tau;
  const xr = logit(numberOf(mid)) - (qMicro === undefined ? numberOf(q!) : qMicro / 1_000_000) * risk;
  const delta = risk / 2 + Math.log(1 + p.gamma / p.k) / p.gamma;

  const full = gridSize(p.size, sizeStep, minOrderSize);
  // No inventory (the common case): nothing shrinks, and no division is worked out.
  let shrunk = full;
  if (sign !== 0) {
    const exact = qMicro === undefined ? null : shrunkMicro(p, Math.abs(qMicro), sizeStep, minOrderSize);
    shrunk = exact !== null ? exact : shrunkDecimal(p, q ?? netExposure(view.position), sizeStep, minOrderSize);
  }
  const bidSize = sign > 0 ? shrunk : full;
  const askSize = sign < 0 ? shrunk : full;

  const quotes: Quote[] = [];
  // Without a minimum spread the centre is not needed (levelPricesQuick): made only if used.
  let reservation: Decimal | undefined;
  const perUnit = p.minSpread.isZero() ? ticksPerUnit(tick) : undefined;
  for (let i = 0; i < p.levels; i++) {
    const bx = sigmoid(xr - delta - i * p.levelSpacing);
    const ax = sigmoid(xr + delta + i * p.levelSpacing);
    const [bid, ask] =
      (perUnit === undefined ? undefined : levelPricesQuick(bx, ax, tick, perUnit)) ??
      levelPrices(fromModel(bx), fromModel(ax), (reservation ??= fromModel(sigmoid(xr))), tick, p.minSpread);
    addLevel(quotes, 'bid', bid, bidSize);
    addLevel(quotes, 'ask', ask, askSize);
  }
  return quotes;
}

/** A level's quote, unless its side already quotes that price (levels that round onto one tick). */
function addLevel(quotes: Quote[], side: 'bid' | 'ask', price: Decimal, size: Decimal | undefined): void {
  if (size === undefined) return;
  for (const q of quotes) if (q.side === side && samePrice(q.price, price)) return;
  quotes.push({ side, price, size });
}

/** Equal as price keys: micro-units when either has that form, else text (so any NaN matches another). */
function samePrice(a: Decimal, b: Decimal): boolean {
  const ma = microOf(a);
  const mb = microOf(b);
  return ma !== undefined || mb !== undefined ? ma === mb : a.toFixed() === b.toFixed();
}

/** The size of the side adding to the exposure: size x max(0, 1 - |q| / maxInventory), on the size grid. */
function shrunkDecimal(p: AvellanedaParams, q: Decimal, sizeStep: Decimal, minOrderSize: Decimal): Decimal | undefined {
  return gridSize(p.size.mul(Decimal.max(ZERO, ONE.minus(q.abs().div(p.maxInventory)))), sizeStep, minOrderSize);
}

/**
 * shrunkDecimal from |q| in micro-units, when every step is exact there: |q| / maxInventory has at
 * most 6 decimals (so decimal.js's 40-digit division does not round) and the products stay safe
 * integers; else null (shrunkDecimal decides).
 */
function shrunkMicro(p: AvellanedaParams, absQ: number, sizeStep: Decimal, minOrderSize: Decimal): Decimal | undefined | null {
  const max = microOf(p.maxInventory);
  const size = microOf(p.size);
  const step = microOf(sizeStep);
  const min = microOf(minOrderSize);
  if (max === undefined || size === undefined || step === undefined || min === undefined || !(max > 0) || !(step > 0)) return null;
  // At or past the limit the factor is 0: nothing to quote (a size of 0 is below any minimum).
  if (absQ >= max) return undefined;
  // |q| / max = n / g in lowest terms: 6 decimals exactly when g divides 10^6.
  const g = max / gcd(absQ, max);
  if (1_000_000 % g !== 0) return null;
  const ratio = (absQ / (max / g)) * (1_000_000 / g);
  // size x (1 - ratio / 10^6), in 10^-12 shares, then down to the step (in 10^-12 as well).
  const scaled = size * (1_000_000 - ratio);
  const unit = step * 1_000_000;
  if (!Number.isSafeInteger(scaled) || !Number.isSafeInteger(unit)) return null;
  const shares = (scaled - (scaled % unit)) / 1_000_000;
  return shares > 0 && shares >= min ? fromScaledInt(shares) : undefined;
}

function gcd(a: number, b: number): number {
  while (b !== 0) {
    const r = a % b;
    a = b;
    b = r;
  }
  return a;
}
