/**
 * Trading fees of one token, from its fee schedule (design.md section 3):
 *
 *   taker fee (USDC) = rate x shares x (p x (1 - p))^exponent      p = execution price
 *
 * Makers pay nothing when `takerOnly` and instead receive `rebateRate` x the taker fee of the same
 * fill; when not `takerOnly` a maker pays the same formula on its side of the fill and gets no
 * rebate. Every fee and rebate is computed exactly with Decimal and then rounded per fill to
 * 6 decimal places (USDC micro-units) with ROUND_HALF_UP; the rebate is rebateRate x the rounded
 * taker fee, rounded the same way. `fee_rate_bps` in account trades is the schedule's rate x 10000
 * (the maker's is "0" when `takerOnly`).
 */
import { Decimal, ZERO } from '../../money.js';
import type { FeeSchedule } from '../../venue/types.js';
import { priceDecimal } from './units.js';

export const FEE_DECIMALS = 6;

export interface FillFees {
  /** Paid by the taker. */
  readonly takerFee: Decimal;
  /** Paid by the maker (0 when takerOnly). */
  readonly makerFee: Decimal;
  /** Received by the maker (0 unless takerOnly). */
  readonly makerRebate: Decimal;
}

const roundFee = (d: Decimal): Decimal => d.toDecimalPlaces(FEE_DECIMALS, Decimal.ROUND_HALF_UP);

/** The unrounded fee of `shares` at `price` under `schedule`. */
export function exactFee(schedule: FeeSchedule, price: Decimal, shares: Decimal): Decimal {
  const rate = new Decimal(String(schedule.rate));
  return rate.mul(shares).mul(price.mul(Decimal.sub(1, price)).pow(schedule.exponent));
}

/** The taker fee of one fill, rounded to USDC micro-units (ROUND_HALF_UP). */
export function takerFee(schedule: FeeSchedule, price: Decimal, shares: Decimal): Decimal {
  return roundFee(exactFee(schedule, price, shares));
}

/** Fees and rebate of one fill. */
export function fillFees(schedule: FeeSchedule, price: Decimal, shares: Decimal): FillFees {
  const taker = takerFee(schedule, price, shares);
  if (schedule.takerOnly) {
    return { takerFee: taker, makerFee: ZERO, makerRebate: roundFee(taker.mul(String(schedule.rebateRate))) };
  }
  return { takerFee: taker, makerFee: taker, makerRebate: ZERO };
}

/** `fee_rate_bps` strings for the taker's and the maker's view of a fill. */
export function feeRateBps(schedule: FeeSchedule): { taker: string; maker: string } {
  const taker = new Decimal(String(schedule.rate)).mul(10_000).toFixed();
  return { taker, maker: schedule.takerOnly ? '0' : taker };
}

/** Fees of one fill in integer micro-USDC (the same rounding as `fillFees`). */
export interface FillFeesMicro {
  readonly taker: number;
  readonly maker: number;
  readonly rebate: number;
}

const ZERO_FEES: FillFeesMicro = { taker: 0, maker: 0, rebate: 0 };

/**
 * The fee schedule of one token prepared for the engine: rate x (p(1-p))^exponent is computed
 * once per price level, so a fill costs one multiplication and one rounding.
 */
export class FeeCalculator {
  readonly #schedule: FeeSchedule;
  readonly #factors = new Map<number, Decimal>();
  /** Fees by price and size (a flow trades the same few sizes at the same few prices all day). */
  readonly #fees = new Map<number, FillFeesMicro>();
  readonly #rebateRate: Decimal;

  constructor(schedule: FeeSchedule) {
    this.#schedule = schedule;
    this.#rebateRate = new Decimal(String(schedule.rebateRate));
  }

  /** Fees of `sizeUnits` (hundredths of a share) at `priceUnits` (micro-units). */
  fillFees(priceUnits: number, sizeUnits: number): FillFeesMicro {
    if (this.#schedule.rate === 0) return ZERO_FEES;
    // One key for both: prices are below 2^20 units and sizes at most MAX_SIZE_UNITS (< 2^30).
    const key = sizeUnits * 1_048_576 + priceUnits;
    let fees = this.#fees.get(key);
    if (fees === undefined) {
      if (this.#fees.size >= 100_000) this.#fees.clear();
      fees = this.#compute(priceUnits, sizeUnits);
      this.#fees.set(key, fees);
    }
    return fees;
  }

  #compute(priceUnits: number, sizeUnits: number): FillFeesMicro {
    let factor = this.#factors.get(priceUnits);
    if (factor === undefined) {
      // per share, in micro-USDC
      factor = exactFee(this.#schedule, priceDecimal(priceUnits), new Decimal(1)).mul(1_000_000);
      this.#factors.set(priceUnits, factor);
    }
    const taker = factor.mul(sizeUnits).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
    if (this.#schedule.takerOnly) {
      const rebate = taker === 0 ? 0 : this.#rebateRate.mul(taker).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
      return { taker, maker: 0, rebate };
    }
    return { taker, maker: taker, rebate: 0 };
  }
}

const calculators = new WeakMap<FeeSchedule, FeeCalculator>();

/** The (shared) calculator of a fee schedule object. */
export function feeCalculator(schedule: FeeSchedule): FeeCalculator {
  let calc = calculators.get(schedule);
  if (calc === undefined) {
    calc = new FeeCalculator(schedule);
    calculators.set(schedule, calc);
  }
  return calc;
}
