import { describe, expect, it } from 'vitest';
import { SimRng } from '../../../src/sim/rng.js';

const draw = (rng: SimRng, n: number) => Array.from({ length: n }, () => rng.next());

describe('SimRng', () => {
  it('gives the same stream for the same seed and a different one for another seed', () => {
    expect(draw(new SimRng('alpha'), 50)).toEqual(draw(new SimRng('alpha'), 50));
    expect(draw(new SimRng('alpha'), 50)).not.toEqual(draw(new SimRng('beta'), 50));
    expect(new SimRng('alpha').next()).toBe(new SimRng('alpha').next());
  });

  it('keeps its stream: every figure and flow digest is derived from these numbers', () => {
    const rng = new SimRng('alpha');
    expect(draw(rng, 3)).toEqual([0.7723229974508286, 0.7814917091745883, 0.5974253721069545]);
    expect(rng.hex(12)).toBe('c7c986db2e4e');
    expect(rng.int(1, 1000)).toBe(785);
    expect(new SimRng(42).fork('x').next()).toBe(0.005102852825075388);
    // A million draws summed as 32-bit integers: any drift of the state words shows.
    const long = new SimRng('sum');
    let sum = 0;
    for (let i = 0; i < 1_000_000; i++) sum = (sum + long.next() * 4294967296) % 1e15;
    expect(sum).toBe(147524051151393);
  });

  it('forks from the seed only, so consuming the parent does not shift a fork', () => {
    const fresh = new SimRng('s').fork('takers');
    const used = new SimRng('s');
    draw(used, 1000);
    expect(draw(used.fork('takers'), 20)).toEqual(draw(fresh, 20));
    expect(draw(new SimRng('s').fork('makers'), 20)).not.toEqual(draw(new SimRng('s').fork('takers'), 20));
  });

  it('draws in range: next in [0,1), int inclusive, pick and sample from the array', () => {
    const rng = new SimRng(7);
    const ints = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const u = rng.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      ints.add(rng.int(3, 6));
    }
    expect([...ints].sort()).toEqual([3, 4, 5, 6]);
    expect(['a', 'b', 'c']).toContain(rng.pick(['a', 'b', 'c']));
    const s = rng.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(s).size).toBe(3);
    expect(rng.sample([1, 2], 5).sort()).toEqual([1, 2]);
    expect(() => rng.int(5, 4)).toThrow(RangeError);
    expect(() => rng.pick([])).toThrow(RangeError);
  });

  it('has the right moments for normal, exponential and poisson', () => {
    const rng = new SimRng('moments');
    const n = 20_000;
    let s = 0;
    let s2 = 0;
    let e = 0;
    let p = 0;
    for (let i = 0; i < n; i++) {
      const z = rng.normal();
      s += z;
      s2 += z * z;
      e += rng.exponential(4);
      p += rng.poisson(2.5);
    }
    expect(Math.abs(s / n)).toBeLessThan(0.03);
    expect(Math.abs(s2 / n - 1)).toBeLessThan(0.05);
    expect(Math.abs(e / n - 0.25)).toBeLessThan(0.01);
    expect(Math.abs(p / n - 2.5)).toBeLessThan(0.05);
    expect(rng.poisson(0)).toBe(0);
  });

  it('draws poisson as Knuth does from the same stream, whatever the order of the means', () => {
    // Knuth's method written out: exp(−mean) recomputed every draw, as poisson did before keeping it.
    const knuth = (rng: SimRng, mean: number): number => {
      const limit = Math.exp(-mean);
      let k = 0;
      let p = rng.next();
      while (p > limit) {
        k++;
        p *= rng.next();
      }
      return k;
    };
    const a = new SimRng('knuth');
    const b = new SimRng('knuth');
    const means = [0.125, 0.125, 2.5, 0.125, 7, 7, 0.5, 2.5];
    const got: number[] = [];
    const want: number[] = [];
    for (let i = 0; i < 4000; i++) {
      const mean = means[i % means.length]!;
      got.push(a.poisson(mean));
      want.push(knuth(b, mean));
    }
    expect(got).toEqual(want);
    expect(new Set(got).size).toBeGreaterThan(5);
    expect(a.next()).toBe(b.next());
  });

  it('formats hex, uuid and bytes', () => {
    const rng = new SimRng('ids');
    expect(rng.hex(64)).toMatch(/^[0-9a-f]{64}$/);
    expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rng.bytes(32)).toHaveLength(32);
  });
});
