/**
 * The end of a market, as the venue does it (src/sim/ends decides when):
 * - close: both tokens' books stop taking orders (order-checks.ts refuses new ones) and the venue
 *   cancels every order resting on them, whoever's: a CANCELLATION order event to each owner, and
 *   one `book` event per token showing the emptied book;
 * - resolve: a share of the winning token pays 1, of the other 0: positions show that price and
 *   are redeemable, and each token's market channel gets a `market_resolved` event;
 * - redeem: an account's positions in a resolved market are paid out at that price (signed: a
 *   short pays its obligation) and leave GET /positions; redeeming again pays nothing.
 */
import type { Decimal } from '../../money.js';
import { cancelResting } from './cancellation.js';
import type { ExchangeCore } from './exchange-core.js';
import type { SimOrder } from './sim-order.js';

/** An order the venue cancelled when its market closed. */
export interface ClosedOrder {
  readonly orderId: string;
  readonly address: string;
  readonly operator: boolean;
}

/** One token's part of a redemption: the shares held (signed) and what they paid. */
export interface Redemption {
  readonly tokenId: string;
  readonly size: Decimal;
  readonly payout: Decimal;
}

/** Closes the market of `tokenIds` (its two tokens); the orders it cancelled, bids before asks. */
export function closeMarket(core: ExchangeCore, tokenIds: readonly string[]): ClosedOrder[] {
  const out: ClosedOrder[] = [];
  for (const tokenId of tokenIds) {
    const book = core.book(tokenId);
    if (book === undefined || book.closed) continue;
    for (const side of [book.bids, book.asks]) {
      const resting: SimOrder[] = [];
      for (const level of side.levels) for (let o = level.head; o !== undefined; o = o.next) resting.push(o);
      for (const o of resting) {
        cancelResting(core, o);
        out.push({ orderId: o.id, address: o.account.address, operator: o.account.operator });
      }
    }
    book.closed = true;
    // One `book` event (the empty book) rather than a price_change per level.
    if (core.events.listening) core.events.traded(book);
  }
  return out;
}

/** Settles the market of `tokenIds` (outcome 0 first) with `winner` paying 1 a share. */
export function resolveMarket(core: ExchangeCore, tokenIds: readonly [string, string], winner: 0 | 1): void {
  core.settlement.set(tokenIds[0], winner === 0 ? 1 : 0);
  core.settlement.set(tokenIds[1], winner === 1 ? 1 : 0);
  if (!core.events.listening) return;
  const winningTokenId = tokenIds[winner];
  const winningOutcome = core.book(winningTokenId)?.token.outcome ?? '';
  for (const tokenId of tokenIds) core.events.push({ type: 'market_resolved', tokenId, winningTokenId, winningOutcome });
}

/**
 * Pays out `address`'s positions in the resolved market of `tokenIds`: one entry per token it
 * held and had not redeemed. Undefined when the market has not resolved.
 */
export function redeemPositions(core: ExchangeCore, address: string, tokenIds: readonly string[]): Redemption[] | undefined {
  if (!tokenIds.every((t) => core.settlement.has(t))) return undefined;
  const state = core.stateOf(address);
  const out: Redemption[] = [];
  for (const tokenId of tokenIds) {
    const ledger = state?.positions.get(tokenId);
    if (ledger === undefined || ledger.redeemed) continue;
    const size = ledger.size;
    ledger.redeemed = true;
    out.push({ tokenId, size, payout: size.mul(core.settlement.get(tokenId)!) });
  }
  return out;
}
