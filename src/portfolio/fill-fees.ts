/**
 * Fees and rebates of one fill, computed exactly as the simulator computes them
 * (src/sim/exchange/fees.ts, its FeeCalculator on the matching path), so that makerd's figures
 * equal the venue's to the last decimal (design.md section 3):
 *
 *   taker fee = rate x shares x (p x (1 - p))^exponent      p = the execution price
 *               rounded half-up to 6 decimals (USDC micro-units), per fill
 *   maker fee = 0 when takerOnly, else the taker fee of the same fill
 *   rebate    = rebateRate x the ROUNDED taker fee, rounded half-up to 6 decimals, when takerOnly;
 *               else 0
 *
 * The order of the Decimal operations (a per-share factor in micro-USDC, times the shares) is the
 * simulator's, so even the 40th significant digit agrees before rounding.
 */
import { Decimal, ZERO, priceWordOf } from '../money.js';

/** What the fee arithmetic needs of a market's FeeModel (src/market/market-view.ts). */
export interface FeeTerms {
  readonly rate: Decimal;
  readonly exponent: number;
  readonly takerOnly: boolean;
  readonly rebateRate: Decimal;
}

export const FEE_DECIMALS = 6;
const MICRO = 1_000_000;

function perShareMicroOf(fees: FeeTerms, price: Decimal): Decimal {
  return fees.rate
    .mul(1)
    .mul(price.mul(Decimal.sub(1, price)).pow(fees.exponent))
    .mul(MICRO);
}

/**
 * The per-share factor of a market's fee terms at each price it filled at (a price word of at most
 * 7 decimals, as every venue price has), worked out once: a market fills at few prices, and the
 * factor (a power at 40 digits) is most of a fill's arithmetic. It depends only on the terms'
 * values and the price, so a remembered one equals a fresh one.
 */
const perShareCache = new WeakMap<FeeTerms, Map<number, Decimal>>();

function perShareMicro(fees: FeeTerms, price: Decimal): Decimal {
  const word = priceWordOf(price);
  if (word === undefined) return perShareMicroOf(fees, price);
  let byPrice = perShareCache.get(fees);
  if (byPrice === undefined) perShareCache.set(fees, (byPrice = new Map()));
  let factor = byPrice.get(word);
  if (factor === undefined) byPrice.set(word, (factor = perShareMicroOf(fees, price)));
  return factor;
}

/** The taker fee in integer micro-USDC (a Decimal integer). */
function takerFeeMicro(fees: FeeTerms, price: Decimal, shares: Decimal): Decimal {
  if (fees.rate.isZero()) return ZERO;
  return perShareMicro(fees, price).mul(shares).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

/** The taker's fee of `shares` at `price`, in USDC, rounded half-up to 6 decimals. */
export function takerFee(fees: FeeTerms, price: Decimal, shares: Decimal): Decimal {
  return takerFeeMicro(fees, price, shares).div(MICRO);
}

/** What a maker pays and receives for `shares` at `price`. */
export function makerFeeAndRebate(fees: FeeTerms, price: Decimal, shares: Decimal): { fee: Decimal; rebate: Decimal } {
  const taker = takerFeeMicro(fees, price, shares);
  if (!fees.takerOnly) return { fee: taker.div(MICRO), rebate: ZERO };
  const rebate = taker.isZero() ? ZERO : fees.rebateRate.mul(taker).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).div(MICRO);
  return { fee: ZERO, rebate };
}
