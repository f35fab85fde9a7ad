/**
 * One price level set in a side of a book kept best first: the change a stream `price_change`
 * makes (the book store's and the replay's), as a new array, without re-sorting the side.
 */
import { compareDecimals, type Decimal, ZERO } from '../money.js';

export interface PriceSize {
  readonly price: Decimal;
  readonly size: Decimal;
}

/** `levels` (best first) with the level at `level.price` set to `level.size` (0 or less: removed). */
export function withLevel<L extends PriceSize>(levels: readonly L[], level: L, descending: boolean): L[] {
  const keep = level.size.gt(ZERO);
  const out: L[] = [];
  let placed = false;
  for (const x of levels) {
    const c = compareDecimals(x.price, level.price);
    if (c === 0) {
      if (keep) out.push(level);
      placed = true;
      continue;
    }
    if (!placed && (descending ? c < 0 : c > 0)) {
      if (keep) out.push(level);
      placed = true;
    }
    out.push(x);
  }
  if (!placed && keep) out.push(level);
  return out;
}
