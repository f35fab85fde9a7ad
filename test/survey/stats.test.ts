/** The survey's statistics, on values worked out by hand. */
import { describe, expect, it } from 'vitest';
import { mean, median, quantile, range, round } from '../../src/survey/stats.js';

describe('survey statistics', () => {
  it('quantiles interpolate between the closest ranks (position q x (n - 1))', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
    // 0.9 x 3 = 2.7: 3 + 0.7 x (4 - 3).
    expect(quantile([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7, 12);
    // 0.1 x 3 = 0.3: 1 + 0.3 x 1.
    expect(quantile([4, 3, 2, 1], 0.1)).toBeCloseTo(1.3, 12);
    expect(quantile([7], 0.9)).toBe(7);
    expect(median([])).toBeNull();
  });

  it('mean, range and rounding keep "not measured" as null', () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBeNull();
    expect(range([3, -1, 2])).toEqual([-1, 3]);
    expect(range([])).toBeNull();
    expect(round(2.039215686, 4)).toBe(2.0392);
    expect(round(-0.00001, 2)).toBe(0);
    expect(round(null, 2)).toBeNull();
    expect(round(Number.NaN, 2)).toBeNull();
  });
});
