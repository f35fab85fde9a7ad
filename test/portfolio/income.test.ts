/**
 * Income counted whole (src/portfolio/income.ts) on a hand-made portfolio: two markets, a maker
 * rebate, taker fees, a settlement, a mark, and rewards of the day under way and of completed
 * days. Every part by hand to the micro-USDC; the parts sum to the total exactly, trading +
 * settlement + rebates is realized PnL (nothing counted twice), and total = PnL total + rewards.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { INCOME_PARTS, type Income, incomeOf, sumIncome } from '../../src/portfolio/income.js';
import { handMadePortfolio } from './hand-made-portfolio.js';
import { d } from './support.js';

const text = (i: Income): Record<string, string> => Object.fromEntries(INCOME_PARTS.map((k) => [k, i[k].toFixed()]));

describe('income counted whole', () => {
  it('splits realized PnL into trading, settlement and rebates and adds unrealized and the rewards beside it, by hand', () => {
    const p = handMadePortfolio();
    const a = incomeOf(p.market('0xaaaa'), { estimated: d('0.075'), credited: d('1.234567') });
    const b = incomeOf(p.market('0xbbbb'));
    // a: closed 4 at 0.50 bought at 0.40 = 0.4, less the fee 0.05; 6 open marked 0.05 up = 0.3.
    expect(text(a)).toEqual({
      trading: '0.35',
      settlement: '0',
      rebates: '0.012',
      unrealized: '0.3',
      rewards_estimated: '0.075',
      rewards_credited: '1.234567',
      total: '1.971567',
    });
    // b: 5 bought at 0.30 settled at 1 = 3.5; the fee is trading's.
    expect(text(b)).toEqual({
      trading: '-0.0525',
      settlement: '3.5',
      rebates: '0',
      unrealized: '0',
      rewards_estimated: '0',
      rewards_credited: '0',
      total: '3.4475',
    });
    expect(text(sumIncome([a, b]))).toEqual({
      trading: '0.2975',
      settlement: '3.5',
      rebates: '0.012',
      unrealized: '0.3',
      rewards_estimated: '0.075',
      rewards_credited: '1.234567',
      total: '5.419067',
    });
  });

  it('counts nothing twice: the parts sum to the total, realized is trading + settlement + rebates, total is PnL total + rewards', () => {
    const p = handMadePortfolio();
    const rewards = { estimated: d('0.0000005'), credited: d('2.1') };
    for (const m of p.snapshot().markets) {
      const i = incomeOf(m, rewards);
      const parts = INCOME_PARTS.filter((k) => k !== 'total').reduce((sum, k) => sum.add(i[k]), new Decimal(0));
      expect(parts.toFixed()).toBe(i.total.toFixed());
      expect(i.trading.add(i.settlement).add(i.rebates).toFixed()).toBe(m.realizedPnl.toFixed());
      expect(i.total.toFixed()).toBe(m.totalPnl.add('2.1000005').toFixed());
    }
    // The account's income is the sum of its markets', part by part.
    const all = incomeOf(p.totals(), { estimated: d('0.075'), credited: d('1.234567') });
    expect(text(all)).toEqual(
      text(sumIncome([incomeOf(p.market('0xaaaa'), { estimated: d('0.075'), credited: d('1.234567') }), incomeOf(p.market('0xbbbb'))])),
    );
  });

  it('a market without fills or rewards earns 0 in every part', () => {
    expect(text(incomeOf(undefined))).toEqual(Object.fromEntries(INCOME_PARTS.map((k) => [k, '0'])));
  });
});
