/**
 * One market's online estimate of the taker-arrival intensity on each side, λ(δ) = A·e^(−kδ) with
 * δ the distance from the midpoint: pure and synchronous, on the caller's clock.
 *
 * - the touches: the midpoint without our orders and others' best price on each of the four book
 *   sides (book-touches.ts) from each view (`observeView`) or straight from the books
 *   (`observeBooks`), and our best prices whenever our orders change (`ownOrders`); a book side's
 *   touch is the nearer of the two. The time between two observations is exposure of each book
 *   side at the distance its touch had (none beyond MAX_DISTANCE, none across a gap over
 *   MAX_GAP_MS);
 * - `trade` counts one taker order that traded on a book side, at the distance that side's touch
 *   has now (the one its exposure accrues at, so counts and exposure always agree on where the
 *   liquidity was);
 * - `estimate` fits the side's window (intensity-fit.ts) and says whether the fit is to be trusted:
 *   `fitted`, or why not: `few-trades` (under `minTrades` in the window), `one-distance` (all the
 *   exposure at one distance: k cannot be told), `imprecise` (the standard error of k above
 *   `maxRelativeError` of it), `out-of-bounds` (A or k outside the sane bounds, or no fit at all:
 *   refused).
 */
import {
  type BookPrices,
  type BookSide,
  type OwnOrder,
  QUOTE_SIDE_OF,
  newBookPrices,
  otherPrices,
  ownPrices,
  touchDistance,
} from './book-touches.js';
import { numberOf } from '../../money.js';
import { DistanceWindow } from './distance-window.js';
import { type DistanceCount, fitIntensity } from './intensity-fit.js';
import type { IntensityEstimate, IntensitySide, IntensitySides, IntensityStatus } from './intensity-estimate.js';
import type { MarketView } from '../market-view.js';
import {
  BUCKET_WIDTH,
  DEFAULT_INTENSITY_SETTINGS,
  type IntensitySettings,
  MAX_DISTANCE,
  MAX_GAP_MS,
  REFIT_MS,
  WINDOW_SLOTS,
} from './intensity-settings.js';

export type { IntensityEstimate, IntensitySide, IntensitySides, IntensityStatus } from './intensity-estimate.js';

const BUCKETS = Math.round(MAX_DISTANCE / BUCKET_WIDTH);

/** The bucket of distance `d` (price units), or -1 beyond MAX_DISTANCE. */
export function bucketOf(d: number): number {
  const b = Math.floor(d / BUCKET_WIDTH + 1e-6);
  return b < BUCKETS ? Math.max(0, b) : -1;
}

/** The estimate a window's counts give under `s`. */
export function estimateOf(counts: readonly DistanceCount[], s: IntensitySettings): IntensityEstimate {
  let trades = 0;
  for (const c of counts) trades += c.trades;
  const fit = fitIntensity(counts);
  if (typeof fit === 'string') {
    const status: IntensityStatus =
      trades < s.minTrades || fit === 'no-data' ? 'few-trades' : fit === 'one-distance' ? 'one-distance' : 'out-of-bounds';
    return { status, a: undefined, k: undefined, kStandardError: undefined, trades };
  }
  const { a, k, kStandardError } = fit;
  const inBounds = a >= s.minA && a <= s.maxA && k >= s.minK && k <= s.maxK;
  const status: IntensityStatus =
    trades < s.minTrades ? 'few-trades' : !inBounds ? 'out-of-bounds' : kStandardError > s.maxRelativeError * k ? 'imprecise' : 'fitted';
  return { status, a, k, kStandardError, trades };
}

export class MarketIntensity {
  readonly #settings: IntensitySettings;
  readonly #sides: Record<IntensitySide, DistanceWindow>;
  /** Count only where our order is the best price (a fit from our own fills, which see no other trade). */
  readonly #oursOnly: boolean;
  /** Others' and our best prices since the last observation, the midpoint they are measured from, and when. */
  readonly #other: BookPrices = newBookPrices();
  readonly #ours: BookPrices = newBookPrices();
  #m0 = Number.NaN;
  readonly #tokens: readonly [string, string];
  #lastMs: number | undefined;
  readonly #cache: Partial<Record<IntensitySide, { atMs: number; taken: number; estimate: IntensityEstimate }>> = {};
  /** Takers counted on each side so far (a cached estimate knows how many it saw). */
  readonly #taken: Record<IntensitySide, number> = { bid: 0, ask: 0 };

  /** `tokens`: the market's outcome 0 and outcome 1 token ids. */
  constructor(
    tokens: readonly [string, string],
    settings: IntensitySettings = DEFAULT_INTENSITY_SETTINGS,
    options: { readonly oursOnly?: boolean } = {},
  ) {
    this.#tokens = tokens;
    this.#settings = settings;
    this.#oursOnly = options.oursOnly === true;
    const slotMs = (settings.windowSec * 1000) / WINDOW_SLOTS;
    this.#sides = {
      bid: new DistanceWindow(BUCKETS, BUCKET_WIDTH, slotMs, WINDOW_SLOTS),
      ask: new DistanceWindow(BUCKETS, BUCKET_WIDTH, slotMs, WINDOW_SLOTS),
    };
  }

  /** The touch of book side `s` now: its distance from the midpoint (NaN: none counted). */
  #touch(s: number): number {
    if (Number.isNaN(this.#m0)) return Number.NaN;
    const other = this.#other[s]!;
    const ours = this.#ours[s]!;
    const o = Number.isNaN(other) ? Number.NaN : touchDistance(s, other, this.#m0);
    const u = Number.isNaN(ours) ? Number.NaN : touchDistance(s, ours, this.#m0);
    if (this.#oursOnly) return !Number.isNaN(u) && !(o < u) ? u : Number.NaN;
    return Number.isNaN(u) ? o : Number.isNaN(o) ? u : Math.min(o, u);
  }

  /** The time since the last observation counts as exposure at the touches it left; false: the clock went back. */
  #accrue(nowMs: number): boolean {
    const last = this.#lastMs;
    if (last !== undefined && nowMs < last) return false;
    if (last !== undefined && nowMs > last && nowMs - last <= MAX_GAP_MS) {
      const seconds = (nowMs - last) / 1000;
      for (let i = 0; i < 4; i++) {
        const d = this.#touch(i);
        const b = Number.isNaN(d) ? -1 : bucketOf(d);
        if (b >= 0) this.#sides[QUOTE_SIDE_OF[i]!].addExposure(nowMs, b, seconds, d);
      }
    }
    this.#lastMs = nowMs;
    return true;
  }

  /** The market's view at an evaluation: the midpoint, others' best prices from its books, ours from its live orders. */
  observeView(view: MarketView): void {
    if (!this.#accrue(view.nowMs)) return;
    this.#m0 = view.mid === undefined ? Number.NaN : numberOf(view.mid);
    otherPrices(view, this.#other);
    ownPrices(view.liveOrders, this.#tokens, this.#ours);
  }

  /**
   * The books changed at `nowMs` without an evaluation (a backtest reads them after every step of
   * the flow): the midpoint without our orders (NaN: none) and others' best prices.
   */
  observeBooks(nowMs: number, m0: number, other: BookPrices): void {
    if (!this.#accrue(nowMs)) return;
    this.#m0 = m0;
    this.#other.set(other);
  }

  /** Our resting orders changed at `nowMs` (placed, cancelled, filled): the touches they make from now. */
  ownOrders(nowMs: number, orders: readonly OwnOrder[]): void {
    if (!this.#accrue(nowMs)) return;
    ownPrices(orders, this.#tokens, this.#ours);
  }

  /** One taker order that traded on `bookSide` at `nowMs`; false when it could not be placed (no recent observation there). */
  trade(nowMs: number, bookSide: BookSide): boolean {
    const last = this.#lastMs;
    if (last === undefined || nowMs - last > MAX_GAP_MS) return false;
    const d = this.#touch(bookSide);
    const b = Number.isNaN(d) ? -1 : bucketOf(d);
    if (b < 0) return false;
    const side = QUOTE_SIDE_OF[bookSide];
    this.#sides[side].addTrade(nowMs, b);
    this.#taken[side]++;
    return true;
  }

  /**
   * The side's estimate at `nowMs`, fitted again at most every REFIT_MS; while it has fewer takers
   * than minTrades (a small fit, and the one whose status is about to change), at every new taker.
   */
  estimate(side: IntensitySide, nowMs: number): IntensityEstimate {
    const hit = this.#cache[side];
    const taken = this.#taken[side];
    const fresh = hit !== undefined && (hit.taken === taken || hit.estimate.trades >= this.#settings.minTrades);
    if (hit !== undefined && fresh && nowMs >= hit.atMs && nowMs - hit.atMs < REFIT_MS) return hit.estimate;
    const estimate = estimateOf(this.#sides[side].counts(nowMs), this.#settings);
    this.#cache[side] = { atMs: nowMs, taken, estimate };
    return estimate;
  }

  /** Both sides' estimates at `nowMs`. */
  sides(nowMs: number): IntensitySides {
    return { bid: this.estimate('bid', nowMs), ask: this.estimate('ask', nowMs) };
  }

  /** Both sides' counts fitted together (the market as a whole, for reports), fitted now. */
  pooled(nowMs: number): IntensityEstimate {
    const counts = this.#sides.bid.counts(nowMs);
    this.#sides.ask.counts(nowMs, counts);
    return estimateOf(counts, this.#settings);
  }
}
