/**
 * The fitted taker-arrival intensity in a backtest run (src/market/intensity), as the daemon fits
 * it: each market's view at every evaluation gives the touches (and carries the estimates to the
 * strategy, MarketView.intensity), and every order of the flow that traded is one taker on the book
 * side it met. The daemon reads the public tape's prints instead; here the exchange's answer to each
 * flow order says at once whether it traded, so no print is grouped. At the end, each market's fit
 * of both sides together is the run's `fitted_a` and `fitted_k`.
 */
import type { MarketView } from '../market/market-view.js';
import { type OwnOrder, bookSideOf, midOfOthers, newBookPrices, ownSizes } from '../market/intensity/book-touches.js';
import { PRICE_SCALE, SIZE_SCALE } from '../sim/exchange/units.js';
import { type IntensityStatus, MarketIntensity } from '../market/intensity/market-intensity.js';
import type { IntensitySettings } from '../market/intensity/intensity-settings.js';
import type { Side } from '../venue/types.js';
import type { TrackingOptions } from './tracking-exchange.js';

/** A market's fit at the end of a run (both sides together). */
export interface MarketFitFigure {
  readonly market: string;
  /** Takers per second per book side at the midpoint; undefined when nothing could be fitted. */
  readonly a: number | undefined;
  /** Decay per price unit; undefined when nothing could be fitted. */
  readonly k: number | undefined;
  readonly status: IntensityStatus;
  /** Takers counted in the window. */
  readonly trades: number;
}

/**
 * A book as the engine holds it (MatchingExchange.restingLevels): each side's levels, best LAST,
 * price and total size in units. Read in place: a copy per taker order was most of a run's garbage.
 */
interface EngineLevel {
  readonly price: number;
  readonly total: number;
}
interface EngineBook {
  readonly bids: readonly EngineLevel[];
  readonly asks: readonly EngineLevel[];
}

/** Where the run's books and our orders are read, and whether the strategy reads the estimates. */
export interface RunEngine {
  readonly book: (tokenId: string) => EngineBook | undefined;
  /** Our orders in a market: the same list object again only while they are unchanged (sizes included). */
  readonly own: (conditionId: string) => readonly OwnOrder[];
  /** The strategy reads MarketView.intensity (Strategy.readsFlowIntensity): only then is each view given it. */
  readonly reads: boolean;
}

export class RunIntensity {
  readonly #markets = new Map<string, MarketIntensity>();
  readonly #tokens = new Map<string, readonly [MarketIntensity, 0 | 1]>();
  readonly #marketOf = new Map<MarketIntensity, { readonly conditionId: string; readonly tokens: readonly [string, string] }>();
  /** Markets whose books the flow changed since the last step was read. */
  readonly #changed = new Set<MarketIntensity>();
  readonly #prices = newBookPrices();
  readonly #ownSizes: readonly Map<number, number>[] = [new Map(), new Map(), new Map(), new Map()];
  /** The list and market #ownSizes were worked out for (see RunEngine.own). */
  #ownSizesOf: readonly OwnOrder[] | undefined;
  #ownSizesMarket: object | undefined;

  readonly #engine: RunEngine;

  constructor(
    markets: Iterable<{ readonly conditionId: string; readonly tokens: readonly [string, string] }>,
    engine: RunEngine,
    settings?: IntensitySettings,
  ) {
    this.#engine = engine;
    for (const m of markets) {
      const intensity = new MarketIntensity(m.tokens, settings);
      this.#markets.set(m.conditionId, intensity);
      this.#tokens.set(m.tokens[0], [intensity, 0]);
      this.#tokens.set(m.tokens[1], [intensity, 1]);
      this.#marketOf.set(intensity, m);
    }
  }

  /** What the tracking exchange tells this fit (tracking-exchange.ts): every flow order and book change. */
  hooks(now: () => number): Pick<TrackingOptions, 'beforeFlowOrder' | 'onFlowTrade' | 'onChanged'> {
    return {
      beforeFlowOrder: (token) => this.refresh(now(), token),
      onFlowTrade: (token, side) => this.traded(token, side, now()),
      onChanged: (token) => this.changed(token),
    };
  }

  /** A token's book may have changed (the tracking exchange says so). */
  changed(tokenId: string): void {
    const hit = this.#tokens.get(tokenId);
    if (hit !== undefined) this.#changed.add(hit[0]);
  }

  /**
   * Before an order of the flow, and after each step: the books the flow changed read again, so that
   * the midpoint and others' best prices are those the taker meets (the daemon's market stream tells
   * it of every change; the loop's poll a second later would count a second of takers at the last
   * touches, and a background maker re-quotes in the same step as the takers that follow).
   */
  refresh(nowMs: number, tokenId?: string): void {
    if (tokenId !== undefined) {
      const hit = this.#tokens.get(tokenId);
      if (hit !== undefined && this.#changed.delete(hit[0])) this.#read(hit[0], nowMs);
      return;
    }
    for (const intensity of this.#changed) this.#read(intensity, nowMs);
    this.#changed.clear();
  }

  #read(intensity: MarketIntensity, nowMs: number): void {
    const m = this.#marketOf.get(intensity)!;
    const own = this.#engine.own(m.conditionId);
    if (own !== this.#ownSizesOf || m !== this.#ownSizesMarket) {
      ownSizes(own, m.tokens, this.#ownSizes);
      this.#ownSizesOf = own;
      this.#ownSizesMarket = m;
    }
    const sizes = this.#ownSizes;
    const prices = this.#prices.fill(Number.NaN);
    const b0 = this.#engine.book(m.tokens[0]);
    const b1 = this.#engine.book(m.tokens[1]);
    // Sides in the order of #prices and #ownSizes: token 0 bids, asks, token 1 bids, asks.
    for (let s = 0; s < 4; s++) {
      const mine = sizes[s]!;
      const book = s < 2 ? b0 : b1;
      if (book === undefined) continue;
      const side = s % 2 === 0 ? book.bids : book.asks;
      for (let i = side.length - 1; i >= 0; i--) {
        const level = side[i]!;
        const p = level.price / PRICE_SCALE;
        const ours = mine.get(p);
        if (ours === undefined || level.total / SIZE_SCALE > ours + 1e-9) {
          prices[s] = p;
          break;
        }
      }
    }
    intensity.observeBooks(nowMs, midOfOthers(prices), prices);
  }

  /** The view observed, with the market's estimates on it when the strategy reads them. */
  view(view: MarketView): MarketView {
    const intensity = this.#markets.get(view.meta.conditionId);
    if (intensity === undefined) return view;
    // The view's books are read now: they supersede a refresh due.
    this.#changed.delete(intensity);
    intensity.observeView(view);
    return this.#engine.reads ? { ...view, intensity: intensity.sides(view.nowMs) } : view;
  }

  /** Our orders in the market after the executor placed and cancelled (they rest at once in a backtest). */
  ownOrders(conditionId: string, orders: readonly OwnOrder[], nowMs: number): void {
    this.#markets.get(conditionId)?.ownOrders(nowMs, orders);
  }

  /** A flow order on `tokenId` that traded (the taker's side). */
  traded(tokenId: string, side: Side, nowMs: number): void {
    const hit = this.#tokens.get(tokenId);
    hit?.[0].trade(nowMs, bookSideOf(hit[1], side));
  }

  figures(nowMs: number): MarketFitFigure[] {
    return [...this.#markets].map(([market, intensity]) => {
      const e = intensity.pooled(nowMs);
      return { market, a: e.a, k: e.k, status: e.status, trades: e.trades };
    });
  }
}
