/** The diff's size tolerance in micro-units, remembered per (fraction, size): the Decimal floor every time. */
import { describe, expect, it } from 'vitest';
import { sizeToleranceMicro } from '../../src/execution/size-tolerance-micro.js';
import { Decimal, fromScaledInt, microOf } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';

/** The reference: size x fraction in Decimal, floored to micro-units. */
function reference(sizeMicro: number, fraction: number): number | undefined {
  const t = fromScaledInt(sizeMicro).mul(fraction);
  return microOf(t.toDecimalPlaces(6, Decimal.ROUND_FLOOR));
}

describe('sizeToleranceMicro', () => {
  it('floors an inexact tolerance and keeps an exact one', () => {
    // 10 x 1/3 = 3.333...: floor 3.333333.
    expect(sizeToleranceMicro(10_000_000, 1 / 3)).toBe(3_333_333);
    expect(sizeToleranceMicro(10_000_000, 0.25)).toBe(2_500_000);
    expect(sizeToleranceMicro(1, 0.5)).toBe(0);
    expect(sizeToleranceMicro(7_000_000, 0)).toBe(0);
  });

  it('gives the Decimal floor for random sizes and fractions, asked twice (the second answer remembered)', () => {
    const r = new SimRng('size-tolerance');
    const fractions = [0.1, 0.2, 1 / 3, 0.05, 0.15, 0.7];
    for (let i = 0; i < 3_000; i++) {
      const fraction = r.pick(fractions);
      const size = r.int(1, 5_000_000_000);
      const want = reference(size, fraction);
      expect(sizeToleranceMicro(size, fraction)).toBe(want);
      expect(sizeToleranceMicro(size, fraction)).toBe(want);
    }
  });

  it('keeps the fractions apart: one size under two fractions', () => {
    expect(sizeToleranceMicro(12_000_000, 0.1)).toBe(1_200_000);
    expect(sizeToleranceMicro(12_000_000, 0.2)).toBe(2_400_000);
    expect(sizeToleranceMicro(12_000_000, 0.1)).toBe(1_200_000);
  });
});
