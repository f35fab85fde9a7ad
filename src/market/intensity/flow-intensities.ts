/**
 * The daemon's fitted taker-arrival intensities, one MarketIntensity per quoted market, fed by:
 *
 * - the trading loop: every market view it builds (`observe`, which hands the view on with its
 *   estimates) and our orders after each submit (`ownOrders`);
 * - the market stream: each public print (`last_trade_price`, `onStreamTrade`). A taker matching
 *   several resting orders prints once per match, and the venue follows the prints of one taker
 *   order with the token's book event, so the prints of one token between two of its book events,
 *   with one side and one time, are one taker; a book event (`onBookEvent`) also marks the market's
 *   touches for a re-read from the books before its next print, so that a taker that meets a book
 *   changed in the same burst is counted where it met it;
 * - without the market stream, our own fills (`onOwnFills`, one taker per trade id), counted only
 *   where our order is the best price (mode `oursOnly`): the prints of others are not seen then.
 *
 * A strategy that reads the fit (Strategy.readsFlowIntensity) quotes with its configured values
 * while a side's fit is not trusted: `noteUse` counts that per market, side and reason
 * (makerd_flow_intensity_fallback_total) and logs when it starts (with the reason and, for a fit
 * refused as out of bounds, its values) and when the fit is trusted again, never per evaluation.
 */
import type { Logger } from 'pino';
import type { Side } from '../../venue/types.js';
import type { BookView } from '../book-view.js';
import type { MarketView } from '../market-view.js';
import { type OwnOrder, bookSideOf, midOfOthers, newBookPrices, ownSizes, restingSide } from './book-touches.js';
import type { IntensitySide, IntensitySides, IntensityStatus } from './intensity-estimate.js';
import type { IntensitySettings } from './intensity-settings.js';
import { MarketIntensity } from './market-intensity.js';
import { numberOf } from '../../money.js';

export interface FlowIntensitiesOptions {
  readonly settings: IntensitySettings;
  /** No market stream: fit from our own fills, where our orders are the best price. */
  readonly oursOnly?: boolean;
  /** A token's stored book now (for the re-read before a print); undefined: none. */
  readonly book?: (tokenId: string) => BookView | undefined;
  /** Our orders resting in a market now (not those being cancelled). */
  readonly own?: (conditionId: string) => readonly OwnOrder[];
  readonly logger?: Logger | undefined;
}

/** A public print as the market stream gives it (market-stream.ts StreamTrade). */
export interface PrintEvent {
  readonly asset_id: string;
  readonly side: Side;
  readonly timestamp: string;
}

/** One of our fills, as much as counting it needs (src/portfolio/fill.ts). */
export interface OwnFillEvent {
  readonly tradeId: string;
  readonly conditionId: string;
  readonly outcomeIndex: 0 | 1;
  readonly side: Side;
  readonly timestampMs: number;
}

export interface IntensityCounts {
  /** Takers counted, and those that could not be placed (no recent view of their book). */
  taken: number;
  unplaced: number;
  /** Evaluations of a strategy that reads the fit which quoted with its configured values: `market|side|reason`. */
  readonly fallbacks: Map<string, number>;
}

interface Tracked {
  readonly conditionId: string;
  readonly intensity: MarketIntensity;
  readonly tokens: readonly [string, string];
  /** A book event came since the last observation: re-read the books before the next print. */
  changed: boolean;
  /** Why each side last fell back (undefined: trusted or not yet used). */
  readonly fallback: Partial<Record<IntensitySide, IntensityStatus>>;
}

/** The open group of prints of one token: the taker's side and time. */
interface PrintGroup {
  readonly side: Side;
  readonly timestamp: string;
}

export class FlowIntensities {
  readonly #o: FlowIntensitiesOptions;
  readonly #markets = new Map<string, Tracked>();
  readonly #tokens = new Map<string, readonly [Tracked, 0 | 1]>();
  readonly #groups = new Map<string, PrintGroup>();
  readonly #seenTrades = new Set<string>();
  readonly #prices = newBookPrices();
  readonly counts: IntensityCounts = { taken: 0, unplaced: 0, fallbacks: new Map() };

  constructor(options: FlowIntensitiesOptions) {
    this.#o = options;
  }

  get oursOnly(): boolean {
    return this.#o.oursOnly === true;
  }

  #track(conditionId: string, tokens: readonly [string, string]): Tracked {
    let t = this.#markets.get(conditionId);
    if (t === undefined) {
      t = {
        conditionId,
        intensity: new MarketIntensity(tokens, this.#o.settings, { oursOnly: this.#o.oursOnly }),
        tokens,
        changed: false,
        fallback: {},
      };
      this.#markets.set(conditionId, t);
      this.#tokens.set(tokens[0], [t, 0]);
      this.#tokens.set(tokens[1], [t, 1]);
    }
    return t;
  }

  /** A market the loop no longer quotes: its fit goes. */
  remove(conditionId: string): void {
    const t = this.#markets.get(conditionId);
    if (t === undefined) return;
    this.#markets.delete(conditionId);
    for (const token of t.tokens) {
      this.#tokens.delete(token);
      this.#groups.delete(token);
    }
  }

  /** A market's view at an evaluation: observed, and handed on with the market's estimates. */
  observe(view: MarketView): MarketView {
    const t = this.#track(view.meta.conditionId, view.meta.tokens);
    t.changed = false;
    t.intensity.observeView(view);
    return { ...view, intensity: t.intensity.sides(view.nowMs) };
  }

  /** Our orders in a market after a submit: the touches they make from now. */
  ownOrders(conditionId: string, orders: readonly OwnOrder[], nowMs: number): void {
    this.#markets.get(conditionId)?.intensity.ownOrders(nowMs, orders);
  }

  /** A book or price change of a token on the market stream: it closes the token's prints. */
  onBookEvent(tokenId: string): void {
    this.#groups.delete(tokenId);
    const hit = this.#tokens.get(tokenId);
    if (hit !== undefined) hit[0].changed = true;
  }

  /** A public print: a new taker unless it continues the token's open group (same side, same time). */
  onStreamTrade(e: PrintEvent, nowMs: number): void {
    if (this.oursOnly) return;
    const hit = this.#tokens.get(e.asset_id);
    if (hit === undefined) return;
    const open = this.#groups.get(e.asset_id);
    if (open !== undefined && open.side === e.side && open.timestamp === e.timestamp) return;
    this.#groups.set(e.asset_id, { side: e.side, timestamp: e.timestamp });
    const [t, index] = hit;
    if (t.changed) this.#reread(t, nowMs);
    this.#count(t.intensity.trade(nowMs, bookSideOf(index, e.side)));
  }

  /** Our fills (without the market stream): one taker per trade id, on the book side our order rested on. */
  onOwnFills(fills: readonly OwnFillEvent[], nowMs: number): void {
    if (!this.oursOnly) return;
    for (const f of fills) {
      const t = this.#markets.get(f.conditionId);
      if (t === undefined || this.#seenTrades.has(f.tradeId)) continue;
      this.#seenTrades.add(f.tradeId);
      if (this.#seenTrades.size > 10_000) this.#seenTrades.clear();
      this.#count(t.intensity.trade(nowMs, restingSide(f.outcomeIndex, f.side)));
    }
  }

  #count(taken: boolean): void {
    if (taken) this.counts.taken++;
    else this.counts.unplaced++;
  }

  /** The market's books as stored now: the midpoint without our orders and others' best prices. */
  #reread(t: Tracked, nowMs: number): void {
    t.changed = false;
    const book = this.#o.book;
    if (book === undefined) return;
    const sizes = ownSizes(this.#o.own?.(t.conditionId) ?? [], t.tokens);
    const prices = this.#prices.fill(Number.NaN);
    const b0 = book(t.tokens[0]);
    const b1 = book(t.tokens[1]);
    const levels = [b0?.bids, b0?.asks, b1?.bids, b1?.asks] as const;
    for (let s = 0; s < 4; s++) {
      for (const l of levels[s] ?? []) {
        const p = numberOf(l.price);
        const mine = sizes[s]!.get(p);
        if (mine === undefined || numberOf(l.size) > mine + 1e-9) {
          prices[s] = p;
          break;
        }
      }
    }
    t.intensity.observeBooks(nowMs, midOfOthers(prices), prices);
  }

  /**
   * An evaluation of a strategy that reads the fit: each side not trusted is counted by reason,
   * and logged when its fallback starts (or its reason changes) and when it ends.
   */
  noteUse(conditionId: string, sides: IntensitySides | undefined): void {
    const t = this.#markets.get(conditionId);
    if (t === undefined || sides === undefined) return;
    for (const side of ['bid', 'ask'] as const) {
      const e = sides[side];
      const before = t.fallback[side];
      if (e.status === 'fitted') {
        if (before !== undefined) {
          this.#o.logger?.info(
            { market: conditionId, side, a: e.a, k: e.k, trades: e.trades },
            'flow intensity fit trusted: quoting with it',
          );
          delete t.fallback[side];
        }
        continue;
      }
      const key = `${conditionId}|${side}|${e.status}`;
      this.counts.fallbacks.set(key, (this.counts.fallbacks.get(key) ?? 0) + 1);
      if (before === e.status) continue;
      t.fallback[side] = e.status;
      this.#o.logger?.warn(
        { market: conditionId, side, reason: e.status, trades: e.trades, a: e.a, k: e.k },
        e.status === 'out-of-bounds'
          ? 'flow intensity fit refused (out of bounds): quoting with the configured values'
          : 'flow intensity fit not trusted: quoting with the configured values',
      );
    }
  }

  /** Each market's estimates at `nowMs` (metrics, /status). */
  snapshot(nowMs: number): ReadonlyMap<string, IntensitySides> {
    const out = new Map<string, IntensitySides>();
    for (const [cid, t] of this.#markets) out.set(cid, t.intensity.sides(nowMs));
    return out;
  }
}
