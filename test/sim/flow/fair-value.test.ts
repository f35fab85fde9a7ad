import { describe, expect, it } from 'vitest';
import { FairValue } from '../../../src/sim/flow/fair-value.js';
import { SimRng } from '../../../src/sim/rng.js';

const make = (seed: string, over: Partial<ConstructorParameters<typeof FairValue>[0]> = {}) =>
  new FairValue({
    initial: 0.4,
    tick: 0.01,
    sigma: 0.05,
    jumpRate: 0.1,
    jumpSize: 0.5,
    walkRng: new SimRng(seed).fork('w'),
    jumpRng: new SimRng(seed).fork('j'),
    ...over,
  });

describe('FairValue', () => {
  it('starts at the initial value and is reproducible from its streams', () => {
    const a = make('s');
    const b = make('s');
    expect(a.fair(0).toFixed()).toBe('0.4');
    expect(a.fair(1).toFixed()).toBe('0.6');
    const pathA: string[] = [];
    const pathB: string[] = [];
    for (let i = 0; i < 200; i++) {
      a.advance(250);
      b.advance(250);
      pathA.push(a.fair().toFixed());
      pathB.push(b.fair().toFixed());
    }
    expect(pathA).toEqual(pathB);
    expect(new Set(pathA).size).toBeGreaterThan(100);
    expect(a.fair(0).plus(a.fair(1)).toFixed()).toBe('1');
  });

  it('does not move without volatility or jumps', () => {
    const fv = make('still', { sigma: 0, jumpRate: 0 });
    fv.advance(60_000);
    expect(fv.fair().toFixed()).toBe('0.4');
    expect(fv.pendingJump).toBeUndefined();
  });

  it('applies pre-scheduled jumps exactly when due, whatever the step length', () => {
    const coarse = make('jumps', { sigma: 0 });
    const fine = make('jumps', { sigma: 0 });
    const first = coarse.pendingJump!;
    expect(first.atMs).toBeGreaterThan(0);
    expect(Math.abs(first.size)).toBeGreaterThanOrEqual(0.25);
    expect(Math.abs(first.size)).toBeLessThanOrEqual(0.75);
    const predicted = coarse.afterPendingJump()!;
    const before = coarse.p;
    const applied = coarse.advance(Math.ceil(first.atMs));
    expect(applied[0]).toMatchObject({ atMs: first.atMs, from: before });
    expect(applied[0]!.to).toBeCloseTo(predicted, 12);
    expect(Math.sign(applied[0]!.to - applied[0]!.from)).toBe(Math.sign(first.size));
    // The same jumps at the same times when walking in small steps.
    const seen: number[] = [];
    while (fine.elapsedMs < coarse.elapsedMs) seen.push(...fine.advance(10).map((j) => j.atMs));
    expect(seen[0]).toBe(first.atMs);
    expect(fine.p).toBeCloseTo(coarse.p, 12);
  });

  it('keeps fair value inside [2 ticks, 1 - 2 ticks]', () => {
    const fv = make('wild', { sigma: 5, jumpRate: 2, jumpSize: 4, initial: 0.5 });
    for (let i = 0; i < 2000; i++) {
      fv.advance(250);
      expect(fv.p).toBeGreaterThanOrEqual(0.02 - 1e-12);
      expect(fv.p).toBeLessThanOrEqual(0.98 + 1e-12);
    }
  });

  it('diffuses with the configured volatility (variance of log-odds grows as sigma^2 t)', () => {
    const n = 400;
    let sum2 = 0;
    for (let i = 0; i < n; i++) {
      const fv = make(`var${i}`, { initial: 0.5, sigma: 0.1, jumpRate: 0 });
      fv.advance(100_000); // 100 s in one step: log-odds ~ N(0, 0.1^2 * 100) = N(0, 1)
      const x = Math.log(fv.p / (1 - fv.p));
      sum2 += x * x;
    }
    expect(sum2 / n).toBeGreaterThan(0.8);
    expect(sum2 / n).toBeLessThan(1.2);
  });
});
