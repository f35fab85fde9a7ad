/**
 * One step of a strategy that quotes from the midpoint and its log-odds volatility: nothing
 * without both books or a valid midpoint (never quote around a made-up price); else the estimate
 * learns the midpoint, a jump clipped at the sigma before it, and the quotes take the sigma after.
 */
import type { MarketView } from '../market/market-view.js';
import { type Decimal, isValidPrice } from '../money.js';
import { type LogOddsVolatility, type VolatilityParams, observeMid, sigmaOf } from './log-odds-volatility.js';
import type { Quote, StrategyOutput } from './strategy.js';

/** The quotes for a view at midpoint `mid`, given the volatility of log-odds. */
export type QuotesAt<P> = (view: MarketView, mid: Decimal, params: P, sigmaX: number) => Quote[];

export function quoteWithVolatility<P extends VolatilityParams>(
  view: MarketView,
  params: P,
  state: LogOddsVolatility,
  quotesFor: QuotesAt<P>,
): StrategyOutput<LogOddsVolatility> {
  if (view.books[0] === undefined || view.books[1] === undefined) return { quotes: [], state, idleReason: 'no-book' };
  const mid = view.mid;
  if (mid === undefined || !isValidPrice(mid)) return { quotes: [], state, idleReason: 'no-midpoint' };
  const next = observeMid(state, mid, view.nowMs, params.sigmaHalfLifeS, params.sigmaClip, sigmaOf(state, params));
  return { quotes: quotesFor(view, mid, params, sigmaOf(next, params)), state: next };
}
