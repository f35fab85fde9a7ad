/**
 * The simulator's integer-unit sample of a market (src/sim/rewards/market-sample.ts) against
 * src/rewards' Decimal rule on the same engine books: a hand-computed case to the last digit, then
 * randomized books (several accounts, both tokens, fine and coarse ticks, odd terms) where both
 * give the same accounts, the same scores and shares (to 1e-30) and the same micro-USDC credit
 * over a day of samples.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, ZERO } from '../../../src/money.js';
import { creditedAmount, dayReward, type RewardRules } from '../../../src/rewards/index.js';
import { sampleMarketDecimal, sampleMarketUnits, unitTermsOf } from '../../../src/sim/rewards/index.js';
import { SimRng } from '../../../src/sim/rng.js';
import { account, FINE, FINE_NO, harness, NO, YES } from '../exchange/fixtures.js';

const d = (x: string | number) => new Decimal(x);
const rules = (maxSpread: string, minSize: string, b = '1'): RewardRules => ({
  maxSpreadCents: d(maxSpread),
  minSize: d(minSize),
  dailyRate: d(144),
  multiplier: d(b),
});

describe('sampleMarketUnits', () => {
  it('scores a hand-computed book exactly (v = 3 cents, min_size 10)', () => {
    const h = harness(false);
    const mm = account('maker');
    const op = account('op', true);
    h.place(mm, YES, 'BUY', '0.48', '100');
    h.place(mm, YES, 'SELL', '0.52', '100');
    h.place(op, YES, 'BUY', '0.49', '20');
    h.place(op, YES, 'SELL', '0.60', '50'); // 10 cents away: scores 0
    h.place(op, NO, 'BUY', '0.3', '5'); // below min_size, and no midpoint on m': 0
    const r = rules('3', '10');
    const s = sampleMarketUnits(r, unitTermsOf(r)!, [h.ex.restingLevels(YES), h.ex.restingLevels(NO)]);
    // Adjusted midpoint: the best bid of at least 10 is op's 0.49 (20), the best ask 0.52: 0.505.
    expect(s.mids.market?.toFixed()).toBe('0.505');
    expect(s.mids.complement).toBeUndefined();
    // op: bid 0.49 at 1.5 cents: ((3 - 1.5) / 3)² · 20 = 5 on Q_one; Q_min = 5 / 3 (one-sided).
    const opKey = op.address.toLowerCase();
    const mmKey = mm.address.toLowerCase();
    expect(s.scores.get(opKey)?.qOne.toFixed()).toBe('5');
    expect(s.scores.get(opKey)?.qTwo.toFixed()).toBe('0');
    expect(s.scores.get(opKey)?.qMin.eq(d(5).div(3))).toBe(true);
    // maker: bid 0.48 at 2.5 cents: (0.5 / 3)² · 100 = 25/9; ask 0.52 at 1.5: (1.5 / 3)² · 100 = 25.
    // Q_min = max(min(25/9, 25), 25 / 3) = 25/3.
    expect(s.scores.get(mmKey)?.qOne.eq(d(25).div(9))).toBe(true);
    expect(s.scores.get(mmKey)?.qTwo.toFixed()).toBe('25');
    expect(s.scores.get(mmKey)?.qMin.eq(d(25).div(3))).toBe(true);
    // shares: 5/3 : 25/3 -> 1/6 and 5/6.
    expect(s.shares.get(opKey)?.eq(d(1).div(6))).toBe(true);
    expect(s.shares.get(mmKey)?.eq(d(5).div(6))).toBe(true);
  });

  it('answers undefined terms off the unit grid, so the caller takes the Decimal path', () => {
    expect(unitTermsOf(rules('3.33333', '10'))).toBeUndefined();
    expect(unitTermsOf(rules('3.5', '10'))).toEqual({ v2: 70_000, minUnits: 1_000 });
    expect(unitTermsOf(rules('2', '12.345'))).toEqual({ v2: 40_000, minUnits: 1_235 });
  });

  it('equals the Decimal rule of src/rewards on randomized books, and credits the same micro-USDC', () => {
    const rng = new SimRng('market-sample-equality');
    const accounts = ['a', 'b', 'c', 'd'].map((n) => account(n));
    const termsList = [rules('3', '10'), rules('4.5', '50', '1.5'), rules('2', '12.345'), rules('1', '5'), rules('3.5', '100')];
    for (const r of termsList) {
      const terms = unitTermsOf(r)!;
      let sumUnits = new Map<string, Decimal>();
      let sumDec = new Map<string, Decimal>();
      for (let round = 0; round < 40; round++) {
        const h = harness(false);
        const fine = rng.chance(0.5);
        const [t0, t1] = fine ? [FINE, FINE_NO] : [YES, NO];
        const tick = fine ? 0.001 : 0.01;
        const centre = rng.pick([0.05, 0.3, 0.5, 0.7, 0.95]);
        const n = rng.int(0, 30);
        for (let i = 0; i < n; i++) {
          const token = rng.chance(0.6) ? t0 : t1;
          const c = token === t0 ? centre : 1 - centre;
          const side = rng.chance(0.5) ? 'BUY' : 'SELL';
          const off = rng.int(0, 8) * tick;
          const p = Math.min(1 - tick, Math.max(tick, side === 'BUY' ? c - off : c + off));
          const price = p.toFixed(fine ? 3 : 2);
          const size = (rng.int(500, 30_000) / 100).toFixed(2);
          h.place(rng.pick(accounts), token, side, price, size);
        }
        const books = [h.ex.restingLevels(t0), h.ex.restingLevels(t1)] as const;
        const u = sampleMarketUnits(r, terms, books);
        const x = sampleMarketDecimal(r, books);
        expect([...u.scores.keys()].sort()).toEqual([...x.scores.keys()].sort());
        expect(u.mids.market?.toFixed()).toBe(x.mids.market?.toFixed());
        expect(u.mids.complement?.toFixed()).toBe(x.mids.complement?.toFixed());
        for (const [a, su] of u.scores) {
          const sx = x.scores.get(a)!;
          for (const k of ['qOne', 'qTwo', 'qMin'] as const) expect(su[k].sub(sx[k]).abs().lt('1e-30')).toBe(true);
          expect(u.shares.get(a)!.sub(x.shares.get(a)!).abs().lt('1e-30')).toBe(true);
        }
        // A day of 1,440 samples of this book, both ways.
        sumUnits = addAll(sumUnits, u.shares, 36);
        sumDec = addAll(sumDec, x.shares, 36);
      }
      for (const [a, s] of sumUnits) {
        expect(creditedAmount(dayReward(s, r.dailyRate)).toFixed(6)).toBe(
          creditedAmount(dayReward(sumDec.get(a) ?? ZERO, r.dailyRate)).toFixed(6),
        );
      }
    }
  });
});

function addAll(into: Map<string, Decimal>, shares: ReadonlyMap<string, Decimal>, times: number): Map<string, Decimal> {
  for (const [a, s] of shares) {
    let acc = into.get(a) ?? ZERO;
    for (let i = 0; i < times; i++) acc = acc.add(s);
    into.set(a, acc);
  }
  return into;
}
