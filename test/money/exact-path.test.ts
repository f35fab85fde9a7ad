/**
 * money.ts's integer path must give exactly what decimal.js gives: the same value and the same
 * internal representation (so every later operation and serialization is unchanged).
 */
import { Decimal as DecimalJs } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Decimal, compareDecimals, isMultipleOf, parseDecimal, roundToTick } from '../../src/money.js';

const Slow = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN, toExpNeg: -30, toExpPos: 40 });

/** mulberry32: seeded, so a failure repeats. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const shape = (d: DecimalJs) => {
  const x = d as unknown as { s: number; e: number; d: number[] | null };
  return { s: x.s, e: x.e, d: x.d, text: d.toFixed() };
};

/** Random plain decimal text: up to `maxInt` integer digits and `maxDp` decimals. */
function randomText(r: () => number, maxInt: number, maxDp: number, negative = false): string {
  const intDigits = Math.floor(r() * (maxInt + 1));
  const dp = Math.floor(r() * (maxDp + 1));
  let int = '';
  for (let i = 0; i < intDigits; i++) int += Math.floor(r() * 10);
  if (int === '') int = '0';
  let frac = '';
  for (let i = 0; i < dp; i++) frac += r() < 0.3 ? '0' : Math.floor(r() * 10);
  const sign = negative && r() < 0.5 ? '-' : '';
  return sign + int + (dp > 0 ? `.${frac}` : '');
}

const TICKS = [
  '0.01',
  '0.001',
  '0.005',
  '0.1',
  '1',
  '0.0001',
  '0.25',
  '0.0000001',
  '0.00000001',
  '5',
  '0.03',
  '10000000',
  '0.00000000000001',
];
const EDGE = [
  '0',
  '0.0',
  '-0',
  '-0.00',
  '1',
  '10000000',
  '10000000.5',
  '9999999.9999999',
  '0.0000001',
  '0.00000001',
  '999999999999999',
  '99999999999999.9',
  '1000000000000000',
  '123456789012345678',
  '0.000000000000001',
  '-123.456',
  '0.99',
  '00012.3400',
];

describe('money: the exact integer path', () => {
  it('parses plain decimal text exactly as decimal.js does', () => {
    const r = rng(1);
    const texts = [...EDGE];
    for (let i = 0; i < 20_000; i++) texts.push(randomText(r, 17, 16, true));
    for (const t of texts) expect(shape(parseDecimal(t)!), t).toEqual(shape(new Slow(t)));
  });

  it('rounds to ticks and checks multiples exactly as decimal.js does', () => {
    const r = rng(2);
    const modes = [
      ['down', Slow.ROUND_FLOOR],
      ['up', Slow.ROUND_CEIL],
      ['nearest', Slow.ROUND_HALF_EVEN],
    ] as const;
    const values = [...EDGE];
    for (let i = 0; i < 2_000; i++) values.push(randomText(r, 9, 9, true));
    for (const v of values) {
      for (const t of TICKS) {
        const slowV = new Slow(v);
        const slowT = new Slow(t);
        const mine = new Decimal(v);
        const tick = new Decimal(t);
        expect(isMultipleOf(mine, tick), `${v} % ${t}`).toBe(slowV.mod(slowT).isZero());
        for (const [dir, mode] of modes) {
          const want = slowV.div(slowT).toDecimalPlaces(0, mode).mul(slowT);
          expect(shape(roundToTick(mine, tick, dir)), `${v} ${dir} ${t}`).toEqual(shape(want));
        }
      }
    }
  });

  it('gives Decimals that compute like decimal.js ones', () => {
    const a = parseDecimal('0.47')!;
    expect(a.plus('0.01').toFixed()).toBe('0.48');
    expect(a.mul(3).toFixed()).toBe('1.41');
    expect(a.constructor).toBe(Decimal);
    expect(roundToTick(new Decimal('0.4749'), new Decimal('0.01'), 'down').minus('0.47').isZero()).toBe(true);
  });
});

describe('compareDecimals', () => {
  it('orders 20,000 random pairs exactly as decimal.js cmp does (signs, zeros, exponents, long fractions)', () => {
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = (): Decimal => {
      const r = next();
      if (r < 0.05) return new Decimal(0);
      const digits = Math.floor(next() * 20) + 1;
      let text = '';
      for (let i = 0; i < digits; i++) text += String(Math.floor(next() * 10));
      const point = Math.floor(next() * (digits + 1));
      const body = point === 0 ? `0.${text}` : point === digits ? text : `${text.slice(0, point)}.${text.slice(point)}`;
      return new Decimal(next() < 0.3 ? `-${body}` : body);
    };
    for (let i = 0; i < 20_000; i++) {
      const a = pick();
      const b = next() < 0.2 ? new Decimal(a) : pick();
      expect(compareDecimals(a, b), `${a.toFixed()} vs ${b.toFixed()}`).toBe(a.cmp(b));
    }
  });
});
