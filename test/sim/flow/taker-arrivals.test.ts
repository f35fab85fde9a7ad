import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/money.js';
import { drawTakers, type TakerSpec } from '../../../src/sim/flow/taker-arrivals.js';
import { SimRng } from '../../../src/sim/rng.js';

const base: TakerSpec = {
  fair: new Decimal('0.5'),
  informedTarget: undefined,
  tick: new Decimal('0.01'),
  minSize: new Decimal('5'),
  dtMs: 1000,
  A: 2,
  k: 50,
  informedShare: 0,
  takerSize: new Decimal('20'),
};

describe('drawTakers', () => {
  it('arrives at rate A per side and reaches distance d with probability exp(-k d)', () => {
    const rng = new SimRng('arrivals');
    const counts = { BUY: 0, SELL: 0 };
    const reach = [0, 0, 0, 0];
    const levels = [0.01, 0.02, 0.04, 0.08];
    const seconds = 2500;
    for (let i = 0; i < seconds; i++) {
      for (const o of drawTakers(rng, base)) {
        counts[o.side]++;
        const d = o.side === 'BUY' ? o.price.minus(base.fair).toNumber() : base.fair.minus(o.price).toNumber();
        levels.forEach((l, j) => {
          if (d >= l - 1e-9) reach[j]!++;
        });
        expect(o.price.mod(base.tick).isZero()).toBe(true);
        expect(o.size.isInteger()).toBe(true);
        expect(o.size.gte(10) && o.size.lte(30)).toBe(true);
        expect(o.informed).toBe(false);
      }
    }
    const total = counts.BUY + counts.SELL;
    expect(counts.BUY / seconds).toBeGreaterThan(1.88);
    expect(counts.BUY / seconds).toBeLessThan(2.12);
    expect(counts.SELL / seconds).toBeGreaterThan(1.88);
    // Fraction reaching each level ~ exp(-k d): 0.61, 0.37, 0.14, 0.018.
    for (const [j, l] of levels.entries()) expect(Math.abs(reach[j]! / total - Math.exp(-50 * l))).toBeLessThan(0.025);
  });

  it('sends informed takers toward the coming jump, one tick short of its target', () => {
    const rng = new SimRng('informed');
    const up = drawTakers(rng, { ...base, A: 50, informedShare: 1, informedTarget: new Decimal('0.62') });
    expect(up.length).toBeGreaterThan(50);
    for (const o of up) expect(o).toMatchObject({ side: 'BUY', informed: true });
    expect(new Set(up.map((o) => o.price.toFixed()))).toEqual(new Set(['0.61']));
    const down = drawTakers(rng, { ...base, A: 50, informedShare: 1, informedTarget: new Decimal('0.381') });
    for (const o of down) expect(o).toMatchObject({ side: 'SELL', price: new Decimal('0.4'), informed: true });
  });

  it('mixes informed and uninformed takers by informedShare and ignores a jump within a tick', () => {
    const rng = new SimRng('mix');
    let informed = 0;
    let total = 0;
    for (let i = 0; i < 2000; i++) {
      for (const o of drawTakers(rng, { ...base, informedShare: 0.25, informedTarget: new Decimal('0.7') })) {
        total++;
        if (o.informed) informed++;
      }
    }
    expect(informed / total).toBeGreaterThan(0.22);
    expect(informed / total).toBeLessThan(0.28);
    const tiny = drawTakers(new SimRng('tiny'), { ...base, A: 50, informedShare: 1, informedTarget: new Decimal('0.505') });
    expect(tiny.every((o) => !o.informed)).toBe(true);
  });

  it('draws the same numbers whether or not a jump is pending (streams do not drift)', () => {
    const a = new SimRng('same');
    const b = new SimRng('same');
    drawTakers(a, { ...base, A: 5 });
    drawTakers(b, { ...base, A: 5, informedShare: 1, informedTarget: new Decimal('0.9') });
    expect(a.next()).toBe(b.next());
  });
});
