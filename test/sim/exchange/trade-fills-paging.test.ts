/**
 * GET /trades pages through the exchange without building the whole history (offset/limit in
 * the filter), and the per-account activity counter the leaderboard reads agrees with the fills.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/money.js';
import { account, FINE, harness, YES } from './fixtures.js';

const maker = account('maker');
const taker = account('taker', true);

function trade(h: ReturnType<typeof harness>, n: number): void {
  for (let i = 0; i < n; i++) {
    h.place(maker, i % 2 === 0 ? YES : FINE, 'SELL', i % 2 === 0 ? '0.55' : '0.437', '7');
    h.place(maker, i % 2 === 0 ? YES : FINE, 'SELL', i % 2 === 0 ? '0.56' : '0.438', '5');
    h.place(taker, i % 2 === 0 ? YES : FINE, 'BUY', i % 2 === 0 ? '0.56' : '0.438', '12', { orderType: 'FAK' });
    h.clock.advance(1_000);
  }
}

describe('tradeFills paging', () => {
  it('answers exactly the slice of the full newest-first list, for every filter', () => {
    const h = harness(false);
    trade(h, 9);
    for (const base of [
      { takerOnly: true },
      { takerOnly: false },
      { takerOnly: false, user: maker.address.toLowerCase() },
      { takerOnly: false, side: 'SELL' as const },
    ]) {
      const all = h.ex.tradeFills(base);
      expect(all.length).toBeGreaterThan(5);
      for (const [offset, limit] of [
        [0, 1],
        [0, 5],
        [3, 4],
        [5, 100],
        [all.length, 10],
        [0, 0],
      ] as const) {
        expect(h.ex.tradeFills({ ...base, offset, limit })).toEqual(all.slice(offset, offset + limit));
      }
    }
  });

  it('counts every fill of an account and its notional exactly', () => {
    const h = harness(false);
    expect(h.ex.activity(taker.address)).toBeUndefined();
    trade(h, 4);
    // Per round: 7 x p1 + 5 x p2, twice on YES (0.55, 0.56), twice on FINE (0.437, 0.438).
    const volume = new Decimal('7')
      .mul('0.55')
      .plus(new Decimal(5).mul('0.56'))
      .mul(2)
      .plus(new Decimal(7).mul('0.437').plus(new Decimal(5).mul('0.438')).mul(2));
    for (const a of [taker, maker]) {
      const act = h.ex.activity(a.address.toLowerCase())!;
      expect(act.fills).toBe(8);
      expect(act.volume.toFixed()).toBe(volume.toFixed()); // 23.46 + ... to the last digit
      const fills = h.ex.tradeFills({ takerOnly: false, user: a.address });
      expect(fills).toHaveLength(8);
    }
  });
});
