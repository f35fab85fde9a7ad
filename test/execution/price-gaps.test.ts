/** The dispatch ranking's price distances in micro-units against decimal.js, on thousands of random prices and ticks. */
import { describe, expect, it } from 'vitest';
import { nearerPrice, nearerPriceDecimal, ticksApart, ticksApartDecimal } from '../../src/execution/price-gaps.js';
import { Decimal } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import { gridValue } from '../support/random-decimals.js';

const CASES = 5_000;

describe('price gaps in micro-units equal decimal.js', () => {
  it(`on ${CASES} random triples: nearer, and ticks apart (whole and fractional)`, () => {
    const r = new SimRng('price-gaps');
    let nearer = 0;
    let whole = 0;
    let fractional = 0;
    for (let i = 0; i < CASES; i++) {
      const tick = new Decimal(r.pick(['0.01', '0.001', '0.005', '0.0001']));
      // Mostly on the tick's grid, now and then on a finer one or past the micro-unit.
      const unit = r.chance(0.8) ? tick.toFixed() : r.pick(['0.001', '0.000001']);
      const price = (): Decimal => gridValue(r, unit, 1, Math.round(0.99 / Number(unit)), 0.03);
      const [a, b, p] = [price(), price(), r.chance(0.2) ? price() : price()];
      const n = nearerPrice(a, b, p);
      expect(n, `case ${i}`).toBe(nearerPriceDecimal(a, b, p));
      // Equal distances on both sides: neither is strictly nearer.
      expect(nearerPrice(a, a, p)).toBe(false);
      if (n) nearer++;
      const t = ticksApart(a, p, tick);
      expect(t, `case ${i}`).toBe(ticksApartDecimal(a, p, tick));
      if (Number.isInteger(t)) whole++;
      else fractional++;
    }
    expect(nearer).toBeGreaterThan(CASES / 4);
    expect(nearer).toBeLessThan((CASES * 3) / 4);
    expect(whole).toBeGreaterThan(CASES / 2);
    expect(fractional).toBeGreaterThan(CASES / 20);
  });
});
