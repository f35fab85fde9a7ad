/**
 * Settled shares the venue still holds (settlement.ts): a resolved market's shares, the winner's
 * and the loser's, stay on the venue's books, and their payout redeemable, until a redemption
 * record says they are gone. The portfolio (portfolio.ts) keeps one of these. Each redemption id
 * applies once; a settlement whose redemption came first (a journal replayed out of order) never
 * waits. Pure and synchronous.
 */
import { type Decimal, ZERO } from '../money.js';
import type { Redemption } from './settlement.js';

/** Shares of a resolved market settled and not yet redeemed (settlement.ts). */
export interface RedeemableMarket {
  readonly conditionId: string;
  /** Signed shares of outcome 0 and 1 settled and not redeemed (the loser's too: the venue still holds them). */
  readonly shares: readonly [Decimal, Decimal];
  /** What redeeming them pays (USDC; 1 a winning share). */
  readonly payout: Decimal;
  /** When the oldest of them was settled (clock ms). */
  readonly sinceMs: number;
}

/** The shares of one settlement waiting on the venue. */
export interface UnredeemedEntry {
  readonly conditionId: string;
  readonly outcomeIndex: 0 | 1;
  readonly size: Decimal;
  readonly payout: Decimal;
  readonly sinceMs: number;
}

export class RedeemableShares {
  /** Redemption ids applied: none counts twice. */
  readonly #redeemed = new Set<string>();
  /** Settled shares the venue still holds, by settlement id, until redeemed. */
  readonly #unredeemed = new Map<string, UnredeemedEntry>();

  /** The shares of settlement `settlementId` wait on the venue, unless they were redeemed already. */
  add(settlementId: string, entry: UnredeemedEntry): void {
    if (!this.#redeemed.has(`redeem:${settlementId}`)) this.#unredeemed.set(settlementId, entry);
  }

  /** The shares of a settlement were redeemed: no longer redeemable. Once per id; true when it changed anything. */
  redeem(r: Redemption): boolean {
    if (this.#redeemed.has(r.id)) return false;
    this.#redeemed.add(r.id);
    return this.#unredeemed.delete(r.settlementId);
  }

  /** Settlements whose shares the venue still holds (a payout or not), with their token, oldest first. */
  unredeemed(): readonly { readonly settlementId: string; readonly tokenId: string; readonly conditionId: string }[] {
    return [...this.#unredeemed].map(([settlementId, e]) => ({
      settlementId,
      tokenId: `${e.conditionId}:${e.outcomeIndex}`,
      conditionId: e.conditionId,
    }));
  }

  /** `open` (the open position of `tokenId`) plus its settled shares not yet redeemed. */
  heldOnVenue(tokenId: string, open: Decimal): Decimal {
    let held = open;
    for (const e of this.#unredeemed.values()) if (`${e.conditionId}:${e.outcomeIndex}` === tokenId) held = held.add(e.size);
    return held;
  }

  /**
   * Settled shares waiting to be redeemed, per market whose payout is not 0 (a market where only
   * the loser was held has nothing to redeem), oldest first.
   */
  redeemable(): readonly RedeemableMarket[] {
    const byMarket = new Map<string, { shares: [Decimal, Decimal]; payout: Decimal; sinceMs: number }>();
    for (const e of this.#unredeemed.values()) {
      let m = byMarket.get(e.conditionId);
      if (m === undefined) byMarket.set(e.conditionId, (m = { shares: [ZERO, ZERO], payout: ZERO, sinceMs: e.sinceMs }));
      m.shares[e.outcomeIndex] = m.shares[e.outcomeIndex].add(e.size);
      m.payout = m.payout.add(e.payout);
      m.sinceMs = Math.min(m.sinceMs, e.sinceMs);
    }
    return [...byMarket]
      .filter(([, m]) => !m.payout.isZero())
      .map(([conditionId, m]) => ({ conditionId, ...m }))
      .sort((a, b) => a.sinceMs - b.sinceMs || (a.conditionId < b.conditionId ? -1 : 1));
  }
}
