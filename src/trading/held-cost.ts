/**
 * What the shares a market's view holds cost (MarketView.paid), for the risk gate's neg-risk event
 * worst case (src/risk/event-loss.ts): the portfolio's cost basis, folded from the account's fills
 * at average cost. The view's shares are the venue's (GET /positions) live, and may differ from the
 * portfolio's for a while: they are then valued at the portfolio's average cost. A holding the
 * portfolio has no same-signed position for (fills from before the journal) is not known, and the
 * gate counts it at the most it could have cost.
 */
import { Decimal, ZERO } from '../money.js';

/** The portfolio's side of it (src/portfolio/portfolio.ts). */
export interface CostBasisSource {
  /** Signed shares of a token. */
  position(tokenId: string): Decimal;
  /** Cost basis of the token's open position (>= 0). */
  costBasis(tokenId: string): Decimal;
}

/** Places an average that does not divide out is rounded to, up (toward the larger loss). */
const PAID_DP = 12;

/** USDC paid for `held` shares of a token (negative: received for a short), or undefined when not known. */
export function paidForHeld(portfolio: CostBasisSource): (tokenId: string, held: Decimal) => Decimal | undefined {
  return (tokenId, held) => {
    if (held.isZero()) return ZERO;
    const size = portfolio.position(tokenId);
    if (size.isZero() || size.isNegative() !== held.isNegative()) return undefined;
    const cost = portfolio.costBasis(tokenId);
    const signed = size.isNegative() ? cost.neg() : cost;
    if (held.eq(size)) return signed;
    return signed.mul(held).div(size).toDecimalPlaces(PAID_DP, Decimal.ROUND_CEIL);
  };
}
