/**
 * A market's current tick size on the exchange. Each book holds its market's tick (tick-rule.ts).
 * After every change of a book (placement, cancel, expiry) the automatic rule is checked for that
 * token in O(1); when due, both tokens of the market move to the finer tick. `setTickSize` of the
 * exchange changes a market's tick in either direction. Orders already resting stay on the book
 * even when a coarser tick leaves them off its grid (they keep matching at their price); new
 * orders must lie on the current grid.
 */
import { badParameter } from '../../errors.js';
import { toPlainString, type Decimal } from '../../money.js';
import type { SimToken, TickSizeChange } from '../contracts.js';
import type { ExchangeCore } from './exchange-core.js';
import { AUTO_TO_TICK, finerTickDue } from './tick-rule.js';
import { tickUnitsOf } from './units.js';
import type { TokenBook } from './token-book.js';

/** Sets the tick of the token's market (both tokens, outcome 0 first); events for those that changed. */
export function applyTick(core: ExchangeCore, token: SimToken, tick: Decimal): TickSizeChange {
  const tokenIds = token.outcomeIndex === 0 ? [token.tokenId, token.oppositeTokenId] : [token.oppositeTokenId, token.tokenId];
  const oldTickSize = core.book(token.tokenId)!.tickSize;
  const newText = toPlainString(tick);
  for (const id of tokenIds) {
    const book = core.book(id);
    if (book === undefined || book.tickSize.eq(tick)) continue;
    const before = book.tickSize;
    book.setTick(tick);
    if (core.events.listening)
      core.events.tickChanged({ type: 'tick_size_change', tokenId: id, oldTickSize: toPlainString(before), newTickSize: newText });
  }
  return { market: token.conditionId, tokenIds, oldTickSize, tickSize: tick };
}

/** The automatic rule, checked after a change of `book` (unless the exchange was made without it). */
export function applyAutoTick(core: ExchangeCore, book: TokenBook): void {
  if (core.autoTick && finerTickDue(book)) applyTick(core, book.token, AUTO_TO_TICK);
}

/** Refuses a tick the exchange cannot hold, with BAD_PARAMETER. */
export function checkTickSize(tickSize: Decimal): void {
  if (tickUnitsOf(tickSize) === undefined) {
    throw badParameter('setTickSize', 'tickSize', 'must lie strictly between 0 and 1 on the 0.000001 grid', tickSize.toFixed());
  }
}
