import { describe, expect, it } from 'vitest';
import { exactFee, feeCalculator, fillFees } from '../../../src/sim/exchange/fees.js';
import { toUnits, unitsToString } from '../../../src/sim/exchange/units.js';
import { createRng } from '../../../src/sim/rng.js';
import { Decimal } from '../../../src/money.js';
import { FEE_A, FEE_B } from './fixtures.js';

describe('engine units', () => {
  it('parses decimal text into integer units, refusing excess precision', () => {
    expect(toUnits('0.45', 6)).toBe(450_000);
    expect(toUnits('0.450000000', 6)).toBe(450_000);
    expect(toUnits('12', 2)).toBe(1200);
    expect(toUnits('12.5', 2)).toBe(1250);
    expect(toUnits('0.001', 2)).toBeUndefined();
    expect(toUnits('1.', 2)).toBeUndefined();
    expect(toUnits('.5', 2)).toBeUndefined();
    expect(toUnits('1e3', 2)).toBeUndefined();
    expect(toUnits('-1', 2)).toBeUndefined();
    expect(toUnits('99999999999999999', 2)).toBeUndefined();
  });

  it('formats units without trailing zeros', () => {
    expect(unitsToString(450_000, 6)).toBe('0.45');
    expect(unitsToString(1200, 2)).toBe('12');
    expect(unitsToString(5, 2)).toBe('0.05');
    expect(unitsToString(0, 8)).toBe('0');
    expect(unitsToString(-125, 2)).toBe('-1.25');
  });
});

describe('the engine fee calculator agrees with the Decimal formula', () => {
  it('on random fills of both schedules, to the micro-USDC', () => {
    const rng = createRng('fees');
    for (const schedule of [FEE_A, FEE_B]) {
      const calc = feeCalculator(schedule);
      for (let i = 0; i < 300; i++) {
        const price = rng.int(1, 999) * 1000;
        const size = rng.int(500, 100_000);
        const p = new Decimal(price).div(1e6);
        const s = new Decimal(size).div(100);
        const ref = fillFees(schedule, p, s);
        const got = calc.fillFees(price, size);
        expect([got.taker, got.maker, got.rebate]).toEqual([ref.takerFee, ref.makerFee, ref.makerRebate].map((d) => d.mul(1e6).toNumber()));
        expect(exactFee(schedule, p, s).sub(ref.takerFee).abs().lte('0.0000005')).toBe(true);
      }
    }
  });
});
