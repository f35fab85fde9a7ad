/** ExactSum (src/backtest/exact-sum.ts): integer units and Decimals summed as Decimal sums them. */
import { describe, expect, it } from 'vitest';
import { ExactSum } from '../../src/backtest/exact-sum.js';
import { Decimal } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';

describe('exact sums', () => {
  it('equals the Decimal sum, across flushes near 2^50 and with Decimals mixed in', () => {
    const rng = new SimRng('exact-sum');
    const sum = new ExactSum(12);
    let expected = new Decimal(0);
    for (let n = 0; n < 2_000; n++) {
      // Mostly large units (the accumulator flushes every few), some beyond the integer limit, some Decimals.
      const units = Math.floor((rng.next() - 0.3) * 2 ** (n % 10 === 0 ? 52 : 48));
      if (n % 7 === 0) {
        const d = new Decimal(units).div(1e13);
        sum.add(d);
        expected = expected.plus(d);
      } else {
        sum.addUnits(units);
        expected = expected.plus(new Decimal(units).div(1e12));
      }
      if (n % 500 === 0) expect(sum.value.toFixed()).toBe(expected.toFixed());
    }
    expect(sum.value.toFixed()).toBe(expected.toFixed());
    expect(new ExactSum(6).value.toFixed()).toBe('0');
  });
});
