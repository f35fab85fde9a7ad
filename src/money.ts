/**
 * Money is decimal.js built straight from the venue's strings, never a JavaScript number.
 * One Decimal constructor for the whole daemon, with enough precision that no price x size x fee
 * product ever rounds implicitly; rounding to ticks and size steps is always explicit.
 */
import { Decimal as DecimalJs } from 'decimal.js';

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -30, toExpPos: 40 });
export type Decimal = DecimalJs;

export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);

const DECIMAL_TEXT = /^-?(\d+)(\.\d+)?$/;

/** Parses a decimal string; undefined when it is not plain decimal text ("1e3", "", "NaN" fail). */
export function parseDecimal(text: unknown): Decimal | undefined {
  if (typeof text === 'number') {
    if (!Number.isFinite(text)) return undefined;
    text = String(text);
  }
  if (typeof text !== 'string' || !DECIMAL_TEXT.test(text)) return undefined;
  return new Decimal(text);
}

/** A price strictly inside (0, 1). */
export function isValidPrice(p: Decimal): boolean {
  return p.gt(0) && p.lt(1);
}

/** Rounds a price down (bids) or up (asks) to a multiple of `tick`. */
export function roundToTick(price: Decimal, tick: Decimal, direction: 'down' | 'up' | 'nearest'): Decimal {
  const mode = direction === 'down' ? Decimal.ROUND_FLOOR : direction === 'up' ? Decimal.ROUND_CEIL : Decimal.ROUND_HALF_EVEN;
  return price.div(tick).toDecimalPlaces(0, mode).mul(tick);
}

/** True when `value` is an exact multiple of `step`. */
export function isMultipleOf(value: Decimal, step: Decimal): boolean {
  return value.mod(step).isZero();
}

/** Serializes without exponent notation and without trailing zeros ("0.50" -> "0.5"). */
export function toPlainString(d: Decimal): string {
  return d.toFixed();
}
