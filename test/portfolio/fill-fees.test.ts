import { describe, expect, it } from 'vitest';
import { makerFeeAndRebate, takerFee } from '../../src/portfolio/fill-fees.js';
import { FeeCalculator, fillFees } from '../../src/sim/exchange/fees.js';
import { SimRng } from '../../src/sim/rng.js';
import type { FeeModel } from '../../src/market/market-view.js';
import type { FeeSchedule } from '../../src/venue/types.js';
import { BOTH_PAY, d, TAKER_ONLY, termsOf } from './support.js';

describe('fees: rate x shares x (p(1-p))^exponent, per fill, rounded half-up to 6 decimals', () => {
  it('known amounts', () => {
    expect(takerFee(TAKER_ONLY, d('0.4'), d('10')).toFixed()).toBe('0.144');
    // 0.25 x 4 x 0.2475^2 = 0.06125625 -> 0.061256
    expect(takerFee(TAKER_ONLY, d('0.55'), d('4')).toFixed()).toBe('0.061256');
    // 0.1 x 7 x 0.123 x 0.877 = 0.0755097 -> 0.07551
    expect(takerFee(BOTH_PAY, d('0.123'), d('7')).toFixed()).toBe('0.07551');
  });

  it("takes a market's FeeModel as it is", () => {
    const model: FeeModel = { rate: d('0.25'), exponent: 2, takerOnly: true, rebateRate: d('0.2') };
    expect(makerFeeAndRebate(model, d('0.4'), d('10')).rebate.toFixed()).toBe('0.0288');
  });

  it('one price under different terms gives each its own fee (the per-share factor is per terms and price)', () => {
    const a = termsOf({ rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 });
    const b = termsOf({ rate: 0.1, exponent: 1, takerOnly: false, rebateRate: 0 });
    for (let round = 0; round < 2; round++) {
      expect(takerFee(a, d('0.4'), d('10')).toFixed()).toBe('0.144');
      // 0.1 x 10 x 0.24 = 0.24
      expect(takerFee(b, d('0.4'), d('10')).toFixed()).toBe('0.24');
      // The same price at 7 decimals and at 1 (one value): the same fee.
      expect(takerFee(a, d('0.4000000'), d('3')).toFixed()).toBe(takerFee(a, d('0.4'), d('3')).toFixed());
    }
    // A price beyond 7 decimals is worked out afresh: 0.25 x 1 x (0.12345678 x 0.87654322)^2, rounded.
    expect(takerFee(a, d('0.12345678'), d('1')).toFixed()).toBe('0.002928');
  });

  it('rounds a half up, not to even', () => {
    // 0.25 x 5.06 x 0.0625 = 0.0790625 -> 0.079063
    expect(takerFee(TAKER_ONLY, d('0.5'), d('5.06')).toFixed()).toBe('0.079063');
  });

  it('makers: no fee and a rebate of rebateRate x the rounded taker fee under takerOnly; else the taker fee', () => {
    // 0.2 x 0.079063 = 0.0158126 -> 0.015813
    expect(makerFeeAndRebate(TAKER_ONLY, d('0.5'), d('5.06'))).toEqual({ fee: d('0'), rebate: d('0.015813') });
    expect(makerFeeAndRebate(BOTH_PAY, d('0.123'), d('7'))).toEqual({ fee: d('0.07551'), rebate: d('0') });
    const free = termsOf({ rate: 0, exponent: 2, takerOnly: true, rebateRate: 0.2 });
    expect(takerFee(free, d('0.5'), d('10')).toFixed()).toBe('0');
    expect(makerFeeAndRebate(free, d('0.5'), d('10')).rebate.toFixed()).toBe('0');
  });

  it('equals the simulator on its matching path and in its reference function, over 5,000 random fills', () => {
    const rng = new SimRng('portfolio-fees');
    for (let i = 0; i < 5_000; i++) {
      const schedule: FeeSchedule = {
        rate: [0.25, 0.1, 0.07, 0.0333, 1, 0.5][rng.int(0, 5)]!,
        exponent: rng.int(0, 4),
        takerOnly: rng.next() < 0.7,
        rebateRate: [0.2, 0.25, 0.333, 0.5, 0][rng.int(0, 4)]!,
        category: 't',
        version: 1,
        source: 't',
      };
      const priceUnits = rng.int(1, 999_999);
      const sizeUnits = rng.int(1, 100_000_00);
      const price = d(priceUnits).div(1_000_000);
      const size = d(sizeUnits).div(100);
      const terms = termsOf(schedule);
      const micro = new FeeCalculator(schedule).fillFees(priceUnits, sizeUnits);
      const ref = fillFees(schedule, price, size);
      const taker = takerFee(terms, price, size);
      const maker = makerFeeAndRebate(terms, price, size);
      const ctx = JSON.stringify({ schedule, priceUnits, sizeUnits });
      expect(taker.mul(1_000_000).toNumber(), ctx).toBe(micro.taker);
      expect(maker.fee.mul(1_000_000).toNumber(), ctx).toBe(micro.maker);
      expect(maker.rebate.mul(1_000_000).toNumber(), ctx).toBe(micro.rebate);
      expect([taker.toFixed(), maker.fee.toFixed(), maker.rebate.toFixed()], ctx).toEqual([
        ref.takerFee.toFixed(),
        ref.makerFee.toFixed(),
        ref.makerRebate.toFixed(),
      ]);
    }
  });
});
