/**
 * A running sum of Decimals that are mostly integers of 10^-dp units (prices and sizes on the
 * micro grid, and their products): those are added as integers, and the accumulator is moved into
 * a Decimal long before it could leave the safe integers, so the sum is exactly the Decimal one
 * (decimal.js sums these exactly too) at a small part of its cost.
 */
import { type Decimal, ZERO, fromScaledInt } from '../money.js';

/** Integer parts added at most this large; the accumulator is flushed beyond it. */
const INT_LIMIT = 2 ** 50;

export class ExactSum {
  #dec: Decimal = ZERO;
  #int = 0;

  /** `dp`: the decimals of one unit of `addUnits` (at most 14). */
  constructor(readonly dp: number) {}

  /** Adds `units` x 10^-dp (an integer). */
  addUnits(units: number): void {
    if (!(Math.abs(units) <= INT_LIMIT)) {
      this.#dec = this.#dec.plus(fromScaledInt(units, this.dp));
      return;
    }
    this.#int += units;
    if (Math.abs(this.#int) > INT_LIMIT) this.#flush();
  }

  add(d: Decimal): void {
    this.#dec = this.#dec.plus(d);
  }

  get value(): Decimal {
    this.#flush();
    return this.#dec;
  }

  #flush(): void {
    if (this.#int === 0) return;
    this.#dec = this.#dec.plus(fromScaledInt(this.#int, this.dp));
    this.#int = 0;
  }
}
