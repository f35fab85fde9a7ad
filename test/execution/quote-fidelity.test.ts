import { describe, expect, it } from 'vitest';
import { QuoteFidelity } from '../../src/execution/quote-fidelity.js';

describe('QuoteFidelity', () => {
  it('accrues time with the state of the earlier observation, per market and for all together', () => {
    const f = new QuoteFidelity();
    expect(f.overall(0)).toBeUndefined();
    f.observe('a', false, 1_000);
    f.observe('b', true, 1_000);
    // Observed for no time yet: the current state.
    expect(f.ratios(1_000)).toEqual(
      new Map([
        ['a', 0],
        ['b', 1],
      ]),
    );
    f.observe('a', true, 4_000);
    f.observe('b', false, 2_000);
    f.observe('b', true, 3_000);
    expect(f.within('a')).toBe(true);
    // a: 3 s out, 1 s within; b: 1 s within, 1 s out, 2 s within.
    expect(f.ratios(5_000)).toEqual(
      new Map([
        ['a', 0.25],
        ['b', 0.75],
      ]),
    );
    expect(f.overall(5_000)).toBe(0.5);
    // An observation dated before the last one adds no time.
    f.observe('a', false, 4_500);
    expect(f.ratios(5_000).get('a')).toBe(0.25);
  });
});
