/**
 * One side's counts over a sliding window, by distance from the midpoint: the seconds the best
 * price of a book side rested in each distance bucket (its exposure, with the exposure-weighted
 * distance, so that a bucket is read at the mean distance it held) and the takers that traded
 * there. Kept in `slots` slots of `slotMs` each, in a ring: the window is the current slot and the
 * ones before it, a slot older than that is cleared when its place is next written. Model numbers.
 */
import type { DistanceCount } from './intensity-fit.js';

/** Values per bucket in a slot: exposure seconds, exposure x distance, trades. */
const STRIDE = 3;

export class DistanceWindow {
  readonly #buckets: number;
  readonly #width: number;
  readonly #slotMs: number;
  readonly #values: Float64Array[];
  /** The slot number (floor(ms / slotMs)) each place of the ring holds; -1: none yet. */
  readonly #ids: number[];

  /** `buckets` buckets of `width` (price units) each, `slots` slots of `slotMs`. */
  constructor(buckets: number, width: number, slotMs: number, slots: number) {
    this.#buckets = buckets;
    this.#width = width;
    this.#slotMs = slotMs;
    this.#values = Array.from({ length: slots }, () => new Float64Array(buckets * STRIDE));
    this.#ids = Array.from({ length: slots }, () => -1);
  }

  /** The values of the slot of `nowMs`, cleared if its place held an older slot. */
  #slot(nowMs: number): Float64Array {
    const id = Math.floor(nowMs / this.#slotMs);
    const at = ((id % this.#ids.length) + this.#ids.length) % this.#ids.length;
    const values = this.#values[at]!;
    if (this.#ids[at] !== id) {
      values.fill(0);
      this.#ids[at] = id;
    }
    return values;
  }

  addExposure(nowMs: number, bucket: number, seconds: number, distance: number): void {
    const v = this.#slot(nowMs);
    const at = bucket * STRIDE;
    v[at] = v[at]! + seconds;
    v[at + 1] = v[at + 1]! + seconds * distance;
  }

  addTrade(nowMs: number, bucket: number): void {
    const v = this.#slot(nowMs);
    const at = bucket * STRIDE + 2;
    v[at] = v[at]! + 1;
  }

  /** The buckets of the window ending at `nowMs` that hold anything, nearest first (`into`: added to). */
  counts(nowMs: number, into?: DistanceCount[]): DistanceCount[] {
    const id = Math.floor(nowMs / this.#slotMs);
    const oldest = id - this.#ids.length + 1;
    const exposure = new Float64Array(this.#buckets);
    const weighted = new Float64Array(this.#buckets);
    const trades = new Float64Array(this.#buckets);
    for (let s = 0; s < this.#ids.length; s++) {
      const sid = this.#ids[s]!;
      if (sid < oldest || sid > id) continue;
      const v = this.#values[s]!;
      for (let b = 0; b < this.#buckets; b++) {
        exposure[b] = exposure[b]! + v[b * STRIDE]!;
        weighted[b] = weighted[b]! + v[b * STRIDE + 1]!;
        trades[b] = trades[b]! + v[b * STRIDE + 2]!;
      }
    }
    const out = into ?? [];
    for (let b = 0; b < this.#buckets; b++) {
      if (exposure[b]! === 0 && trades[b]! === 0) continue;
      // A bucket with trades but no exposure yet (traded before the next observation) sits at its start.
      const distance = exposure[b]! > 0 ? weighted[b]! / exposure[b]! : b * this.#width;
      out.push({ distance, trades: trades[b]!, exposureS: exposure[b]! });
    }
    return out;
  }
}
