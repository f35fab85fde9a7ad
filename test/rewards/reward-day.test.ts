import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { creditedAmount, dayReward, RewardDay, sampleSlotOf, utcDayOf } from '../../src/rewards/index.js';

const d = (s: string | number) => new Decimal(s);

describe('a day of samples', () => {
  it('pays the mean share over 1,440 samples times the daily rate', () => {
    // share 2/23 in every sample of the day at 100 a day: 200/23 = 8.695652173913...
    const day = new RewardDay(0);
    const share = d(2).div(23);
    for (let i = 0; i < 1440; i++)
      day.add(
        new Map([
          ['A', share],
          ['B', d(1).sub(share)],
        ]),
      );
    expect(day.samples).toBe(1440);
    expect(day.reward('A', d(100)).toFixed(30)).toBe(d(200).div(23).toFixed(30));
    expect(creditedAmount(day.reward('A', d(100))).toFixed()).toBe('8.695652');
    expect(creditedAmount(day.reward('B', d(100))).toFixed()).toBe('91.304347');
  });
  it('pays a day joined half-way pro rata (missed samples count as 0)', () => {
    const day = new RewardDay(0);
    for (let i = 0; i < 720; i++) day.add(new Map([['A', d('0.5')]]));
    expect(day.reward('A', d(60)).toFixed()).toBe('15');
    expect(day.reward('nobody', d(60)).toFixed()).toBe('0');
  });
  it('rounds a credit down to micro-USDC', () => {
    expect(creditedAmount(d('1.0000009')).toFixed()).toBe('1');
    expect(dayReward(d(1), d(1440)).toFixed()).toBe('1');
  });
  it('places times in UTC days and minute slots', () => {
    const t = Date.UTC(2026, 10, 25, 23, 59, 30);
    expect(sampleSlotOf(t)).toBe(1439);
    expect(utcDayOf(t + 30_000)).toBe(utcDayOf(t) + 1);
    expect(sampleSlotOf(t + 30_000)).toBe(0);
  });
});

describe('credit rounding', () => {
  it('pays a share sum that lost its last digit to division as the exact one', () => {
    // three accounts with a third each: each share is 0.333…3 (40 digits); the sums are 1 - 1e-40
    const third = d(1).div(3);
    const day = new RewardDay(0);
    for (let i = 0; i < 1440; i++) day.add(new Map([['A', third]]));
    expect(creditedAmount(day.reward('A', d(300))).toFixed()).toBe('100');
  });
});
