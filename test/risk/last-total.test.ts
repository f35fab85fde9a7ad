/** LastTotal (src/risk/last-total.ts): the Decimal of a micro-unit total, rebuilt only when the total changes. */
import { describe, expect, it } from 'vitest';
import { Decimal, ZERO } from '../../src/money.js';
import { LastTotal } from '../../src/risk/last-total.js';
import { shape } from '../support/random-decimals.js';

describe('LastTotal', () => {
  it('gives the Decimal of the total, the same one while the total repeats', () => {
    const last = new LastTotal();
    expect(last.of(0, 6)).toBe(ZERO);
    const a = last.of(12_500_000, 6);
    expect(shape(a)).toEqual(shape(new Decimal('12.5')));
    expect(last.of(12_500_000, 6)).toBe(a);
    expect(shape(last.of(12_500_001, 6))).toEqual(shape(new Decimal('12.500001')));
    expect(shape(last.of(12_500_000, 6))).toEqual(shape(new Decimal('12.5')));
    expect(shape(last.of(4_800_000_000_000, 12))).toEqual(shape(new Decimal('4.8')));
    expect(last.of(0, 12)).toBe(ZERO);
  });
});
