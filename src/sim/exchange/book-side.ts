/**
 * One side of a token's book: price levels kept sorted so that the BEST level is the LAST element
 * (bids ascending, asks descending). Taking or dropping the best level is then an O(1) pop, and
 * finding or inserting a level is a binary search (plus a short splice; a book has few levels).
 */
import { PriceLevel } from './price-level.js';
import type { SimOrder } from './sim-order.js';

export class BookSide {
  readonly levels: PriceLevel<SimOrder>[] = [];

  /** `isBid`: true for the buy side (higher price is better). */
  constructor(readonly isBid: boolean) {}

  best(): PriceLevel<SimOrder> | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** Index of the level at `price`, or -(insertion point) - 1 when absent. */
  #search(price: number): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length - 1;
    // Bids: ascending. Asks: descending. Compare in "worse-first" order either way.
    const sign = this.isBid ? 1 : -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const d = (levels[mid]!.price - price) * sign;
      if (d === 0) return mid;
      if (d < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -lo - 1;
  }

  find(price: number): PriceLevel<SimOrder> | undefined {
    const i = this.#search(price);
    return i >= 0 ? this.levels[i] : undefined;
  }

  /** The level at `price`, created when absent. */
  getOrCreate(price: number): PriceLevel<SimOrder> {
    // Fast path: new orders usually join at or near the top of the book.
    const top = this.best();
    if (top === undefined || (this.isBid ? price > top.price : price < top.price)) {
      const level = new PriceLevel<SimOrder>(price);
      this.levels.push(level);
      return level;
    }
    if (top.price === price) return top;
    const i = this.#search(price);
    if (i >= 0) return this.levels[i]!;
    const level = new PriceLevel<SimOrder>(price);
    this.levels.splice(-i - 1, 0, level);
    return level;
  }

  /** Drops an empty level. */
  drop(level: PriceLevel<SimOrder>): void {
    if (this.best() === level) {
      this.levels.pop();
      return;
    }
    const i = this.#search(level.price);
    if (i >= 0) this.levels.splice(i, 1);
  }

  /** Levels best first, as price units and size units in pairs (one array, not one per level). */
  bestFirst(): number[] {
    const out: number[] = [];
    for (let i = this.levels.length - 1; i >= 0; i--) {
      const l = this.levels[i]!;
      out.push(l.price, l.total);
    }
    return out;
  }
}
