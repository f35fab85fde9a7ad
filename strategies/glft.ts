/**
 * glft: the Guéant–Lehalle–Fernandez-Tapia optimal quotes (the closed-form approximation of
 * Guéant, Lehalle & Fernandez-Tapia 2013, as in Guéant 2017, "Optimal market making", model A with
 * ξ = γ), from the taker-arrival intensity fitted on each side (MarketView.intensity), the
 * market's volatility, risk aversion and an inventory limit. In price: with takers reaching a
 * quote δ from the midpoint at A·e^(−kδ) a second, a midpoint of volatility σ (price per √s), risk
 * aversion γ (per USDC) and orders of Δ shares,
 *
 *   c1 = ln(1 + γΔ/k) / (γΔ)
 *   ω  = √( γσ² / (2AΔk) · (1 + γΔ/k)^(1 + k/(γΔ)) )
 *   bid distance  δb(q) = c1 + (Δ/2 + q)·ω        bid = mid − δb
 *   ask distance  δa(q) = c1 + (Δ/2 − q)·ω        ask = mid + δa
 *
 * with q the net exposure in outcome-0 shares: the half-spread is c1 + Δω/2, and every share held
 * moves both quotes by ω away from adding to it. Each side uses its own A and k (the bid the
 * takers selling into bids, the ask those buying), an approximation of the model's symmetric one.
 * No time horizon: the approximation is the model's stationary one, for a market far from its end
 * (the risk gate stops quoting before the end).
 *
 * Why price and not log-odds: the intensity is fitted in price (takers reach a number of cents
 * from the midpoint whatever the probability, and the book's grid is in cents), and the closed
 * form wants the quote's distance, the intensity's decay and the volatility in one unit. The
 * volatility is estimated in log-odds as avellaneda's (src/strategy/log-odds-volatility.ts, stable
 * across the price range) and turned into price at the midpoint, σ = p(1 − p)·σx: near 0 and 1 a
 * log-odds move is a small price move, so the inventory skew shrinks there, and quotes are clamped
 * to [tick, 1 − tick].
 *
 * Intensity: the view's fit for a side when it is trusted (status `fitted`) and `useFit` is on,
 * else the configured `a` and `k` (a fit with too little data, or refused as out of bounds, is
 * never quoted on; the daemon counts and logs that fallback).
 *
 * Inventory limit: a side never quotes more than takes the exposure to `maxInventory` (the bid
 * buys at most maxInventory − q, the ask sells at most maxInventory + q), rounded down to the size
 * step and dropped below the minimum size.
 *
 * Prices as avellaneda's: model prices rounded to 12 places, bids down and asks up to the tick, a
 * spread under `minSpread` widened around the midpoint, clamped, bid below ask. No quotes without
 * both books or a midpoint (`no-book`, `no-midpoint`).
 */
import type { IntensityEstimate } from '../src/market/intensity/intensity-estimate.js';
import { netExposure, type MarketView } from '../src/market/market-view.js';
import { Decimal, ZERO, fromScaledInt, microOf, numberOf } from '../src/money.js';
import { EARLY_GUARD_DEFAULTS } from '../src/strategy/early-guards.js';
import { gridSize } from '../src/strategy/grid.js';
import { fromModel, levelPrices, levelPricesQuick, ticksPerUnit } from '../src/strategy/level-prices.js';
import { type LogOddsVolatility, VOLATILITY_PARAMS, type VolatilityParams, noVolatilityYet } from '../src/strategy/log-odds-volatility.js';
import { quoteWithVolatility } from '../src/strategy/quote-with-volatility.js';
import type { Quote, Strategy } from '../src/strategy/strategy.js';

export interface GlftParams extends VolatilityParams {
  readonly gamma: number;
  readonly a: number;
  readonly k: number;
  readonly useFit: boolean;
  readonly size: Decimal;
  readonly maxInventory: Decimal;
  readonly minSpread: Decimal;
}

/** The volatility of log-odds returns and the last midpoint: avellaneda's state, estimated the same way. */
export type GlftState = LogOddsVolatility;

/** What the closed form needs of one side. */
export interface GlftInputs {
  /** Takers a second reaching the midpoint, per book side. */
  readonly a: number;
  /** Decay of the intensity per price unit. */
  readonly k: number;
  /** Risk aversion, per USDC. */
  readonly gamma: number;
  /** Order size Δ, shares. */
  readonly size: number;
  /** Volatility of the midpoint, price per √s. */
  readonly sigma: number;
}

/** c1 and ω of the closed form (header); ω is per share of inventory. */
export function glftCoefficients(i: GlftInputs): { c1: number; omega: number } {
  return { c1: c1Of(i.gamma, i.size, i.k), omega: omegaOf(i.a, i.k, i.gamma, i.size, i.sigma) };
}

function c1Of(gamma: number, size: number, k: number): number {
  return Math.log1p((gamma * size) / k) / (gamma * size);
}

function omegaOf(a: number, k: number, gamma: number, size: number, sigma: number): number {
  const x = (gamma * size) / k;
  // (1 + x)^(1 + 1/x) through its logarithm: no overflow for a small x.
  const growth = Math.exp((1 + 1 / x) * Math.log1p(x));
  return Math.sqrt(((gamma * sigma * sigma) / (2 * a * size * k)) * growth);
}

/**
 * One side's distance from the midpoint, c1 + (Δ/2 + skew)·ω (skew: q for the bid, −q for the
 * ask), from its A and k: glftDistances' number, without the objects (quotesFor runs at every evaluation).
 */
function sideDistance(estimate: IntensityEstimate | undefined, p: GlftParams, size: number, sigma: number, skew: number): number {
  const fit = usesFit(estimate, p);
  const a = fit ? estimate!.a! : p.a;
  const k = fit ? estimate!.k! : p.k;
  return c1Of(p.gamma, size, k) + (size / 2 + skew) * omegaOf(a, k, p.gamma, size, sigma);
}

/** The optimal bid and ask distances from the midpoint at exposure q (shares), each side with its own inputs. */
export function glftDistances(bid: GlftInputs, ask: GlftInputs, q: number): { bid: number; ask: number } {
  const b = glftCoefficients(bid);
  const a = glftCoefficients(ask);
  return { bid: b.c1 + (bid.size / 2 + q) * b.omega, ask: a.c1 + (ask.size / 2 - q) * a.omega };
}

/** The side's A and k: its trusted fit when the view has one and `useFit` is on, else the configured ones. */
export function intensityFor(estimate: IntensityEstimate | undefined, p: Pick<GlftParams, 'a' | 'k' | 'useFit'>): { a: number; k: number } {
  return usesFit(estimate, p) ? { a: estimate!.a!, k: estimate!.k! } : { a: p.a, k: p.k };
}

/** Whether the side quotes with its fit: trusted (`fitted`, with A and k) and `useFit` on. */
function usesFit(estimate: IntensityEstimate | undefined, p: Pick<GlftParams, 'useFit'>): boolean {
  return p.useFit && estimate?.status === 'fitted' && estimate.a !== undefined && estimate.k !== undefined;
}

const glft: Strategy<GlftParams, GlftState> = {
  name: 'glft',
  description:
    'Guéant-Lehalle-Fernandez-Tapia closed form in price: spread and inventory skew from the fitted taker-arrival intensity (A, k), volatility, risk aversion and an inventory limit',
  readsFlowIntensity: true,
  guardDefaults: EARLY_GUARD_DEFAULTS,
  params: {
    gamma: {
      type: 'number',
      min: 0,
      exclusiveMin: true,
      default: 0.1,
      unit: '1/USDC',
      search: { min: 0.005, max: 5, log: true },
      doc: 'Risk aversion: widens the spread (c1 falls from 1/k toward 0 as it grows, the inventory term grows as its square root) and sets the skew per share held',
    },
    a: {
      type: 'number',
      min: 0,
      exclusiveMin: true,
      default: 0.5,
      unit: 'takers/s',
      doc: "Takers a second reaching the midpoint on one book side, used while the side's fit is not trusted (or useFit is off)",
    },
    k: {
      type: 'number',
      min: 0,
      exclusiveMin: true,
      default: 60,
      unit: '1/price',
      doc: "Decay of the taker intensity with distance from the midpoint (e^(-k * distance in price)), used while the side's fit is not trusted (or useFit is off)",
    },
    useFit: {
      type: 'boolean',
      default: true,
      doc: "Quote with each side's fitted A and k once the fit is trusted; false: always the configured a and k",
    },
    ...VOLATILITY_PARAMS,
    sigmaInitial: {
      ...VOLATILITY_PARAMS.sigmaInitial,
      doc: 'Volatility used until sigmaMinSamples returns have been observed (turned into price at the midpoint)',
    },
    size: {
      type: 'decimal',
      min: '0',
      exclusiveMin: true,
      default: '10',
      unit: 'shares',
      search: { min: 5, max: 60, log: true },
      doc: 'Size of each quote, the model order size (rounded down to the size step)',
    },
    maxInventory: {
      type: 'decimal',
      min: '0',
      exclusiveMin: true,
      default: '100',
      unit: 'shares',
      search: { min: 30, max: 300, log: true },
      doc: 'Net exposure no quote takes the position beyond: the side that adds to it quotes at most what is left',
    },
    minSpread: {
      type: 'decimal',
      min: '0',
      max: '1',
      default: '0',
      unit: 'price',
      search: { min: 0, max: 0.06 },
      doc: 'Least ask - bid, after rounding',
    },
  },

  parse(raw): GlftParams {
    return raw as unknown as GlftParams;
  },

  initialState: noVolatilityYet,

  quote(view, params, state) {
    return quoteWithVolatility(view, params, state, quotesFor);
  },
};

export default glft;

/** The quotes for a view, given the volatility of log-odds (exported for tests and tools). */
export function quotesFor(view: MarketView, mid: Decimal, p: GlftParams, sigmaX: number): Quote[] {
  const { tickSize: tick, sizeStep, minOrderSize } = view.meta;
  const q = netExposure(view.position);
  const m = numberOf(mid);
  const sigma = m * (1 - m) * sigmaX;
  const size = numberOf(p.size);
  const held = numberOf(q);
  const bx = m - sideDistance(view.intensity?.bid, p, size, sigma, held);
  const ax = m + sideDistance(view.intensity?.ask, p, size, sigma, -held);
  // Whole ticks straight from the model's numbers where levelPricesQuick is proven (prices inside (0, 1), no minimum spread).
  const perUnit = p.minSpread.isZero() && bx > 0 && ax < 1 ? ticksPerUnit(tick) : undefined;
  const [bid, ask] =
    (perUnit === undefined ? undefined : levelPricesQuick(bx, ax, tick, perUnit)) ??
    levelPrices(fromModel(bx), fromModel(ax), mid, tick, p.minSpread);
  const bidSize = room(p, q, 1, sizeStep, minOrderSize);
  const askSize = room(p, q, -1, sizeStep, minOrderSize);
  const quotes: Quote[] = [];
  if (bidSize !== undefined) quotes.push({ side: 'bid', price: bid, size: bidSize });
  if (askSize !== undefined) quotes.push({ side: 'ask', price: ask, size: askSize });
  return quotes;
}

/**
 * What a side may add before the exposure passes maxInventory (the other side takes from it):
 * min(size, max(0, maxInventory - direction x q)) on the size grid (direction 1: the bid, -1: the
 * ask). In micro-units when every value has that form (sums and differences there are exact).
 */
function room(p: GlftParams, q: Decimal, direction: 1 | -1, sizeStep: Decimal, minOrderSize: Decimal): Decimal | undefined {
  const size = microOf(p.size);
  const max = microOf(p.maxInventory);
  const held = microOf(q);
  const step = microOf(sizeStep);
  const min = microOf(minOrderSize);
  if (size === undefined || max === undefined || held === undefined || step === undefined || min === undefined || !(step > 0)) {
    const left = direction === 1 ? p.maxInventory.minus(q) : p.maxInventory.plus(q);
    return gridSize(Decimal.min(p.size, Decimal.max(ZERO, left)), sizeStep, minOrderSize);
  }
  const wanted = Math.min(size, Math.max(0, max - direction * held));
  const grid = wanted - (wanted % step);
  return grid > 0 && grid >= min ? fromScaledInt(grid) : undefined;
}
