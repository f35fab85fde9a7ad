import { describe, expect, it } from 'vitest';
import { WriteBudget, defaultDepth } from '../../src/execution/write-budget.js';

describe('WriteBudget', () => {
  it('starts with its depth, refills at (capacity - depth - reserve) per window, and never holds more than its depth', () => {
    const b = new WriteBudget({ capacity: 21_600, windowMs: 600_000, depth: 1_080 }, 0);
    expect(b.available(0, 0)).toBe(1_080);
    b.spend(1_080, 0, 0);
    expect(b.available(0, 0)).toBe(0);
    // 20,520 per 600 s = 34.2 per second; with 1,010 reserved, 19,510 per 600 s.
    expect(b.available(1_000, 0)).toBe(34);
    b.spend(34, 1_000, 0);
    expect(b.available(11_000, 1_010)).toBe(Math.floor(0.2 + (10_000 * 19_510) / 600_000));
    expect(b.available(10_000_000, 0)).toBe(1_080);
  });

  it('says how long until posts are affordable, and lets a pass overspend (debt paid back by the refill)', () => {
    const b = new WriteBudget({ capacity: 600, windowMs: 600_000, depth: 60 }, 0);
    b.spend(70, 0, 0);
    expect(b.available(0, 0)).toBe(0);
    // 540 per 600 s = 0.9 a second: 11 posts short of one whole post takes ceil(11 / 0.0009) ms.
    expect(b.msUntil(1, 0, 0)).toBe(Math.ceil(11 / 0.0009));
    expect(b.available(b.msUntil(1, 0, 0), 0)).toBe(1);
  });

  it('spends at most capacity - reserve in any sustained window, however hard it is pressed', () => {
    const capacity = 2_000;
    const windowMs = 60_000;
    const b = new WriteBudget({ capacity, windowMs, depth: defaultDepth(capacity, 400) }, 0);
    const sent: number[] = [];
    for (let t = 0; t <= 5 * windowMs; t += 137) {
      const n = b.available(t, 150);
      b.spend(n, t, 150);
      for (let i = 0; i < n; i++) sent.push(t);
    }
    let most = 0;
    for (let i = 0, j = 0; i < sent.length; i++) {
      while (sent[j]! < sent[i]! - windowMs) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(capacity - 150);
    // And it does spend: at least 95 % of that over the five windows.
    expect(sent.length).toBeGreaterThanOrEqual(0.95 * 5 * (capacity - 150 - b.settings.depth));
  });

  it('refuses settings it cannot pace', () => {
    expect(() => new WriteBudget({ capacity: 0, windowMs: 1, depth: 1 }, 0)).toThrow(/capacity must be an integer >= 1 \(got 0\)/);
    expect(() => new WriteBudget({ capacity: 10, windowMs: 0, depth: 1 }, 0)).toThrow(/windowMs must be > 0/);
    expect(() => new WriteBudget({ capacity: 10, windowMs: 1, depth: 11 }, 0)).toThrow(
      /depth must be an integer in \[1, capacity\] \(got 11\)/,
    );
    expect(defaultDepth(21_600, 2_160)).toBe(1_080);
    expect(defaultDepth(21_600, 400)).toBe(200);
    expect(defaultDepth(10, 1)).toBe(1);
  });
});
