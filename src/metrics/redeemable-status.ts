/**
 * /status's `redeemable`: what resolved markets left to redeem (src/portfolio/settlement.ts), per
 * market: the shares settled and not redeemed (signed, outcome 0 and 1), the payout redeeming
 * them brings (USDC, at the micro-USDC), since when it waits, and the market's realized PnL (its
 * settlement included; a market that ended is usually no longer among /status's `markets`); and
 * the total.
 */
import { type Decimal, moneyText, ZERO } from '../money.js';
import type { RedeemableMarket } from '../portfolio/index.js';

export interface RedeemableMarketStatus {
  readonly market: string;
  readonly shares: { readonly '0': string; readonly '1': string };
  readonly payout: string;
  /** The market's realized PnL, its settlement included (null when the portfolio does not know it). */
  readonly realizedPnl: string | null;
  /** ISO time of the settlement (the oldest of the market's). */
  readonly since: string;
  readonly waitingSeconds: number;
}

export interface RedeemableStatus {
  /** Every market's payout together. */
  readonly usdc: string;
  readonly markets: readonly RedeemableMarketStatus[];
}

export function redeemableStatus(
  list: readonly RedeemableMarket[],
  nowMs: number,
  realizedOf: (conditionId: string) => Decimal | undefined = () => undefined,
): RedeemableStatus {
  return {
    usdc: moneyText(list.reduce((sum, m) => sum.add(m.payout), ZERO)),
    markets: list.map((m) => {
      const realized = realizedOf(m.conditionId);
      return {
        market: m.conditionId,
        shares: { '0': m.shares[0].toFixed(), '1': m.shares[1].toFixed() },
        payout: moneyText(m.payout),
        realizedPnl: realized === undefined ? null : moneyText(realized),
        since: new Date(m.sinceMs).toISOString(),
        waitingSeconds: Math.max(0, (nowMs - m.sinceMs) / 1000),
      };
    }),
  };
}
