/** sortSmall against Array#sort (stable): the same order on thousands of small arrays full of ties. */
import { describe, expect, it } from 'vitest';
import { SimRng } from '../../src/sim/rng.js';
import { sortSmall } from '../../src/stable-sort.js';

describe('sortSmall', () => {
  it('orders as the stable Array#sort does, ties in their first order (5,000 arrays)', () => {
    const r = new SimRng('stable-sort');
    let moved = 0;
    for (let i = 0; i < 5_000; i++) {
      const xs = Array.from({ length: r.int(0, 12) }, (_, id) => ({ key: r.int(0, 4), id }));
      const compare = (a: { key: number }, b: { key: number }) => (i % 2 === 0 ? a.key - b.key : b.key - a.key);
      const want = [...xs].sort(compare).map((x) => x.id);
      const got = sortSmall(xs, compare).map((x) => x.id);
      expect(got).toEqual(want);
      if (got.some((id, k) => id !== k)) moved++;
    }
    expect(moved).toBeGreaterThan(3_000);
  });

  it('sorts only the first n elements when given n, leaving the rest where they are', () => {
    const xs = [5, 3, 4, 1, 0, 2];
    expect(sortSmall(xs, (a, b) => a - b, 3)).toEqual([3, 4, 5, 1, 0, 2]);
    expect(sortSmall(xs, (a, b) => a - b, 0)).toEqual([3, 4, 5, 1, 0, 2]);
  });
});
