/**
 * Each market's price path for `GET /prices-history`: outcome 0's price in micro-units (token 1's
 * is 1 minus it), first the seeded past (a regular path before the simulator started), then the
 * live samples taken once a minute on the clock. The samples of every market share one time
 * axis; all of it is typed arrays, 4 bytes a point and market.
 *
 * A market's points are its seeded path, then the live samples after the seeded path's last
 * point (a sample at or before it is not shown: the seeded path stands for that time).
 *
 * Resampling at a fidelity of F seconds: from the span's start (its first point when it has
 * none), every F seconds, the first point at or after that step and not past the span's end; a
 * point that is the first after several steps (a gap) is given once.
 */
import { badParameter } from '../../errors.js';
import type { HistoryMarket, HistoryMarkets } from './history-markets.js';

const WHERE = 'sim history: seedPrices';
const MICRO = 1_000_000;

/** One point of `GET /prices-history`: Unix seconds and the token's price. */
export interface PricePoint {
  readonly t: number;
  readonly p: number;
}

/** Which points, at which fidelity: [startSec, endSec] (both included). */
export interface HistorySpan {
  /** Undefined: from the first point. */
  readonly startSec?: number;
  readonly endSec: number;
  readonly fidelitySec: number;
}

interface SeededPath {
  readonly startSec: number;
  readonly stepSec: number;
  readonly micro: Int32Array;
}

export class PricePaths {
  readonly #markets: HistoryMarkets;
  readonly #seeded: (SeededPath | undefined)[];
  /** The live samples' times (Unix seconds, ascending) and, per market, its values at them. */
  #times = new Float64Array(0);
  #values: Int32Array[];
  #samples = 0;

  constructor(markets: HistoryMarkets) {
    this.#markets = markets;
    this.#seeded = markets.list.map(() => undefined);
    this.#values = markets.list.map(() => new Int32Array(0));
  }

  /** Live samples taken. */
  get samples(): number {
    return this.#samples;
  }

  /** A market's past path of outcome 0: point i at startSec + i × stepSec; once per market. */
  seed(conditionId: string, startSec: number, stepSec: number, micro0: Int32Array): void {
    const market = this.#markets.byConditionId(conditionId);
    if (market === undefined) throw badParameter(WHERE, 'conditionId', 'names an unknown market', conditionId);
    if (this.#seeded[market.index] !== undefined)
      throw badParameter(WHERE, 'conditionId', 'was already seeded (once per market)', conditionId);
    if (!Number.isSafeInteger(startSec) || startSec < 0) throw badParameter(WHERE, 'startSec', 'must be Unix seconds', startSec);
    if (!Number.isSafeInteger(stepSec) || stepSec < 1) throw badParameter(WHERE, 'stepSec', 'must be a positive integer', stepSec);
    if (!(micro0 instanceof Int32Array)) throw badParameter(WHERE, 'micro0', 'must be an Int32Array');
    for (let i = 0; i < micro0.length; i++) {
      const v = micro0[i]!;
      if (v < 1 || v >= MICRO) throw badParameter(WHERE, `micro0[${i}]`, 'must be a price in micro-units, 1..999999', v);
    }
    this.#seeded[market.index] = { startSec, stepSec, micro: micro0.slice() };
  }

  /**
   * Appends a live sample of every market at `tSec` (after the last one, else nothing):
   * `micro0Of` gives outcome 0's price, or undefined (a side of the book is empty) for the
   * market's last point again (its initial fair value when it has none).
   */
  sample(tSec: number, micro0Of: (market: HistoryMarket) => number | undefined): void {
    const n = this.#samples;
    if (n > 0 && tSec <= this.#times[n - 1]!) return;
    if (n === this.#times.length) this.#grow(Math.max(64, n * 2));
    this.#times[n] = tSec;
    for (const m of this.#markets.list) {
      const v = micro0Of(m);
      this.#values[m.index]![n] = v !== undefined && v >= 1 && v < MICRO ? v : this.#lastPoint(m, n);
    }
    this.#samples = n + 1;
  }

  /** The points of a token over `span`, oldest first; undefined for a token the catalog does not have. */
  points(tokenId: string, span: HistorySpan): PricePoint[] | undefined {
    const at = this.#markets.byToken(tokenId);
    if (at === undefined) return undefined;
    const seeded = this.#seeded[at.market.index];
    const values = this.#values[at.market.index]!;
    const times = this.#times;
    const seededCount = seeded?.micro.length ?? 0;
    const seededEnd = seeded === undefined || seededCount === 0 ? -Infinity : seeded.startSec + (seededCount - 1) * seeded.stepSec;
    const liveFrom = firstIndex(0, this.#samples, (j) => times[j]! > seededEnd);
    const count = seededCount + this.#samples - liveFrom;
    const timeAt = (k: number): number => (k < seededCount ? seeded!.startSec + k * seeded!.stepSec : times[liveFrom + k - seededCount]!);
    const microAt = (k: number): number => (k < seededCount ? seeded!.micro[k]! : values[liveFrom + k - seededCount]!);

    const out: PricePoint[] = [];
    if (count === 0) return out;
    const origin = span.startSec ?? timeAt(0);
    const step = span.fidelitySec;
    let k = firstIndex(0, count, (i) => timeAt(i) >= origin);
    while (k < count) {
      const t = timeAt(k);
      if (t > span.endSec) break;
      const micro = at.outcome === 0 ? microAt(k) : MICRO - microAt(k);
      out.push({ t, p: micro / MICRO });
      const nextStep = origin + (Math.floor((t - origin) / step) + 1) * step;
      k = firstIndex(k + 1, count, (i) => timeAt(i) >= nextStep);
    }
    return out;
  }

  /** The market's point before live sample `n`: its last sample, else its seeded path's end, else its initial fair value. */
  #lastPoint(m: HistoryMarket, n: number): number {
    if (n > 0) return this.#values[m.index]![n - 1]!;
    const seeded = this.#seeded[m.index];
    if (seeded !== undefined && seeded.micro.length > 0) return seeded.micro[seeded.micro.length - 1]!;
    return Math.min(MICRO - 1, Math.max(1, m.tokens[0].initialFair.mul(MICRO).round().toNumber()));
  }

  #grow(capacity: number): void {
    const times = new Float64Array(capacity);
    times.set(this.#times.subarray(0, this.#samples));
    this.#times = times;
    this.#values = this.#values.map((v) => {
      const grown = new Int32Array(capacity);
      grown.set(v.subarray(0, this.#samples));
      return grown;
    });
  }
}

/** The first index in [lo, hi) where `atOrPast` holds (it holds from some index on), or hi. */
function firstIndex(lo: number, hi: number, atOrPast: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (atOrPast(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
