/** The boundary between two windows: a sliding log never admits more than capacity in any 10 s. */
import { describe, expect, it } from 'vitest';
import { flush, makeLimiter, T0 } from './support.js';

/** Most admissions in any closed window [t - 10 s, t], from the log alone. */
function maxInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[j]! < sorted[i]! - windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('window boundary', () => {
  it('the 73rd POST /books waits until the first leaves the window, 10 s + 1 ms later (not at a bucket refill)', async () => {
    const h = makeLimiter();
    h.clock.advanceTo(T0 + 9_999); // late in a calendar window: a fixed window or bucket would refill at T0 + 10 000
    const first = h.many(72, 'POST /books');
    const next = h.request('POST /books');
    await flush();
    expect(h.admittedCount(first)).toBe(72);
    h.clock.advanceTo(T0 + 10_000);
    await flush();
    expect(next.ticket).toBeUndefined();
    h.clock.advanceTo(T0 + 9_999 + 10_000);
    await flush();
    expect(next.ticket).toBeUndefined();
    h.clock.advanceTo(T0 + 9_999 + 10_001);
    await flush();
    expect(next.ticket?.admittedAtMs).toBe(T0 + 20_000);
  });

  it('half the budget at 0 s and half at 5 s: each half is reusable exactly 10 s + 1 ms after it was spent', async () => {
    const h = makeLimiter();
    h.many(36, 'POST /books');
    h.clock.advanceTo(T0 + 5_000);
    h.many(36, 'POST /books');
    const backlog = h.many(100, 'POST /books');
    await flush();
    expect(h.admittedCount(backlog)).toBe(0);
    h.clock.advanceTo(T0 + 10_001);
    await flush();
    expect(h.admittedCount(backlog)).toBe(36);
    h.clock.advanceTo(T0 + 15_000);
    await flush();
    expect(h.admittedCount(backlog)).toBe(36);
    h.clock.advanceTo(T0 + 15_001);
    await flush();
    expect(h.admittedCount(backlog)).toBe(72);
    h.clock.advanceTo(T0 + 60_000);
    await flush();
    expect(h.admittedCount(backlog)).toBe(100);
    expect(
      maxInAnyWindow(
        h.log.map((e) => e.at),
        10_000,
      ),
    ).toBe(72);
  });

  it('a saturating reader over a minute never has more than 72 in any 10 s window', async () => {
    const h = makeLimiter();
    h.many(1_000, 'POST /books');
    for (let t = 0; t <= 60_000; t += 250) {
      h.clock.advanceTo(T0 + t);
      await flush();
    }
    const times = h.log.map((e) => e.at);
    expect(times.length).toBe(72 * 6); // bursts at 0, 10 001, ... 50 005
    expect(maxInAnyWindow(times, 10_000)).toBe(72);
  });
});
