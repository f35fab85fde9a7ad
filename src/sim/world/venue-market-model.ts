/**
 * One venue-world market as a model: its fair value and the takers that arrive on it, pure and
 * seeded, shared by the live flow (venue-flow.ts, on the exchange, steps of 250 ms) and the
 * back-filled past (backfill.ts, on a virtual book, coarser steps), so the tape a survey reads
 * from before the start and the trading after it come from one model.
 *
 * Fair value of outcome 0 (outcome 1 is its complement), in log-odds x:
 * - diffusion: x += sigma·√dt·N(0, 1) per step;
 * - news: Poisson jumps of ±newsSize·U(0.5, 1.5); after each, fair value drifts on by newsDrift of
 *   the jump (exponentially, time constant newsDriftSec) and takers arrive (1 + burst) times
 *   faster, the burst newsBurst at the jump decaying with time constant newsBurstSec;
 * - information: an informed taker knows the next move of fair value, ±informedMove in price,
 *   and trades ahead of it; the move follows its order, whether or not the order traded.
 *
 * Takers: on each side of each token's book, Poisson(A·(1 + burst)·dt) arrivals a step. Each
 * draws the same numbers whatever it turns out to be (informed or not, where its limit lands), so
 * the draws never depend on the book: an uninformed taker's limit is fair ± D, D ~ Exp(k); an
 * informed one's is one tick short of where fair value is going. Sizes are in USDC (log-normal),
 * turned into whole shares at fair value.
 *
 * Model state is numbers; prices leave in integer micro-units on the token's tick.
 */
import { ceilTo, floorTo } from '../flow/flow-units.js';
import type { SimRng } from '../rng.js';
import type { MarketTraits } from './venue-traits.js';
import { VENUE_WORLD } from './venue-world-params.js';

/** One taker order of a step: token 0 or 1, the side, limit (micro-units), whole shares. */
export interface VenueTaker {
  readonly tokenIndex: 0 | 1;
  readonly side: 'BUY' | 'SELL';
  readonly limitMicro: number;
  readonly shares: number;
  readonly informed: boolean;
  /** Milliseconds into the step at which it arrives (for the back-filled tape's times). */
  readonly atMs: number;
}

export interface VenueJump {
  readonly atMs: number;
  readonly from: number;
  readonly to: number;
}

const logit = (p: number): number => Math.log(p / (1 - p));
const logistic = (x: number): number => 1 / (1 + Math.exp(-x));
const MICRO = 1_000_000;
const NO_JUMPS: readonly VenueJump[] = Object.freeze([]);

export interface VenueMarketStreams {
  readonly walk: SimRng;
  readonly news: SimRng;
  readonly takers: SimRng;
}

export class VenueMarketModel {
  readonly traits: MarketTraits;
  readonly #s: VenueMarketStreams;
  readonly #minShares: number;
  #x: number;
  #lo = 0;
  #hi = 0;
  #elapsedMs = 0;
  #drift = 0;
  #burst = 0;
  #nextNewsMs: number;
  /** Set when a taker reached the tightest background level: the makers replenish. */
  touched = false;

  constructor(traits: MarketTraits, initialFair: number, tick: number, minShares: number, streams: VenueMarketStreams) {
    this.traits = traits;
    this.#s = streams;
    this.#minShares = Math.max(1, Math.ceil(minShares));
    this.setTick(tick);
    this.#x = this.#clamp(logit(initialFair));
    this.#nextNewsMs = this.#drawNews(0);
  }

  /** Fair value stays where p is inside [2·tick, 1 − 2·tick] (the tick may change near the bounds). */
  setTick(tick: number): void {
    this.#lo = logit(2 * tick);
    this.#hi = logit(1 - 2 * tick);
  }

  #clamp(x: number): number {
    return Math.min(this.#hi, Math.max(this.#lo, x));
  }

  #drawNews(fromMs: number): number {
    const rate = this.traits.newsPerDay / 86_400;
    return rate > 0 ? fromMs + this.#s.news.exponential(rate) * 1000 : Number.POSITIVE_INFINITY;
  }

  /** Probability of outcome 0 (model state). */
  get p(): number {
    return logistic(this.#x);
  }

  /** Fair value of a token in micro-units. */
  fairMicro(tokenIndex: 0 | 1): number {
    const p0 = Math.round(this.p * MICRO);
    return tokenIndex === 0 ? p0 : MICRO - p0;
  }

  get elapsedMs(): number {
    return this.#elapsedMs;
  }

  /**
   * Moves fair value `dtMs` forward: diffusion, drift after news, the news due. Returns the jumps
   * (a shared empty list when none: most steps have none).
   */
  advance(dtMs: number): readonly VenueJump[] {
    const t = this.traits;
    const w = VENUE_WORLD;
    if (dtMs <= 0) return NO_JUMPS;
    let jumps: VenueJump[] | undefined;
    const from = this.#elapsedMs;
    this.#elapsedMs += dtMs;
    let x = this.#x;
    if (t.sigma > 0) x += t.sigma * Math.sqrt(dtMs / 1000) * this.#s.walk.normal();
    if (this.#drift !== 0) {
      const part = this.#drift * (1 - Math.exp(-dtMs / (w.newsDriftSec * 1000)));
      x += part;
      this.#drift -= part;
      if (Math.abs(this.#drift) < 1e-6) this.#drift = 0;
    }
    if (this.#burst > 0) {
      this.#burst *= Math.exp(-dtMs / (w.newsBurstSec * 1000));
      if (this.#burst < 1e-3) this.#burst = 0;
    }
    this.#x = this.#clamp(x);
    while (this.#nextNewsMs <= this.#elapsedMs) {
      const atMs = this.#nextNewsMs;
      const sign = this.#s.news.chance(0.5) ? 1 : -1;
      const size = sign * t.newsSize * (0.5 + this.#s.news.next());
      const before = this.p;
      this.#x = this.#clamp(this.#x + size);
      this.#drift += w.newsDrift * size;
      this.#burst += w.newsBurst;
      (jumps ??= []).push({ atMs: atMs - from, from: before, to: this.p });
      this.#nextNewsMs = this.#drawNews(atMs);
    }
    return jumps ?? NO_JUMPS;
  }

  /**
   * Moves log-odds `share` of the way to the bound of the winning outcome: a market drifting
   * toward its outcome as its end nears (src/sim/ends).
   */
  pullToward(winner: 0 | 1, share: number): void {
    if (!(share > 0)) return;
    const target = winner === 0 ? this.#hi : this.#lo;
    this.#x = this.#clamp(this.#x + (target - this.#x) * Math.min(1, share));
  }

  /**
   * The takers of a step of `dtMs`, handed one by one to `visit` (which trades each); an informed
   * taker's move of fair value is applied after `visit` returns, so the next taker sees it.
   * `tickMicro` is each token's current tick, `touchMicro` the tightest background maker's
   * distance from fair value (to know when the makers replenish), `heat` a factor on the arrival
   * rate (a market near its end: src/sim/ends/market-end.ts).
   */
  takers(dtMs: number, tickMicro: readonly [number, number], touchMicro: number, visit: (order: VenueTaker) => void, heat = 1): void {
    const t = this.traits;
    const rng = this.#s.takers;
    const mean = (t.A * (1 + this.#burst) * heat * dtMs) / 1000;
    if (!(mean > 0)) return;
    for (let stream = 0; stream < 4; stream++) {
      const tokenIndex: 0 | 1 = stream < 2 ? 0 : 1;
      const buy = stream % 2 === 0;
      const n = rng.poisson(mean);
      for (let a = 0; a < n; a++) {
        const informedDraw = rng.next();
        const reach = rng.exponential(t.k);
        const sizeDraw = rng.normal();
        const atMs = rng.next() * dtMs;
        const tick = tickMicro[tokenIndex];
        const fair = this.fairMicro(tokenIndex);
        const informed = informedDraw < t.informedShare;
        const move = Math.round(t.informedMove * MICRO);
        const reachMicro = informed ? Math.max(0, move - tick) : Math.min(2 * MICRO, Math.round(reach * MICRO));
        const raw = buy ? floorTo(fair + reachMicro, tick) : ceilTo(fair - reachMicro, tick);
        const limitMicro = Math.min(MICRO - tick, Math.max(tick, raw));
        const usdc = t.takerUsdc * Math.exp(t.takerUsdcSigma * sizeDraw) * (informed ? t.informedSizeFactor : 1);
        const shares = Math.max(this.#minShares, Math.min(1_000_000, Math.round(usdc / Math.max(fair / MICRO, 0.01))));
        if (reachMicro >= touchMicro) this.touched = true;
        visit({ tokenIndex, side: buy ? 'BUY' : 'SELL', limitMicro, shares, informed, atMs });
        if (informed) this.#inform(tokenIndex, buy, move);
      }
    }
  }

  /** Fair value of `tokenIndex` moves by `move` micro-units in the direction of the informed order. */
  #inform(tokenIndex: 0 | 1, buy: boolean, move: number): void {
    const up0 = (tokenIndex === 0) === buy;
    const p = this.p + ((up0 ? 1 : -1) * move) / MICRO;
    this.#x = this.#clamp(logit(Math.min(1 - 1e-9, Math.max(1e-9, p))));
  }
}
