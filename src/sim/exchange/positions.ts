/**
 * A wallet's positions as GET /positions reports them: those with a non-zero size or realized
 * PnL, in order of first fill. curPrice is the token's midpoint, else its last trade price, else
 * the position's avgPrice. mergeable is true when the wallet holds (size > 0) both outcomes of the
 * market. Once the market resolved (market-close.ts) curPrice is the settlement price, 1 or 0, and
 * the position is redeemable until it is redeemed, when it leaves the list. The arithmetic per
 * token lives in position-ledger.ts.
 */
import { Decimal } from '../../money.js';
import type { Position } from '../../venue/types.js';
import type { ExchangeCore } from './exchange-core.js';
import { priceDecimal } from './units.js';

export function positions(core: ExchangeCore, address: string): Position[] {
  const state = core.stateOf(address);
  if (state === undefined) return [];
  const out: Position[] = [];
  for (const ledger of state.positions.values()) {
    if (ledger.redeemed || !ledger.isReportable()) continue;
    const opposite = state.positions.get(ledger.token.oppositeTokenId);
    const mergeable = ledger.size.gt(0) && opposite?.size.gt(0) === true;
    const settled = core.settlement.get(ledger.token.tokenId);
    const price = settled === undefined ? currentPrice(core, ledger.token.tokenId) : new Decimal(settled);
    out.push(ledger.toPosition(state.account.address, price, mergeable, settled !== undefined));
  }
  return out;
}

/** The token's midpoint, else its last trade price; undefined when it has neither. */
function currentPrice(core: ExchangeCore, tokenId: string): Decimal | undefined {
  const book = core.existingBook(tokenId);
  if (book === undefined) return undefined;
  const mid = book.midpoint();
  if (mid !== undefined) return new Decimal(mid);
  return book.lastTrade > 0 ? priceDecimal(book.lastTrade) : undefined;
}
