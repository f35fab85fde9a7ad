import { describe, expect, it } from 'vitest';
import { type DistanceCount, fitIntensity } from '../../../src/market/intensity/intensity-fit.js';

/** The derivative of the Poisson log-likelihood in A and in k at (a, k): both 0 at the maximum. */
function score(counts: readonly DistanceCount[], a: number, k: number): [number, number] {
  let dA = 0;
  let dK = 0;
  for (const c of counts) {
    const mean = a * Math.exp(-k * c.distance) * c.exposureS;
    dA += c.trades / a - mean / a;
    dK += -c.distance * c.trades + c.distance * mean;
  }
  return [dA, dK];
}

describe('fitIntensity: the Poisson maximum likelihood of A·e^(−kδ)', () => {
  it('goes through both rates when there are two distances: 500 takers in 1,000 s at 1 cent, 200 in 2,000 s at 3 cents', () => {
    // Rates 0.5 and 0.1 a second: k = ln(0.5 / 0.1) / 0.02 = 80.4719, A = 0.5·e^(0.01k) = 0.5·√5.
    // At the fit the tilted weights are the counts' shares 5/7 and 2/7: var = (10/49)·0.02², and
    // se(k) = 1/√(700·var) = √17.5.
    const fit = fitIntensity([
      { distance: 0.01, trades: 500, exposureS: 1000 },
      { distance: 0.03, trades: 200, exposureS: 2000 },
    ]);
    if (typeof fit === 'string') throw new Error(fit);
    expect(fit.k).toBeCloseTo(Math.log(5) / 0.02, 6);
    expect(fit.a).toBeCloseTo(Math.sqrt(5) / 2, 8);
    expect(fit.kStandardError).toBeCloseTo(Math.sqrt(17.5), 6);
  });

  it('reads the distances where nothing traded: a third, empty distance steepens the fit, and the likelihood is at its maximum', () => {
    const counts = [
      { distance: 0.01, trades: 500, exposureS: 1000 },
      { distance: 0.03, trades: 200, exposureS: 2000 },
      { distance: 0.05, trades: 0, exposureS: 3000 },
    ];
    const fit = fitIntensity(counts);
    if (typeof fit === 'string') throw new Error(fit);
    expect(fit.k).toBeGreaterThan(Math.log(5) / 0.02);
    const [dA, dK] = score(counts, fit.a, fit.k);
    expect(Math.abs(dA)).toBeLessThan(1e-6);
    expect(Math.abs(dK)).toBeLessThan(1e-6);
  });

  it('says why there is no fit: nothing traded, all the exposure at one distance, or no root (trades only beyond the exposure)', () => {
    expect(fitIntensity([])).toBe('no-data');
    expect(fitIntensity([{ distance: 0.01, trades: 0, exposureS: 100 }])).toBe('no-data');
    expect(
      fitIntensity([
        { distance: 0.02, trades: 40, exposureS: 300 },
        { distance: 0.02, trades: 10, exposureS: 100 },
      ]),
    ).toBe('one-distance');
    // Every taker at 2 cents, none at 1 cent where as much rested: the intensity would rise with
    // distance without end.
    expect(
      fitIntensity([
        { distance: 0.01, trades: 0, exposureS: 1000 },
        { distance: 0.02, trades: 30, exposureS: 1000 },
      ]),
    ).toBe('no-root');
  });

  it('fits an intensity that rises with distance (a negative k) rather than failing, for the bounds to refuse', () => {
    const fit = fitIntensity([
      { distance: 0.01, trades: 10, exposureS: 1000 },
      { distance: 0.02, trades: 40, exposureS: 1000 },
    ]);
    if (typeof fit === 'string') throw new Error(fit);
    expect(fit.k).toBeCloseTo(-Math.log(4) / 0.01, 6);
  });
});
