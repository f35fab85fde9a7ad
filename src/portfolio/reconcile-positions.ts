/**
 * The start-up check of the books: the journal's positions (every fill since the first run)
 * against the venue's (GET /positions), token by token, for the markets this daemon quotes.
 * Pure: a list of mismatches with both figures. What to do about them is the caller's (log,
 * count, put the market in REDUCING until an operator accepts them).
 */
import type { Decimal } from '../money.js';
import { ZERO } from '../money.js';

export interface PositionMismatch {
  readonly market: string;
  readonly tokenId: string;
  /** What the journal says (shares). */
  readonly journal: Decimal;
  /** What the venue says (shares). */
  readonly venue: Decimal;
}

export function reconcilePositions(
  markets: readonly { readonly conditionId: string; readonly tokens: readonly [string, string] }[],
  journal: (tokenId: string) => Decimal,
  venue: ReadonlyMap<string, Decimal>,
): PositionMismatch[] {
  const out: PositionMismatch[] = [];
  for (const m of markets) {
    for (const t of m.tokens) {
      const j = journal(t);
      const v = venue.get(t) ?? ZERO;
      if (!j.eq(v)) out.push({ market: m.conditionId, tokenId: t, journal: j, venue: v });
    }
  }
  return out;
}
