/**
 * The estimator's day: shares summed sample by sample, the day's estimate = Σ shares / 1,440 ×
 * rate, a new UTC day from 0, one sample per minute, a restored day, and markets that pay
 * nothing or whose rewards object is malformed (counted and reported once).
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { type MarketObservation, parseRewardRules, RewardEstimator, type VisibleBook } from '../../src/rewards/index.js';

const d = (s: string | number) => new Decimal(s);
const lv = (price: string, size: string) => ({ price: d(price), size: d(size) });
const DAY = 86_400_000;
/** 2026-01-01T00:00:00Z */
const T0 = 1_767_225_600_000;
const REWARDS = { rates: [{ asset_address: '0xusdc', rewards_daily_rate: 144 }], min_size: 100, max_spread: 4 };

// Book of m around 0.50: others' 100 @ 0.49 and 100 @ 0.51, plus our 100 on each side.
const book: VisibleBook = { bids: [lv('0.49', '200')], asks: [lv('0.51', '200')] };
const bid = { outcome: 0 as const, side: 'BUY' as const, price: d('0.49'), size: d('100') };
const ask = { outcome: 0 as const, side: 'SELL' as const, price: d('0.51'), size: d('100') };

function obs(market: string, rewards: unknown, own = [bid, ask]): MarketObservation {
  return { conditionId: market, rewards: parseRewardRules(rewards), books: [book, undefined], own };
}

describe('RewardEstimator', () => {
  it('sums the shares of the day and prices them as Σ share / 1,440 × rate', () => {
    const e = new RewardEstimator();
    // Two-sided, same size as the others at the same prices: share 1/2. One-sided: ours
    // 56.25 / 3 = 18.75 against the others' 56.25: share 1/4.
    expect(e.sample(T0, [obs('m', REWARDS)])).toBe(true);
    expect(e.sample(T0 + 60_000, [obs('m', REWARDS, [bid])])).toBe(true);
    const [m] = e.estimates();
    expect(m?.score.toFixed()).toBe('18.75');
    expect(m?.othersScore.toFixed()).toBe('56.25');
    expect(m?.share.toFixed()).toBe('0.25');
    expect(m?.shareSum.toFixed()).toBe('0.75');
    expect(m?.samples).toBe(2);
    // 0.75 / 1440 × 144 = 0.075
    expect(m?.today.toFixed()).toBe('0.075');
    expect(m?.accrued.toFixed()).toBe('0.075');
    expect(e.totalToday().toFixed()).toBe('0.075');
  });

  it('takes one sample per minute and starts again from 0 at the UTC day boundary', () => {
    const e = new RewardEstimator();
    e.sample(T0 + 5_000, [obs('m', REWARDS)]);
    expect(e.sample(T0 + 59_999, [obs('m', REWARDS)])).toBe(false);
    expect(e.sample(T0 - 1, [obs('m', REWARDS)])).toBe(false);
    e.sample(T0 + DAY - 1, [obs('m', REWARDS)]);
    expect(e.estimates()[0]?.today.toFixed()).toBe('0.1'); // 1 / 1440 × 144
    expect(e.sample(T0 + DAY, [obs('m', REWARDS, [bid])])).toBe(true);
    expect(e.day).toBe(T0 / DAY + 1);
    const [m] = e.estimates();
    expect(m?.shareSum.toFixed()).toBe('0.25');
    expect(m?.samples).toBe(1);
    expect(m?.today.toFixed()).toBe('0.025');
    // The counter's figure goes on across days: 0.1 + 0.025.
    expect(m?.accrued.toFixed()).toBe('0.125');
  });

  it('restores a saved state of the same day only, and goes on from it', () => {
    const a = new RewardEstimator();
    a.sample(T0 + 60_000, [obs('m', REWARDS)]);
    const saved = a.state();
    expect(saved).toEqual({ version: 1, day: T0 / DAY, lastSlot: 1, markets: { m: { shareSum: '0.5', samples: 1, dailyRate: '144' } } });
    const b = new RewardEstimator();
    expect(b.restore(saved, T0 + DAY)).toBe(false);
    expect(b.restore(saved, T0 + 90_000)).toBe(true);
    // The minute already sampled is not sampled again.
    expect(b.sample(T0 + 90_000, [obs('m', REWARDS)])).toBe(false);
    expect(b.sample(T0 + 120_000, [obs('m', REWARDS)])).toBe(true);
    expect(b.estimates()[0]?.shareSum.toFixed()).toBe('1');
    expect(b.estimates()[0]?.accrued.toFixed()).toBe('0.1');
  });

  it('does not estimate markets that pay nothing, and reports a malformed rewards object once per reason', () => {
    const reported: string[] = [];
    const e = new RewardEstimator({ onMalformed: (m, why) => reported.push(`${m}: ${why}`) });
    const bad = { ...REWARDS, max_spread: 'wide' };
    for (let i = 0; i < 3; i++)
      e.sample(T0 + i * 60_000, [obs('bad', bad), obs('none', { rates: [], min_size: 0, max_spread: 0 }), obs('m', REWARDS)]);
    e.sample(T0 + 3 * 60_000, [obs('bad', { ...REWARDS, rates: 7 })]);
    expect(reported).toEqual(['bad: rewards.max_spread is "wide", not a number', 'bad: rewards.rates is 7, not an array']);
    expect([...e.malformed()]).toEqual([['bad', 2]]);
    const byMarket = new Map(e.estimates().map((m) => [m.market, m]));
    expect(byMarket.get('bad')?.paying).toBe(false);
    expect(byMarket.get('bad')?.shareSum.toFixed()).toBe('0');
    expect(byMarket.get('none')?.samples).toBe(0);
    expect(byMarket.get('m')?.samples).toBe(3);
    // Rules unknown (no metadata): not estimated either.
    e.sample(T0 + 4 * 60_000, [{ conditionId: 'm', rewards: undefined, books: [book, undefined], own: [bid, ask] }]);
    expect(
      e
        .estimates()
        .find((m) => m.market === 'm')
        ?.share.toFixed(),
    ).toBe('0');
    expect(e.estimates().find((m) => m.market === 'm')?.samples).toBe(3);
  });
});
