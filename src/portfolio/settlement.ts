/**
 * A resolved market's positions settled into the books. Every market of the venue ends and
 * resolves: a share of the winning outcome pays 1 USDC, of the other 0. What the account holds
 * then is closed at that price, as a fill with no fee would close it (token-position.ts `settle`):
 *
 *   payout = size x price                 (what a redeem pays; negative for a short: its obligation)
 *   pnl    = payout - cost basis          (long)
 *          = cost basis + payout          (short: the basis is what the sales brought)
 *
 * and the pnl goes into realized PnL (the settlement part of it, `settlementPnl`). The shares stay
 * on the venue's books, redeemable, until the operator redeems them (a `Redemption` record then
 * says so); the portfolio counts their payout as redeemable until then.
 *
 * Both are journal records (settlement-record.ts), keyed so that none counts twice:
 * - a settlement's id is `settle:<token id>:<fills>`, the token's fill count when it was settled:
 *   the same position settled again (a record replayed twice, a restart that settles a position
 *   whose record was written) has the same id and is dropped; a position a late fill opened after
 *   a settlement is another position, with another id;
 * - a redemption's id is `redeem:<settlement id>`.
 * Pure: values in, values out.
 */
import { type Decimal, ONE, ZERO } from '../money.js';
import type { OutcomeIndex } from './fill.js';

export interface Settlement {
  readonly kind: 'settlement';
  /** `settle:<tokenId>:<fills>` (see the header). */
  readonly id: string;
  readonly conditionId: string;
  readonly tokenId: string;
  readonly outcomeIndex: OutcomeIndex;
  /** 1 for the winning outcome, 0 for the other. */
  readonly price: Decimal;
  /** Signed shares settled. */
  readonly size: Decimal;
  /** Cost basis of the position settled (>= 0). */
  readonly cost: Decimal;
  /** size x price: what redeeming these shares pays (USDC). */
  readonly payout: Decimal;
  /** Its change of realized PnL (see the header). */
  readonly pnl: Decimal;
  /** When makerd settled it (clock ms): the trading day it counts in, and "redeemable since". */
  readonly atMs: number;
}

export interface Redemption {
  readonly kind: 'redemption';
  /** `redeem:<settlementId>` */
  readonly id: string;
  readonly settlementId: string;
  readonly conditionId: string;
  readonly tokenId: string;
  /** When makerd saw it redeemed (clock ms): the venue's positions no longer showed the shares. */
  readonly atMs: number;
}

/** What settling needs of a token's position (token-position.ts). */
export interface SettledPosition {
  readonly tokenId: string;
  readonly conditionId: string;
  readonly outcomeIndex: OutcomeIndex;
  readonly size: Decimal;
  readonly cost: Decimal;
  readonly fills: number;
}

export function settlementId(tokenId: string, fills: number): string {
  return `settle:${tokenId}:${fills}`;
}

/** The settlement price of outcome `outcomeIndex` when `winner` won. */
export function settlementPrice(outcomeIndex: OutcomeIndex, winner: OutcomeIndex): Decimal {
  return outcomeIndex === winner ? ONE : ZERO;
}

/** The gain of settling `size` shares of cost basis `cost` at `price` (see the header). */
export function settlementPnl(size: Decimal, cost: Decimal, price: Decimal): Decimal {
  const payout = size.mul(price);
  return size.isNegative() ? cost.add(payout) : payout.sub(cost);
}

/** The settlement of a position when `winner` won; undefined when nothing is held. */
export function settle(position: SettledPosition, winner: OutcomeIndex, atMs: number): Settlement | undefined {
  if (position.size.isZero()) return undefined;
  const price = settlementPrice(position.outcomeIndex, winner);
  // A short of the loser pays nothing: 0, not -0.
  const payout = price.isZero() ? ZERO : position.size.mul(price);
  return {
    kind: 'settlement',
    id: settlementId(position.tokenId, position.fills),
    conditionId: position.conditionId,
    tokenId: position.tokenId,
    outcomeIndex: position.outcomeIndex,
    price,
    size: position.size,
    cost: position.cost,
    payout,
    pnl: settlementPnl(position.size, position.cost, price),
    atMs,
  };
}

export function redemptionOf(s: Pick<Settlement, 'id' | 'conditionId' | 'tokenId'>, atMs: number): Redemption {
  return { kind: 'redemption', id: `redeem:${s.id}`, settlementId: s.id, conditionId: s.conditionId, tokenId: s.tokenId, atMs };
}
