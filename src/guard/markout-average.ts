/**
 * Fill toxicity: an online mark-out of the account's own fills on one side of one market. A fill
 * is marked `horizonMs` after it happened against the fair value seen then (bid: fair - price,
 * ask: price - fair; positive = the fill earned, negative = adverse), and folded into an average
 * weighted by fill (a mark-out weighs half after `halfLifeFills` further ones). Between fills the
 * average relaxes toward 0 with a half-life of time, so a side that was widened (and so fills
 * rarely) recovers. Model state, so plain numbers: it decides ticks of widening, never money.
 */

export interface PendingMark {
  readonly price: number;
  readonly atMs: number;
}

export class MarkoutAverage {
  readonly #horizonMs: number;
  readonly #alpha: number;
  readonly #decayMs: number;
  readonly #pending: PendingMark[] = [];
  #value: number | undefined;
  #atMs = 0;

  constructor(horizonS: number, halfLifeFills: number, decayS: number) {
    this.#horizonMs = horizonS * 1000;
    this.#alpha = 1 - 0.5 ** (1 / halfLifeFills);
    this.#decayMs = decayS * 1000;
  }

  /** A fill of ours on this side, at its outcome-0 price. */
  onFill(price: number, atMs: number): void {
    this.#pending.push({ price, atMs });
  }

  /** Marks every fill whose horizon has passed at `fair`; `bid` says which way is good. */
  observe(fair: number, nowMs: number, bid: boolean): void {
    this.#relax(nowMs);
    while (this.#pending.length > 0 && this.#pending[0]!.atMs + this.#horizonMs <= nowMs) {
      const p = this.#pending.shift()!;
      const mark = bid ? fair - p.price : p.price - fair;
      this.#value = this.#value === undefined ? mark : this.#value + this.#alpha * (mark - this.#value);
    }
  }

  /** The average mark-out per share, undefined before the first fill is marked. */
  value(nowMs: number): number | undefined {
    this.#relax(nowMs);
    return this.#value;
  }

  #relax(nowMs: number): void {
    if (this.#value !== undefined && nowMs > this.#atMs) this.#value *= 0.5 ** ((nowMs - this.#atMs) / this.#decayMs);
    this.#atMs = Math.max(this.#atMs, nowMs);
  }
}
