/**
 * money.ts's micro-units and the shortcuts built on them, against decimal.js on thousands of
 * random values: microOf is exact or undefined, fromScaledInt builds decimal.js's own
 * representation, priceWordOf is a price's exact 10^-7 count or undefined, toPlainString prints
 * decimal.js's text, roundedNumber rounds a number as
 * `new Decimal(x).toDecimalPlaces(dp)` does (half-even ties included).
 */
import { describe, expect, it } from 'vitest';
import { Decimal, fromScaledInt, microOf, priceWordOf, roundedNumber, toPlainString } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import { randomText, shape } from '../support/random-decimals.js';

const CASES = 5_000;

describe('micro-units', () => {
  it(`microOf and fromScaledInt round-trip exactly, and refuse what is not exact (${CASES} values)`, () => {
    const r = new SimRng('micro-units');
    let exact = 0;
    for (let i = 0; i < CASES; i++) {
      const d = new Decimal(randomText(r, 11, 8, true));
      const m = microOf(d);
      const fits = d.decimalPlaces() <= 6 && d.abs().lt(1e9);
      expect(m !== undefined, d.toFixed()).toBe(fits);
      if (m === undefined) continue;
      exact++;
      expect(Number.isSafeInteger(m)).toBe(true);
      expect(new Decimal(m).div(1e6).eq(d), d.toFixed()).toBe(true);
      const back = fromScaledInt(m);
      expect(shape(back), d.toFixed()).toEqual(shape(d.isZero() ? new Decimal(0) : d));
      expect(toPlainString(d), d.toFixed()).toBe(d.toFixed());
    }
    expect(exact).toBeGreaterThan(CASES / 3);
    expect(toPlainString(new Decimal('-0'))).toBe(new Decimal('-0').toFixed());
    expect(toPlainString(new Decimal('0.1234567'))).toBe('0.1234567');
  });

  it(`microOf of one-word Decimals (prices, small whole sizes) equals the exact quotient (${CASES} values)`, () => {
    const r = new SimRng('micro-one-word');
    const texts = ['0.0000001', '0.000001', '0.9999999', '9999999', '0.5', '-0.47', '1e-7', '1e-6', '1e8', '1e9', '-1e9'];
    for (let i = 0; i < CASES; i++) {
      const word = String(r.int(1, 9_999_999));
      const kind = r.int(0, 2);
      if (kind === 0) texts.push(`0.${word.padStart(7, '0')}`.replace(/0+$/, ''));
      else if (kind === 1) texts.push(`${r.int(0, 1) === 0 ? '-' : ''}${word}e${r.int(-20, 20)}`);
      else texts.push(`0.${'0'.repeat(r.int(0, 12))}${word}`);
    }
    let oneWord = 0;
    for (const t of texts) {
      const d = new Decimal(t);
      // Words align on powers of 1e7: some exponents split the digits in two (held by the test above).
      if ((d as unknown as { d: number[] }).d.length !== 1) continue;
      oneWord++;
      const scaled = d.mul(1e6);
      const fits = scaled.isInteger() && scaled.abs().lt(1e15);
      expect(microOf(d), t).toBe(fits ? scaled.toNumber() : undefined);
    }
    expect(oneWord).toBeGreaterThan(CASES / 3);
  });

  it(`priceWordOf is x * 10^7 for 0 < x < 1 of at most 7 decimals, else undefined (${CASES} values)`, () => {
    const r = new SimRng('price-word');
    const texts = ['0.0000001', '0.00000001', '0.9999999', '0.99999999', '0.5', '-0.5', '0', '1', '1.5', '0.01', '0.001', '0.0001'];
    for (let i = 0; i < CASES; i++) {
      // Mostly prices of up to 7 decimals (trailing zeros kept), some of 8 to 12, some anything.
      const kind = r.int(0, 4);
      if (kind <= 2) texts.push(`0.${String(r.int(1, 9_999_999)).padStart(7, '0')}`.slice(0, r.int(3, 9)));
      else if (kind === 3) texts.push(`0.${String(r.int(1, 999_999_999_999)).padStart(12, '0')}`.slice(0, r.int(10, 14)));
      else texts.push(randomText(r, 3, 9, true));
    }
    let words = 0;
    for (const t of texts) {
      const d = new Decimal(t);
      const scaled = d.mul(1e7);
      const fits = d.gt(0) && d.lt(1) && scaled.isInteger();
      expect(priceWordOf(d), t).toBe(fits ? scaled.toNumber() : undefined);
      if (fits) words++;
    }
    expect(words).toBeGreaterThan(CASES / 4);
  });

  it(`fromScaledInt builds decimal.js's representation at every scale and magnitude (${CASES} x 15 values)`, () => {
    const r = new SimRng('from-scaled');
    const cases = [1, 9_999_999, 10_000_000, 10 ** 14, 10 ** 14 + 1, 2 ** 53 - 1, 100_000_000_000_000];
    for (let i = 0; i < CASES; i++) {
      // Magnitudes across one, two and three integer words, with zero words inside and at the end.
      const digits = r.int(1, 15);
      let n = Math.floor(r.next() * 10 ** digits);
      if (r.int(0, 3) === 0) n = n - (n % 10 ** r.int(0, digits));
      cases.push(Math.min(n, 2 ** 53 - 1));
    }
    for (const n of cases) {
      for (let k = 0; k <= 14; k++) {
        for (const signed of [n, -n]) {
          const expected = new Decimal(signed).div(new Decimal(10).pow(k));
          const got = fromScaledInt(signed, k);
          expect(shape(got), `${signed} at ${k}`).toEqual(shape(signed === 0 ? new Decimal(0) : expected));
        }
      }
    }
    // Each Decimal has its own digits: changing one (decimal.js never does) leaves the others alone.
    const a = fromScaledInt(470_000);
    const b = fromScaledInt(470_000);
    expect((a as unknown as { d: number[] }).d).not.toBe((b as unknown as { d: number[] }).d);
  });

  it(`roundedNumber equals new Decimal(x).toDecimalPlaces(dp) (${CASES} numbers, ties included)`, () => {
    const r = new SimRng('rounded-number');
    const cases: number[] = [0, -0, 1, 0.5, 1e-7, 4e-13, 123456789.123, 1e21, Number.MIN_VALUE, 0.46999999999999997];
    for (let i = 0; i < CASES; i++) {
      const kind = r.int(0, 4);
      if (kind === 0) cases.push(1 / (1 + Math.exp(-r.normal() * 3)));
      else if (kind === 1) cases.push(r.next() * 10 ** r.int(-8, 9));
      // Exact ties at the rounding digit: ...5 right after the kept decimals.
      else if (kind === 2) cases.push(Number(`0.${String(r.int(0, 99_999_999_999)).padStart(11, '0')}${r.int(0, 9)}5`));
      else if (kind === 3) cases.push(Number(`${r.int(0, 999)}.${String(r.int(0, 9_999_999)).padStart(7, '0')}5`));
      else cases.push(-r.next());
    }
    for (const x of cases) {
      for (const dp of [12, 6, 2, 0]) {
        expect(shape(roundedNumber(x, dp)), `${x} at ${dp}`).toEqual(shape(new Decimal(x).toDecimalPlaces(dp, Decimal.ROUND_HALF_EVEN)));
      }
    }
  });
});
