/**
 * Seconds each market was quoted on both sides (a bid and an ask of outcome 0 both resting):
 * what liquidity-reward programs pay for. Time accrues between observations while the previous
 * observation was two-sided, so observing on every order change and every tick is exact enough.
 */
import { outcomeIndexOf } from '../market/token-id.js';

export class TwoSidedTimer {
  readonly #since = new Map<string, number>();
  readonly #seconds = new Map<string, number>();

  observe(market: string, twoSided: boolean, nowMs: number): void {
    const since = this.#since.get(market);
    if (since !== undefined) {
      this.#seconds.set(market, (this.#seconds.get(market) ?? 0) + Math.max(0, nowMs - since) / 1000);
    }
    if (twoSided) this.#since.set(market, nowMs);
    else this.#since.delete(market);
  }

  /** Cumulative seconds by market (observing first brings the open stretch up to date). */
  seconds(): ReadonlyMap<string, number> {
    return this.#seconds;
  }

  isTwoSided(market: string): boolean {
    return this.#since.has(market);
  }
}

/** Whether an order bids (BUY outcome 0, SELL outcome 1) or asks for outcome 0. */
export function quoteSideOf(tokenId: string, side: 'BUY' | 'SELL'): 'bid' | 'ask' {
  return (outcomeIndexOf(tokenId) === 0) === (side === 'BUY') ? 'bid' : 'ask';
}

/** Whether `orders` (one market's live orders) hold both a bid and an ask of outcome 0. */
export function twoSidedOf(orders: readonly { readonly tokenId: string; readonly side: 'BUY' | 'SELL' }[]): boolean {
  let bid = false;
  let ask = false;
  for (const o of orders) {
    if (quoteSideOf(o.tokenId, o.side) === 'bid') bid = true;
    else ask = true;
  }
  return bid && ask;
}
