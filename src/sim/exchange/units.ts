/**
 * Exact integer units for the matching engine's hot path. Prices are held in micro-units
 * (1e-6, so every tick down to 0.000001 is an integer), sizes in hundredths of a share (the
 * simulator accepts at most 2 decimal places for a size), and notionals (price x size) in 1e-8
 * USDC. With sizes capped at MAX_SIZE_UNITS every product stays a safe integer, so matching never
 * rounds; Decimal is used only where fees and positions need it.
 */
import { Decimal } from '../../money.js';

export const PRICE_DECIMALS = 6;
export const SIZE_DECIMALS = 2;
/** price units x size units */
export const NOTIONAL_DECIMALS = PRICE_DECIMALS + SIZE_DECIMALS;

export const PRICE_SCALE = 10 ** PRICE_DECIMALS;
export const SIZE_SCALE = 10 ** SIZE_DECIMALS;

/** 10,000,000 shares: keeps price x size below 2^53 (1e6 x 1e9 = 1e15). */
export const MAX_SIZE_UNITS = 10_000_000 * SIZE_SCALE;

/**
 * Parses plain decimal text ("0.45", "12", "3.500") into an integer count of 10^-decimals units.
 * Undefined when the text has more significant decimals than that, or is not plain decimal text.
 */
export function toUnits(text: string, decimals: number): number | undefined {
  // A char-code loop: this runs twice per order placement.
  let n = 0;
  let i = 0;
  const len = text.length;
  if (len === 0) return undefined;
  for (; i < len; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) break; // '.'
    if (c < 48 || c > 57) return undefined;
    n = n * 10 + (c - 48);
  }
  let fracDigits = 0;
  if (i < len) {
    if (i === 0 || i === len - 1) return undefined;
    let end = len;
    while (end > i + 1 && text.charCodeAt(end - 1) === 48) end--;
    for (let j = i + 1; j < end; j++) {
      const c = text.charCodeAt(j);
      if (c < 48 || c > 57) return undefined;
      if (++fracDigits > decimals) return undefined;
      n = n * 10 + (c - 48);
    }
  }
  n *= 10 ** (decimals - fracDigits);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Formats a non-negative integer count of 10^-decimals units as plain text without trailing zeros. */
export function unitsToString(units: number, decimals: number): string {
  if (units < 0) return `-${unitsToString(-units, decimals)}`;
  const scale = 10 ** decimals;
  const whole = Math.floor(units / scale);
  const rest = units - whole * scale;
  if (rest === 0) return String(whole);
  let frac = String(rest).padStart(decimals, '0');
  let end = frac.length;
  while (frac.charCodeAt(end - 1) === 48) end--;
  frac = frac.slice(0, end);
  return `${whole}.${frac}`;
}

export const priceText = (units: number): string => unitsToString(units, PRICE_DECIMALS);
export const sizeText = (units: number): string => unitsToString(units, SIZE_DECIMALS);
export const notionalText = (units: number): string => unitsToString(units, NOTIONAL_DECIMALS);

export const priceDecimal = (units: number): Decimal => new Decimal(units).div(PRICE_SCALE);
export const sizeDecimal = (units: number): Decimal => new Decimal(units).div(SIZE_SCALE);
export const notionalDecimal = (units: number): Decimal => new Decimal(units).div(10 ** NOTIONAL_DECIMALS);

/** A Decimal known to lie on the unit grid (e.g. a tick size) as integer units; undefined if off-grid. */
export function decimalToUnits(d: Decimal, decimals: number): number | undefined {
  const scaled = d.mul(10 ** decimals);
  if (!scaled.isInteger()) return undefined;
  const n = scaled.toNumber();
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A tick size in price units; undefined unless it lies in (0, 1) on the 0.000001 grid. */
export function tickUnitsOf(tick: Decimal): number | undefined {
  const units = decimalToUnits(tick, PRICE_DECIMALS);
  return units === undefined || units <= 0 || units >= 10 ** PRICE_DECIMALS ? undefined : units;
}
