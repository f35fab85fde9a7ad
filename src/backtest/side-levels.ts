/**
 * One book side's levels (UnitsBookView), remembered from one read of the engine's integer levels
 * to the next: a side with the same levels as last time (a change of a book mostly touches one
 * side) keeps its array, and an unchanged level at the same depth keeps its object, so no
 * Decimal is looked up for it. Levels are immutable: views may share them.
 */
import type { BookLevel } from '../market/book-view.js';
import type { Decimal } from '../money.js';
import type { BookLevels } from '../sim/exchange/index.js';

/** Decimals by integer units (prices or sizes). */
export interface UnitsToDecimal {
  get(units: number): Decimal;
}

export class SideLevels {
  /** Price and size units of the non-empty levels last read, in pairs, best first. */
  readonly #units: number[] = [];
  #levels: readonly BookLevel[] = [];

  constructor(
    private readonly prices: UnitsToDecimal,
    private readonly sizes: UnitsToDecimal,
  ) {}

  /** The non-empty levels of `raw` (price and size units in pairs, best first) as BookLevels. */
  read(raw: BookLevels['bids']): readonly BookLevel[] {
    if (this.#same(raw)) return this.#levels;
    // The units are rewritten in place (each pair is compared before it is overwritten); the
    // levels array is new, as views made before hold the old one.
    const units = this.#units;
    const before = this.#levels;
    const levels: BookLevel[] = [];
    for (let i = 0; i < raw.length; i += 2) {
      const p = raw[i]!;
      const s = raw[i + 1]!;
      if (s === 0) continue;
      const k = 2 * levels.length;
      const kept = k < units.length && units[k] === p && units[k + 1] === s;
      levels.push(kept ? before[k / 2]! : { price: this.prices.get(p), size: this.sizes.get(s) });
      units[k] = p;
      units[k + 1] = s;
    }
    units.length = 2 * levels.length;
    this.#levels = levels;
    return levels;
  }

  #same(raw: BookLevels['bids']): boolean {
    const units = this.#units;
    let k = 0;
    for (let i = 0; i < raw.length; i += 2) {
      const p = raw[i]!;
      const s = raw[i + 1]!;
      if (s === 0) continue;
      if (units[k] !== p || units[k + 1] !== s) return false;
      k += 2;
    }
    return k === units.length;
  }
}
