/**
 * Random exact values for the tests that hold an integer path equal to its Decimal reference
 * (src/money.ts micro-units): decimal text on a grid or off it, from the simulator's seeded
 * generator, so a failure repeats with its seed.
 */
import { Decimal } from '../../src/money.js';
import type { SimRng } from '../../src/sim/rng.js';

/** decimal.js's representation and text, so equal shapes mean every later use is the same. */
export function shape(d: Decimal | undefined): unknown {
  if (d === undefined) return undefined;
  const x = d as unknown as { s: number; e: number; d: number[] | null };
  return { s: x.s, e: x.e, d: x.d, text: d.toFixed() };
}

/** k multiples of `unit` (text), as a Decimal: exact. */
export function multiple(unit: string, k: number): Decimal {
  return new Decimal(unit).mul(k);
}

/** Random plain decimal text with up to `intDigits` integer digits and `dp` decimals. */
export function randomText(r: SimRng, intDigits: number, dp: number, negative = false): string {
  const n = r.int(0, intDigits);
  const k = r.int(0, dp);
  let int = '';
  for (let i = 0; i < n; i++) int += String(r.int(0, 9));
  if (int === '') int = '0';
  let frac = '';
  for (let i = 0; i < k; i++) frac += r.chance(0.3) ? '0' : String(r.int(0, 9));
  const sign = negative && r.chance(0.5) ? '-' : '';
  return sign + int + (k > 0 ? `.${frac}` : '');
}

/**
 * A value of the kind a decision path meets: mostly on `unit`'s grid (`lo`..`hi` units), now and
 * then off it by a digit past the micro-unit (which the integer path must hand to Decimal).
 */
export function gridValue(r: SimRng, unit: string, lo: number, hi: number, offGrid = 0.03): Decimal {
  const v = multiple(unit, r.int(lo, hi));
  return r.chance(offGrid) ? v.plus('0.0000001') : v;
}
