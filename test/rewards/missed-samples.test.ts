/**
 * Missed reward samples: totals per market, and episodes of consecutive missed minutes reported
 * once when they start and once when the market is sampled again.
 */
import { describe, expect, it } from 'vitest';
import { MissedSamples } from '../../src/rewards/missed-samples.js';

describe('MissedSamples', () => {
  it('reports an episode when it starts and when the market is sampled again, with its minutes per reason', () => {
    const m = new MissedSamples();
    expect(m.sampled('a')).toBeUndefined();
    expect(m.miss('a', 2, 60_000, 'late')).toEqual({ market: 'a', sinceMs: 60_000, minutes: 2, reasons: { late: 2 } });
    expect(m.miss('a', 1, 180_000, 'book stale')).toBeUndefined();
    expect(m.miss('b', 1, 180_000, 'no rules')).toEqual({ market: 'b', sinceMs: 180_000, minutes: 1, reasons: { 'no rules': 1 } });
    expect(m.missing('a')).toBe(true);
    expect(m.sampled('a')).toEqual({ market: 'a', sinceMs: 60_000, minutes: 3, reasons: { late: 2, 'book stale': 1 } });
    expect(m.missing('a')).toBe(false);
    expect(m.sampled('a')).toBeUndefined();
    // A new episode of the same market starts again; the total runs on.
    expect(m.miss('a', 1, 300_000, 'late')?.sinceMs).toBe(300_000);
    expect([...m.totals()]).toEqual([
      ['a', 4],
      ['b', 1],
    ]);
  });

  it('ignores a count that is not a whole number of minutes above 0', () => {
    const m = new MissedSamples();
    expect(m.miss('a', 0, 0, 'late')).toBeUndefined();
    expect(m.miss('a', 1.5, 0, 'late')).toBeUndefined();
    expect(m.totals().size).toBe(0);
  });
});
