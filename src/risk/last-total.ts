/**
 * The Decimal of a total in 10^-k units (src/money.ts micro-units), the last one built reused when
 * the total is the same: a market's totals and worst case mostly repeat from one evaluation to the
 * next, and a Decimal is never changed, so handing out the same one is safe.
 */
import { type Decimal, fromScaledInt, ZERO } from '../money.js';

export class LastTotal {
  #n = 0;
  #d: Decimal = ZERO;

  /** n x 10^-k for an integer |n| < 2^53 (fromScaledInt), ZERO for 0. */
  of(n: number, k: number): Decimal {
    if (n !== this.#n) {
      this.#n = n;
      this.#d = n === 0 ? ZERO : fromScaledInt(n, k);
    }
    return this.#d;
  }
}
