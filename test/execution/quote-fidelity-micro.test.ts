/**
 * Quote fidelity's integer check (quotesWithinMicro) against its Decimal check on thousands of
 * random markets: the same verdict whenever the integer path decides, and quotesWithin always
 * the Decimal verdict.
 */
import { describe, expect, it } from 'vitest';
import { microPrices } from '../../src/execution/price-gaps.js';
import { quotesWithin, quotesWithinDecimal, quotesWithinMicro } from '../../src/execution/quote-fidelity.js';
import { Decimal } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import { gridValue } from '../support/random-decimals.js';

const CASES = 5_000;
const TOKENS = ['m:0', 'm:1'] as const;

interface W {
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: Decimal;
  size: Decimal;
}
interface L {
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: Decimal;
  remaining: Decimal;
}

function randomMarket(r: SimRng): { wanted: W[]; live: L[]; tolerance: Decimal } {
  const tick = r.pick(['0.01', '0.01', '0.001', '0.005']);
  const near = r.int(20, 80) * (0.01 / Number(tick));
  const price = (): Decimal => gridValue(r, tick, Math.max(1, near - 4), near + 4, 0.01);
  const size = (): Decimal => gridValue(r, r.pick(['0.01', '1', '0.000001']), 1, 3_000, 0.01);
  const side = (): 'BUY' | 'SELL' => (r.chance(0.75) ? 'BUY' : 'SELL');
  const wanted: W[] = [];
  for (let i = r.int(0, 6); i > 0; i--) wanted.push({ tokenId: r.pick(TOKENS), side: side(), price: price(), size: size() });
  // Mostly the wanted orders resting as wanted (within tolerance is common), then some off them.
  const live: L[] = [];
  if (r.chance(0.5))
    for (const w of wanted)
      if (r.chance(0.9)) live.push({ ...w, remaining: r.chance(0.8) ? w.size : w.size.minus(gridValue(r, '0.01', 0, 200)) });
  for (let i = r.int(0, live.length === 0 ? 6 : 2); i > 0; i--) {
    const w = wanted.length > 0 && r.chance(0.7) ? r.pick(wanted) : undefined;
    live.push({
      tokenId: w?.tokenId ?? r.pick(TOKENS),
      side: w?.side ?? side(),
      price: w !== undefined && r.chance(0.7) ? w.price.plus(new Decimal(tick).mul(r.int(-2, 2))) : price(),
      remaining: w !== undefined && r.chance(0.5) ? w.size.minus(gridValue(r, '0.01', -100, 300)) : size(),
    });
  }
  const tolerance = new Decimal(tick).mul(r.pick([0, 0, 1, 2]));
  return { wanted, live, tolerance: r.chance(0.01) ? tolerance.plus('0.0000001') : tolerance };
}

describe('the integer quote-fidelity check equals the Decimal check', () => {
  it(`on ${CASES} random markets`, () => {
    const r = new SimRng('quote-fidelity-integer');
    let integer = 0;
    let within = 0;
    for (let i = 0; i < CASES; i++) {
      const { wanted, live, tolerance } = randomMarket(r);
      const reference = quotesWithinDecimal(wanted, live, tolerance);
      const fast = quotesWithinMicro(wanted, live, tolerance);
      if (fast !== undefined) {
        integer++;
        expect(fast, `case ${i}`).toBe(reference);
      }
      expect(quotesWithin(wanted, live, tolerance), `case ${i}`).toBe(reference);
      // With the wanted prices kept from an earlier call, as the executor's observer does.
      expect(quotesWithin(wanted, live, tolerance, microPrices(wanted)), `case ${i}`).toBe(reference);
      if (reference) within++;
    }
    expect(integer).toBeGreaterThan(CASES * 0.8);
    // Both verdicts are common: the cases reach the price and the share checks.
    expect(within).toBeGreaterThan(CASES / 10);
    expect(within).toBeLessThan(CASES * 0.9);
  });
});
