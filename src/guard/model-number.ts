import type { Decimal } from '../money.js';

/**
 * A Decimal as a plain number for the guards' model (volatility, mark-outs): read from decimal.js's
 * representation (base-1e7 digit words, base-10 exponent) instead of through its text, which cost
 * more than the rest of an evaluation. Correctly rounded for up to 15 significant digits (every
 * price and size the venue sends); never used for money.
 */
export function modelNumber(x: Decimal): number {
  const d = x.d;
  const words = Math.min(d.length, 3);
  let v = 0;
  for (let i = 0; i < words; i++) v = v * 1e7 + d[i]!;
  const w0 = d[0]!;
  const len0 = w0 >= 1e6 ? 7 : w0 >= 1e5 ? 6 : w0 >= 1e4 ? 5 : w0 >= 1e3 ? 4 : w0 >= 100 ? 3 : w0 >= 10 ? 2 : 1;
  const shift = x.e - (len0 - 1) - 7 * (words - 1);
  const abs = shift >= 0 ? v * 10 ** shift : v / 10 ** -shift;
  return x.s < 0 ? -abs : abs;
}
