/**
 * selector.by = "income": the expected income of a market from hand-made inputs, to the last
 * digit (reward, rebate, mark-out, inventory cost, value), and the variance per day of a price
 * series.
 */
import { describe, expect, it } from 'vitest';
import { type IncomeInputs, incomeOf, variancePerDay } from '../../src/market/income-ranking.js';
import type { RankedMarket } from '../../src/market/reward-ranking.js';
import { Decimal } from '../../src/money.js';

const d = (x: string): Decimal => new Decimal(x);

/** A market the rewards ranking ranked: share 0.25 of the score, 5 USDC a day, q = 100 at d = 2 cents. */
function ranked(over: Partial<RankedMarket> = {}): RankedMarket {
  return {
    conditionId: 'm',
    dailyRate: d('20'),
    maxSpreadCents: d('4'),
    minSize: d('100'),
    midpoint: d('0.4'),
    competingScore: d('75'),
    ourScore: d('25'),
    expectedShare: d('0.25'),
    expectedRewardPerDay: d('5'),
    quoteSize: d('100'),
    capital: d('96'),
    volatility: d('0'),
    penalty: d('0'),
    value: d('0.05208333'),
    ...over,
  };
}

const inputs = (over: Partial<IncomeInputs> = {}): IncomeInputs => ({
  sharesPerDay: d('2000'),
  fee: { rate: d('0.02'), exponent: 1, takerOnly: true, rebateRate: d('0.25') },
  markoutPerShare: d('-0.003'),
  variancePerDay: d('0.0016'),
  riskFactor: d('2'),
  ...over,
});

describe('incomeOf', () => {
  it('adds reward, rebate and mark-out and deducts the inventory cost, per day and per unit of capital', () => {
    const p = incomeOf(ranked(), inputs());
    // our flow 2000 × 0.25 = 500 shares; fee per share 0.02 × 0.4 × 0.6 = 0.0048.
    expect(p.ourSharesPerDay.toFixed()).toBe('500');
    expect(p.reward.toFixed()).toBe('5');
    expect(p.rebate.toFixed()).toBe('0.6'); // 500 × 0.0048 × 0.25
    expect(p.markout.toFixed()).toBe('-1.5'); // 500 × −0.003
    expect(p.inventory.toFixed()).toBe('0.32'); // 2 × 100 × 0.0016
    expect(p.income.toFixed()).toBe('3.78');
    expect(p.capital.toFixed()).toBe('96');
    expect(p.value.toFixed()).toBe('0.039375');
  });

  it('charges the taker formula when makers pay fees too (not taker-only)', () => {
    const p = incomeOf(ranked(), inputs({ fee: { rate: d('0.02'), exponent: 1, takerOnly: false, rebateRate: d('0.25') } }));
    expect(p.rebate.toFixed()).toBe('-2.4');
    expect(p.income.toFixed()).toBe('0.78');
    expect(p.value.toFixed()).toBe('0.008125');
  });

  it('raises p(1 − p) to the exponent, and counts no mark-out when no trade could be marked', () => {
    const p = incomeOf(
      ranked(),
      inputs({ fee: { rate: d('0.02'), exponent: 2, takerOnly: true, rebateRate: d('0.25') }, markoutPerShare: undefined }),
    );
    expect(p.rebate.toFixed()).toBe('0.144'); // 500 × 0.02 × 0.24² × 0.25
    expect(p.markout.toFixed()).toBe('0');
    expect(p.income.toFixed()).toBe('4.824');
  });

  it('ranks a market whose flow is toxic below one that pays less reward but keeps its edge', () => {
    const toxic = incomeOf(ranked({ expectedRewardPerDay: d('8') }), inputs({ markoutPerShare: d('-0.02') }));
    const calm = incomeOf(ranked({ expectedRewardPerDay: d('4') }), inputs({ markoutPerShare: d('0.001') }));
    expect(toxic.income.toFixed()).toBe('-1.72'); // 8 + 0.6 − 10 − 0.32
    expect(calm.income.toFixed()).toBe('4.78'); // 4 + 0.6 + 0.5 − 0.32
    expect(calm.value.gt(toxic.value)).toBe(true);
  });
});

describe('variancePerDay', () => {
  it('sums the squared moves over the days the series spans', () => {
    // 0.01² + 0.02² = 0.0005 over 2 minutes: × 720 a day.
    expect(variancePerDay([0, 60_000, 120_000], [d('0.5'), d('0.51'), d('0.49')]).toFixed()).toBe('0.36');
  });

  it('is 0 for fewer than two points or no span', () => {
    expect(variancePerDay([5], [d('0.5')]).toFixed()).toBe('0');
    expect(variancePerDay([5, 5], [d('0.5'), d('0.6')]).toFixed()).toBe('0');
  });
});
