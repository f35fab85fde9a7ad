/**
 * How makerd learns which outcome of a market won, from what the venue says (venue-api.md 2.2,
 * 2.5): the market's listing (GET /markets/{id}) names the winning token (`tokens[].winner`), and
 * the account's positions in a resolved market are `redeemable`, priced at what a share pays
 * (`curPrice` 1 for the winner, 0 for the other). Pure: values in, the winning outcome's index
 * (or undefined, with why) out. A market whose answer is not clear-cut (no winner, two winners, a
 * redeemable position priced other than 0 or 1, positions that disagree) has not resolved as far
 * as makerd is concerned: nothing is settled on a guess.
 */
import { isMakerdError } from '../errors.js';
import type { Decimal } from '../money.js';
import type { Market } from '../venue/types.js';
import { tokensOf } from './market-metadata.js';

export type Winner = 0 | 1;

export type Resolution = { readonly winner: Winner } | { readonly unresolved: string };

/** The winner a market listing names: exactly one token with `winner: true`. */
export function resolutionOfListing(m: Market): Resolution {
  let tokens: [string, string];
  try {
    tokens = tokensOf(m);
  } catch (err) {
    return { unresolved: isMakerdError(err) ? err.message : String(err) };
  }
  const winners = m.tokens.filter((t) => t?.winner === true).map((t) => t.token_id);
  if (winners.length === 0) return { unresolved: 'no token is the winner yet' };
  if (winners.length > 1) return { unresolved: `${winners.length} tokens say they won` };
  return { winner: tokens[0] === winners[0] ? 0 : 1 };
}

/** One redeemable position of the account (GET /positions, `redeemable: true`). */
export interface RedeemableRow {
  readonly outcomeIndex: Winner;
  /** `curPrice`: what a share pays now that the market resolved. */
  readonly price: Decimal;
}

/** The winner the account's redeemable positions in one market imply. */
export function resolutionOfPositions(rows: readonly RedeemableRow[]): Resolution {
  let winner: Winner | undefined;
  for (const r of rows) {
    const w: Winner | undefined = r.price.eq(1) ? r.outcomeIndex : r.price.eq(0) ? (r.outcomeIndex === 0 ? 1 : 0) : undefined;
    if (w === undefined)
      return { unresolved: `a redeemable position of outcome ${r.outcomeIndex} is priced ${r.price.toFixed()}, not 0 or 1` };
    if (winner !== undefined && winner !== w) return { unresolved: 'its redeemable positions disagree on the winner' };
    winner = w;
  }
  return winner === undefined ? { unresolved: 'no redeemable position' } : { winner };
}
