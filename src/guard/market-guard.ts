/**
 * The adverse-selection guards of one market: pure and synchronous, driven by the views the
 * trading loop builds and the account's fills, on the injected clock's milliseconds.
 *
 * - jump: the fair value moved at least `jumpTicks` ticks, and `jumpSigmas` standard deviations
 *   of the recent moves, since the last evaluation: the side the move runs into (asks on a rise,
 *   bids on a fall) is held;
 * - sweep: `sweepLevels` levels of one side of outcome 0's book gone at once: that side is held;
 * - trade-through: a fill of ours and then a fair value beyond its price: that side is held;
 * - burst: `burstFills` fills on one side within `burstWindowS`: that side is widened;
 * - toxicity: the side's mark-out average (markout-average.ts) below the threshold widens it by a
 *   tick per tick of shortfall, up to `toxicityMaxTicks`, for as long as it stays below.
 *
 * The stage only ever pulls or widens (side-hold.ts): a quote moves away from the touch by whole
 * ticks, is dropped when that leaves [tick, 1 - tick], and a quote landing on a price the same side
 * already quotes is dropped, so nothing is placed that the strategy did not want and nothing
 * crosses that did not before. A strategy that keeps its resting orders (bands) gets back the
 * prices the guard gave it; those are mapped to the strategy's own price before the current
 * widening is applied again, so the widening never compounds.
 */
import type { MarketView } from '../market/market-view.js';
import { type Decimal, ONE, compareDecimals } from '../money.js';
import { NO_RETURNS, type ReturnVariance, addReturn, variancePerSecond } from '../strategy/return-variance.js';
import type { Quote, QuoteSide } from '../strategy/strategy.js';
import type { GuardSettings } from './guard-settings.js';
import type { GuardEvent, GuardEventAction, GuardFill, SideStatus } from './guard-events.js';
import { MarkoutAverage } from './markout-average.js';
import { modelNumber } from './model-number.js';
import { type Shift, carried, ownPrice } from './price-shifts.js';
import { type GuardName, type Hold, NO_EFFECT, type SideEffect, holdEffect, holdNextChange, stronger } from './side-hold.js';

interface SideState {
  readonly holds: Map<GuardName, Hold>;
  readonly fills: number[];
  readonly tradeThroughs: number[];
  short: MarkoutAverage | undefined;
  long: MarkoutAverage | undefined;
  reported: SideStatus | undefined;
  /**
   * The prices the last apply gave this side, and the strategy's own price behind each; then the
   * earlier applies' for a re-price round trip (`expiresMs`).
   */
  shifted: Shift[];
}

const SIDES: readonly QuoteSide[] = ['bid', 'ask'];

type Effect = SideEffect & { readonly guard: GuardName | undefined; readonly untilMs: number };
/** What most evaluations report: no change (one frozen array, not one per evaluation). */
const NO_EVENTS: readonly GuardEvent[] = Object.freeze([]);
/** A side no guard touches: one object for every evaluation that finds nothing. */
const UNGUARDED: Effect = Object.freeze({ ...NO_EFFECT, guard: undefined, untilMs: 0 });
/** Returns seen before the volatility estimate is trusted for the jump test. */
const MIN_VOL_SAMPLES = 10;

export class MarketGuard {
  readonly market: string;
  #s: GuardSettings;
  readonly #side: Record<QuoteSide, SideState>;
  #lastFair: number | undefined;
  #lastMs = 0;
  /** The variance rate of fair-value moves (price per second). */
  #vol: ReturnVariance = NO_RETURNS;
  /** The n-th best bid and ask (n = sweepLevels) of the last evaluation's book. */
  #nthBid: Decimal | undefined;
  #nthAsk: Decimal | undefined;
  #tick = 0.01;
  /**
   * Effects at one time (`nowMs`; NaN: none), until anything changes (a fill, a hold, new data, new
   * settings). One object, refilled: the guards run at every evaluation of every market.
   */
  readonly #cache: { nowMs: number; bid: Effect | undefined; ask: Effect | undefined } = {
    nowMs: Number.NaN,
    bid: undefined,
    ask: undefined,
  };
  #tickOf: Decimal | undefined;
  #threshold: number;

  constructor(market: string, settings: GuardSettings) {
    this.market = market;
    this.#s = settings;
    this.#threshold = settings.toxicityThreshold.toNumber();
    this.#side = { bid: this.#newSide(), ask: this.#newSide() };
  }

  get settings(): GuardSettings {
    return this.#s;
  }

  /** New settings (SIGHUP): holds and estimates are kept; averages restart if their horizons changed. */
  reconfigure(settings: GuardSettings): void {
    const horizonsChanged =
      settings.toxicityShortS !== this.#s.toxicityShortS ||
      settings.toxicityLongS !== this.#s.toxicityLongS ||
      settings.toxicityHalfLifeFills !== this.#s.toxicityHalfLifeFills ||
      settings.toxicityDecayS !== this.#s.toxicityDecayS;
    this.#s = settings;
    this.#cache.nowMs = Number.NaN;
    this.#threshold = settings.toxicityThreshold.toNumber();
    if (horizonsChanged) for (const side of SIDES) this.#resetAverages(this.#side[side]);
  }

  onFill(fill: GuardFill): void {
    if (!this.#s.enabled) return;
    this.#cache.nowMs = Number.NaN;
    const st = this.#side[fill.side];
    const price = modelNumber(fill.price);
    st.short?.onFill(price, fill.atMs);
    st.long?.onFill(price, fill.atMs);
    if (this.#s.tradeThrough) st.tradeThroughs.push(price);
    if (this.#s.burstFills > 0) {
      const windowMs = this.#s.burstWindowS * 1000;
      st.fills.push(fill.atMs);
      while (st.fills.length > 0 && st.fills[0]! <= fill.atMs - windowMs) st.fills.shift();
      if (st.fills.length >= this.#s.burstFills) {
        this.#hold(fill.side, 'burst', 'widen', fill.atMs);
        st.fills.length = 0;
      }
    }
  }

  /**
   * Learns from a view (volatility, jumps, sweeps, trade-throughs, mark-outs) at its time; `fair`
   * is the fair value the strategy is given. Returns the changes of what the guards do.
   */
  observe(view: MarketView, fair: Decimal | undefined): readonly GuardEvent[] {
    const nowMs = view.nowMs;
    this.#cache.nowMs = Number.NaN;
    if (!this.#s.enabled) return this.#report(nowMs);
    if (view.meta.tickSize !== this.#tickOf) {
      this.#tickOf = view.meta.tickSize;
      this.#tick = view.meta.tickSize.toNumber();
    }
    if (fair !== undefined) {
      const f = modelNumber(fair);
      this.#learnMove(f, nowMs);
      this.#checkTradeThroughs(f, nowMs);
      for (const side of SIDES) {
        const st = this.#side[side];
        st.short?.observe(f, nowMs, side === 'bid');
        st.long?.observe(f, nowMs, side === 'bid');
      }
    }
    this.#checkSweep(view, nowMs);
    return this.#report(nowMs);
  }

  /** What the guards do to `side` at `nowMs`, with the guard responsible. */
  effect(side: QuoteSide, nowMs: number): Effect {
    // One evaluation asks several times (report, apply) at one time: computed once.
    const cached = this.#cache;
    if (cached.nowMs === nowMs) {
      const hit = cached[side];
      if (hit !== undefined) return hit;
    } else {
      cached.nowMs = nowMs;
      cached.bid = undefined;
      cached.ask = undefined;
    }
    const e = this.#computeEffect(side, nowMs);
    cached[side] = e;
    return e;
  }

  #computeEffect(side: QuoteSide, nowMs: number): Effect {
    if (!this.#s.enabled) return UNGUARDED;
    const st = this.#side[side];
    let best: SideEffect = NO_EFFECT;
    let guard: GuardName | undefined;
    let untilMs = 0;
    for (const [name, h] of st.holds) {
      const e = holdEffect(h, nowMs);
      if (e.pulled || e.ticks > 0) {
        const next = stronger(best, e);
        if (next !== best) {
          best = next;
          guard = name;
          untilMs = h.untilMs;
        }
      } else if (holdNextChange(h, nowMs) === Number.POSITIVE_INFINITY) st.holds.delete(name);
    }
    const tox = this.#toxicityTicks(st, nowMs);
    if (tox > 0) {
      const next = stronger(best, { pulled: false, ticks: tox });
      if (next !== best) {
        best = next;
        guard = 'toxicity';
        untilMs = 0;
      }
    }
    return best === NO_EFFECT ? UNGUARDED : { ...best, guard, untilMs };
  }

  /** The guarded quotes: sides pulled, widened by whole ticks, never more or tighter than wanted. */
  apply(quotes: readonly Quote[], tick: Decimal, nowMs: number): Quote[] {
    const bid = this.effect('bid', nowMs);
    const ask = this.effect('ask', nowMs);
    const sb = this.#side.bid;
    const sa = this.#side.ask;
    if (bid.ticks === 0 && ask.ticks === 0 && !bid.pulled && !ask.pulled && sb.shifted.length === 0 && sa.shifted.length === 0)
      return quotes as Quote[];
    // Few quotes per market: arrays and Decimal comparisons beat maps keyed by price text. One
    // side moves as a whole, so distinct prices stay distinct, unless a kept order mapped back to
    // its own price meets a fresh quote there: only then are duplicates dropped.
    const out: Quote[] = [];
    const next: Record<QuoteSide, Shift[]> = { bid: [], ask: [] };
    const move = { bid: bid.ticks > 0 ? tick.mul(bid.ticks) : undefined, ask: ask.ticks > 0 ? tick.mul(ask.ticks) : undefined };
    const top = move.ask === undefined ? undefined : ONE.minus(tick);
    let remapped = false;
    for (const q of quotes) {
      if ((q.side === 'bid' ? bid : ask).pulled) continue;
      const own = ownPrice(this.#side[q.side].shifted, q.price, nowMs);
      if (own !== q.price) remapped = true;
      const m = move[q.side];
      let price = own;
      if (m !== undefined) {
        if (q.side === 'bid') {
          price = own.minus(m);
          if (compareDecimals(price, tick) < 0) continue;
        } else {
          price = own.plus(m);
          if (compareDecimals(price, top!) > 0) continue;
        }
        next[q.side].push({ guarded: price, own });
      }
      out.push(price === q.price ? q : { side: q.side, price, size: q.size });
    }
    sb.shifted = carried(next.bid, sb.shifted, nowMs);
    sa.shifted = carried(next.ask, sa.shifted, nowMs);
    return remapped
      ? out.filter((q, i) => !out.some((o, j) => j < i && o.side === q.side && compareDecimals(o.price, q.price) === 0))
      : out;
  }

  /** Forgets the prices it gave (a guard failure pulled the market's quotes). */
  clearShifts(): void {
    this.#side.bid.shifted = [];
    this.#side.ask.shifted = [];
  }

  /** When some side's effect next changes with no new input (Infinity: not before new data). */
  nextChangeMs(nowMs: number): number {
    let next = Number.POSITIVE_INFINITY;
    for (const side of SIDES) for (const h of this.#side[side].holds.values()) next = Math.min(next, holdNextChange(h, nowMs));
    return next;
  }

  /** Which guard holds which side, and until when (for /status). */
  status(nowMs: number): Record<QuoteSide, SideStatus | undefined> {
    const of = (side: QuoteSide): SideStatus | undefined => {
      const e = this.effect(side, nowMs);
      return e.guard === undefined ? undefined : { guard: e.guard, pulled: e.pulled, ticks: e.ticks, untilMs: e.untilMs };
    };
    return { bid: of('bid'), ask: of('ask') };
  }

  #newSide(): SideState {
    const st: SideState = {
      holds: new Map(),
      fills: [],
      tradeThroughs: [],
      short: undefined,
      long: undefined,
      reported: undefined,
      shifted: [],
    };
    this.#resetAverages(st);
    return st;
  }

  #resetAverages(st: SideState): void {
    const s = this.#s;
    const active = s.toxicityMaxTicks > 0;
    st.short = active && s.toxicityShortS > 0 ? new MarkoutAverage(s.toxicityShortS, s.toxicityHalfLifeFills, s.toxicityDecayS) : undefined;
    st.long = active && s.toxicityLongS > 0 ? new MarkoutAverage(s.toxicityLongS, s.toxicityHalfLifeFills, s.toxicityDecayS) : undefined;
  }

  #hold(side: QuoteSide, guard: GuardName, action: 'pull' | 'widen', nowMs: number): void {
    const s = this.#s;
    const coolMs = s.coolDownS * 1000;
    this.#cache.nowMs = Number.NaN;
    this.#side[side].holds.set(guard, {
      guard,
      action,
      ticks: s.widenTicks,
      untilMs: nowMs + coolMs,
      stepMs: coolMs / s.returnSteps,
      steps: s.returnSteps,
    });
  }

  #learnMove(f: number, nowMs: number): void {
    const s = this.#s;
    const last = this.#lastFair;
    this.#lastFair = f;
    const dtS = (nowMs - this.#lastMs) / 1000;
    this.#lastMs = nowMs;
    if (last === undefined || !(dtS > 0)) return;
    const r = f - last;
    const variance = variancePerSecond(this.#vol, MIN_VOL_SAMPLES);
    const sd = variance === undefined ? 0 : Math.sqrt(variance * dtS);
    const size = Math.abs(r);
    // A hair under whole ticks, so float noise in `f - last` cannot hide an exact 3-tick move.
    const byTicks = s.jumpTicks > 0 && size >= s.jumpTicks * this.#tick * (1 - 1e-9);
    const bySd = s.jumpSigmas === 0 || sd === 0 || size >= s.jumpSigmas * sd;
    if (byTicks && bySd) this.#hold(r > 0 ? 'ask' : 'bid', 'jump', s.jumpAction, nowMs);
    // Jumps are capped before they feed the estimate, so one headline does not blind the test.
    const capped = sd > 0 && s.jumpSigmas > 0 ? Math.min(size, s.jumpSigmas * sd) : size;
    this.#vol = addReturn(this.#vol, capped, dtS, s.volHalfLifeS);
  }

  #checkTradeThroughs(f: number, nowMs: number): void {
    for (const side of SIDES) {
      const st = this.#side[side];
      if (st.tradeThroughs.length === 0) continue;
      const through = st.tradeThroughs.some((p) => (side === 'bid' ? f < p : f > p));
      st.tradeThroughs.length = 0;
      if (through) this.#hold(side, 'trade-through', this.#s.jumpAction, nowMs);
    }
  }

  #checkSweep(view: MarketView, nowMs: number): void {
    const n = this.#s.sweepLevels;
    const book = view.books[0];
    if (n <= 0 || book === undefined) return;
    // Levels are sorted best first: n of them gone at once means the n-th previous one is better
    // than the new best (or the side is empty now). One comparison a side.
    const bestBid = book.bids[0]?.price;
    const bestAsk = book.asks[0]?.price;
    const nthBid = this.#nthBid;
    const nthAsk = this.#nthAsk;
    if (nthBid !== undefined && (bestBid === undefined || compareDecimals(nthBid, bestBid) > 0))
      this.#hold('bid', 'sweep', this.#s.jumpAction, nowMs);
    if (nthAsk !== undefined && (bestAsk === undefined || compareDecimals(nthAsk, bestAsk) < 0))
      this.#hold('ask', 'sweep', this.#s.jumpAction, nowMs);
    this.#nthBid = book.bids[n - 1]?.price;
    this.#nthAsk = book.asks[n - 1]?.price;
  }

  #toxicityTicks(st: SideState, nowMs: number): number {
    const s = this.#s;
    if (s.toxicityMaxTicks <= 0) return 0;
    const a = st.short?.value(nowMs);
    const b = st.long?.value(nowMs);
    const worst = a === undefined ? b : b === undefined ? a : Math.min(a, b);
    if (worst === undefined) return 0;
    const shortfall = this.#threshold - worst;
    if (!(shortfall > 0)) return 0;
    return Math.min(s.toxicityMaxTicks, Math.ceil(shortfall / this.#tick - 1e-9));
  }

  #report(nowMs: number): readonly GuardEvent[] {
    let events: GuardEvent[] | undefined;
    for (const side of SIDES) {
      const st = this.#side[side];
      const e = this.effect(side, nowMs);
      const prev = st.reported;
      const now: SideStatus | undefined =
        e.guard === undefined ? undefined : { guard: e.guard, pulled: e.pulled, ticks: e.ticks, untilMs: e.untilMs };
      if (prev?.pulled === now?.pulled && (prev?.ticks ?? 0) === (now?.ticks ?? 0) && prev?.guard === now?.guard) continue;
      st.reported = now;
      if (now === undefined) {
        if (prev !== undefined)
          (events ??= []).push({ market: this.market, side, guard: prev.guard, action: 'release', ticks: 0, untilMs: 0 });
        continue;
      }
      const action: GuardEventAction = now.pulled
        ? 'pull'
        : prev === undefined || prev.pulled || now.ticks > prev.ticks
          ? 'widen'
          : 'narrow';
      (events ??= []).push({ market: this.market, side, guard: now.guard, action, ticks: now.ticks, untilMs: now.untilMs });
    }
    return events ?? NO_EVENTS;
  }
}
