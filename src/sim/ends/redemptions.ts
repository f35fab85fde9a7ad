/**
 * Redeeming a resolved market's positions: the simulator's stand-in for the venue's on-chain
 * redeem (`POST /_sim/redeem`). Each share of the winning token pays 1 USDC, of the losing one 0
 * (a short, the simulator's negative size, pays its obligation), credited to the account's cash
 * here, which `GET /_sim/balance` adds to the rewards credited. The exchange forgets the positions
 * it paid out, so a second redeem of the same market pays nothing.
 */
import { type Decimal, ZERO } from '../../money.js';
import type { Redemption } from '../exchange/market-close.js';
import type { MarketEnds } from './market-ends.js';

/** What the exchange does for a redeem (src/sim/exchange's MatchingExchange). */
export interface RedeemExchange {
  redeem(address: string, tokenIds: readonly string[]): Redemption[] | undefined;
}

export type RedeemOutcome =
  /** The market has not resolved yet; `resolveMs` when it will, if it is scheduled to. */
  | { readonly kind: 'unresolved'; readonly resolveMs: number | undefined }
  | {
      readonly kind: 'redeemed';
      readonly winner: 0 | 1;
      readonly parts: readonly Redemption[];
      /** USDC credited by this call (0 when it was redeemed before or nothing was held). */
      readonly credited: Decimal;
      /** The account's cash from redemptions after this call. */
      readonly cash: Decimal;
    };

export class Redemptions {
  readonly #exchange: RedeemExchange;
  readonly #ends: MarketEnds;
  readonly #cash = new Map<string, Decimal>();

  constructor(exchange: RedeemExchange, ends: MarketEnds) {
    this.#exchange = exchange;
    this.#ends = ends;
  }

  /** USDC credited to an account (any case) by its redemptions so far. */
  cash(address: string): Decimal {
    return this.#cash.get(address.toLowerCase()) ?? ZERO;
  }

  /** Redeems `address`'s positions in the market `conditionId` (a listed market). */
  redeem(address: string, conditionId: string): RedeemOutcome {
    const ended = this.#ends.endedMarket(conditionId);
    if (ended?.winner === undefined) {
      const group = this.#ends.groups.find((g) => g.markets.some((m) => m.conditionId === conditionId));
      return { kind: 'unresolved', resolveMs: group?.resolveMs };
    }
    const parts = this.#exchange.redeem(address, ended.market.tokenIds) ?? [];
    const credited = parts.reduce((sum, p) => sum.add(p.payout), ZERO);
    const key = address.toLowerCase();
    const cash = (this.#cash.get(key) ?? ZERO).add(credited);
    this.#cash.set(key, cash);
    return { kind: 'redeemed', winner: ended.winner, parts, credited, cash };
  }
}
