import { describe, expect, it } from 'vitest';
import { exactFee, feeRateBps, fillFees, takerFee } from '../../../src/sim/exchange/index.js';
import { Decimal } from '../../../src/money.js';
import { FeeCalculator } from '../../../src/sim/exchange/fees.js';
import { account, FEE_A, FEE_B, FINE, harness, YES } from './fixtures.js';

const d = (s: string) => new Decimal(s);

describe('fee formula: rate x shares x (p(1-p))^exponent, rounded half-up to 6 decimals', () => {
  it('computes exact amounts', () => {
    expect(takerFee(FEE_A, d('0.4'), d('10')).toFixed()).toBe('0.144');
    // 0.25 x 4 x 0.2475^2 = 0.06125625 -> 0.061256
    expect(exactFee(FEE_A, d('0.55'), d('4')).toFixed()).toBe('0.06125625');
    expect(takerFee(FEE_A, d('0.55'), d('4')).toFixed()).toBe('0.061256');
    // 0.1 x 7 x 0.123 x 0.877 = 0.0755097 -> 0.07551
    expect(takerFee(FEE_B, d('0.123'), d('7')).toFixed()).toBe('0.07551');
  });

  it('rounds a half up (not to even)', () => {
    // 0.25 x 5.06 x 0.0625 = 0.0790625 -> 0.079063 (banker's rounding would give 0.079062)
    expect(takerFee(FEE_A, d('0.5'), d('5.06')).toFixed()).toBe('0.079063');
  });

  it('makers: rebate under takerOnly, the same fee otherwise', () => {
    const a = fillFees(FEE_A, d('0.5'), d('5.06'));
    expect([a.takerFee.toFixed(), a.makerFee.toFixed(), a.makerRebate.toFixed()]).toEqual(['0.079063', '0', '0.015813']);
    const b = fillFees(FEE_B, d('0.123'), d('7'));
    expect([b.takerFee.toFixed(), b.makerFee.toFixed(), b.makerRebate.toFixed()]).toEqual(['0.07551', '0.07551', '0']);
  });

  it("the engine's micro-USDC fees are fillFees' for every price and size, asked once or again", () => {
    const micro = (x: Decimal): number => x.mul(1_000_000).toNumber();
    for (const schedule of [FEE_A, FEE_B]) {
      const calc = new FeeCalculator(schedule);
      for (let round = 0; round < 2; round++) {
        for (const p of [1, 1_000, 123_000, 500_000, 550_000, 999_999]) {
          for (const size of [1, 7, 506, 700, 12_345, 1_000_000_000]) {
            const f = fillFees(schedule, d(String(p)).div(1e6), d(String(size)).div(100));
            expect(calc.fillFees(p, size)).toEqual({
              taker: micro(f.takerFee),
              maker: micro(f.makerFee),
              rebate: micro(f.makerRebate),
            });
          }
        }
      }
    }
  });

  it('fee_rate_bps is rate x 10000; a takerOnly maker shows 0', () => {
    expect(feeRateBps(FEE_A)).toEqual({ taker: '2500', maker: '0' });
    expect(feeRateBps(FEE_B)).toEqual({ taker: '1000', maker: '1000' });
  });

  it('the exchange charges them per fill: realized PnL of a flat round trip is minus the fees', () => {
    const h = harness();
    const maker = account('maker');
    const taker = account('taker');
    h.place(maker, FINE, 'SELL', '0.123', '7');
    h.place(taker, FINE, 'BUY', '0.123', '7');
    expect(h.ex.accountTrades(taker, {})[0]).toMatchObject({ fee_rate_bps: '1000', type: 'TAKER' });
    expect(h.ex.accountTrades(maker, {})[0]).toMatchObject({ fee_rate_bps: '1000', type: 'MAKER' });
    expect(h.ex.positions(taker.address)[0]!.realizedPnl).toBe(-0.07551);
    expect(h.ex.positions(maker.address)[0]!.realizedPnl).toBe(-0.07551);
    // Close both: taker sells 7 back to maker's bid at 0.123 (same fee again).
    h.place(maker, FINE, 'BUY', '0.123', '7');
    h.place(taker, FINE, 'SELL', '0.123', '7');
    // taker: 2 taker fees; maker: 2 maker fees (makers pay under FEE_B)
    expect(h.ex.positions(taker.address)[0]).toMatchObject({ size: 0, realizedPnl: -0.15102 });
    expect(h.ex.positions(maker.address)[0]).toMatchObject({ size: 0, realizedPnl: -0.15102 });
    // takerOnly market: maker earns the rebate
    h.place(maker, YES, 'SELL', '0.5', '5.06');
    h.place(taker, YES, 'BUY', '0.5', '5.06');
    expect(h.ex.positions(maker.address).find((p) => p.asset === YES)!.realizedPnl).toBe(0.015813);
    expect(h.ex.positions(taker.address).find((p) => p.asset === YES)!.realizedPnl).toBe(-0.079063);
  });
});
