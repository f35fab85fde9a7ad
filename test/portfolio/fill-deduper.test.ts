import { describe, expect, it } from 'vitest';
import { FillDeduper } from '../../src/portfolio/fill.js';

const H = 60 * 60 * 1000;
const f = (tradeId: string, timestampMs: number) => ({ tradeId, timestampMs });

describe('FillDeduper', () => {
  it('admits each id once, also inside one batch', () => {
    const dd = new FillDeduper();
    expect(dd.filter([f('a', 1), f('b', 2), f('a', 1)]).map((x) => x.tradeId)).toEqual(['a', 'b']);
    expect(dd.admit(f('b', 2))).toBe('duplicate');
    expect(dd.admit(f('c', 3))).toBe('new');
    expect(dd.size).toBe(3);
  });

  it('keeps memory bounded to the horizon and answers stale for fills older than it', () => {
    const dd = new FillDeduper({ horizonMs: H });
    for (let i = 0; i < 10_000; i++) dd.admit(f(`id${i}`, i * 1000)); // ~2.8 h of fills, one a second
    // only the last hour (3,601 fills, both ends included) is remembered
    expect(dd.size).toBe(3601);
    expect(dd.check(f('id9999', 9_999_000))).toBe('duplicate');
    expect(dd.check(f('id6399', 6_399_000))).toBe('duplicate');
    // forgotten, but too old to be new: the caller is told, never handed a double count
    expect(dd.admit(f('id0', 0))).toBe('stale');
    expect(dd.admit(f('late', 9_999_000 - H - 1))).toBe('stale');
    expect(dd.admit(f('late-but-inside', 9_999_000 - H))).toBe('new');
  });

  it('rejects a non-positive horizon', () => {
    expect(() => new FillDeduper({ horizonMs: 0 })).toThrow(RangeError);
  });
});
