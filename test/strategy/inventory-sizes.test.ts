/**
 * The sizes avellaneda and glft quote under inventory, worked out in micro-units where exact,
 * against the Decimal formulas they replace, on random holdings, sizes, limits and size grids
 * (limits like 3 or 0.7 make |q| / maxInventory a repeating decimal: decimal.js's rounded division
 * decides those, and must still be what is quoted).
 */
import { describe, expect, it } from 'vitest';
import { Decimal, ONE, ZERO } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import { gridSize } from '../../src/strategy/grid.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import avellaneda, { quotesFor as avellanedaQuotes } from '../../strategies/avellaneda.js';
import glft, { quotesFor as glftQuotes } from '../../strategies/glft.js';
import { makeView } from './view-fixture.js';

const CASES = 1_500;
const MAX = ['100', '3', '7', '0.7', '30', '12.5', '64', '250', '1000000'];
const SIZES = ['10', '7', '0.3', '25.55', '3'];
const STEPS = ['0.01', '1', '0.1', '0.25'];

const sizeOf = (quotes: readonly { side: string; size: Decimal }[], side: string) =>
  quotes.find((q) => q.side === side)?.size.toFixed() ?? 'none';

function holding(r: SimRng): string {
  const n = r.int(0, 3);
  return n === 0 ? '0' : n === 1 ? String(r.int(1, 120)) : (r.int(1, 12_000_000) / 1_000_000).toFixed(6).replace(/\.?0+$/, '');
}

/** One random case: a limit, a size, a size grid and a holding of both outcomes (q: their difference). */
function drawCase(r: SimRng) {
  const maxInventory = MAX[r.int(0, MAX.length - 1)]!;
  const size = SIZES[r.int(0, SIZES.length - 1)]!;
  const sizeStep = STEPS[r.int(0, STEPS.length - 1)]!;
  const position = [holding(r), holding(r)] as const;
  const view = makeView({ position, sizeStep, minSize: '0.01' });
  return { maxInventory, size, sizeStep, view, q: new Decimal(position[0]).minus(position[1]) };
}

describe('inventory sizes in micro-units', () => {
  it(`avellaneda shrinks the side adding to the exposure as size x max(0, 1 - |q| / maxInventory) (${CASES} cases)`, () => {
    const r = new SimRng('avellaneda-shrink');
    let shrunk = 0;
    for (let i = 0; i < CASES; i++) {
      const { maxInventory, size, sizeStep, view, q } = drawCase(r);
      const p = parseStrategyParams(avellaneda, { maxInventory, size }, 'test');
      const full = gridSize(p.size, view.meta.sizeStep, view.meta.minOrderSize)?.toFixed() ?? 'none';
      const less =
        gridSize(
          p.size.mul(Decimal.max(ZERO, ONE.minus(q.abs().div(p.maxInventory)))),
          view.meta.sizeStep,
          view.meta.minOrderSize,
        )?.toFixed() ?? 'none';
      const got = avellanedaQuotes(view, new Decimal('0.5'), p, 0.02);
      const want = { bid: q.gt(0) ? less : full, ask: q.lt(0) ? less : full };
      expect(
        { bid: sizeOf(got, 'bid'), ask: sizeOf(got, 'ask') },
        `case ${i}: q ${q} of ${maxInventory}, size ${size} step ${sizeStep}`,
      ).toEqual(want);
      if (!q.isZero() && less !== full) shrunk++;
    }
    expect(shrunk).toBeGreaterThan(CASES / 4);
  });

  it('avellaneda keeps decimal.js rounding a repeating |q| / maxInventory: 3 x (1 - 2/3) is quoted 0.99, not 1', () => {
    const p = parseStrategyParams(avellaneda, { maxInventory: '3', size: '3' }, 'test');
    const got = avellanedaQuotes(makeView({ position: ['2', '0'], minSize: '0.01' }), new Decimal('0.5'), p, 0.02);
    expect({ bid: sizeOf(got, 'bid'), ask: sizeOf(got, 'ask') }).toEqual({ bid: '0.99', ask: '3' });
  });

  it(`glft quotes at most what takes the exposure to maxInventory (${CASES} cases)`, () => {
    const r = new SimRng('glft-room');
    let limited = 0;
    for (let i = 0; i < CASES; i++) {
      const { maxInventory, size, sizeStep, view, q } = drawCase(r);
      const p = parseStrategyParams(glft, { maxInventory, size }, 'test');
      const room = (left: Decimal) =>
        gridSize(Decimal.min(p.size, Decimal.max(ZERO, left)), view.meta.sizeStep, view.meta.minOrderSize)?.toFixed() ?? 'none';
      const want = { bid: room(p.maxInventory.minus(q)), ask: room(p.maxInventory.plus(q)) };
      const got = glftQuotes(view, new Decimal('0.5'), p, 0.02);
      expect(
        { bid: sizeOf(got, 'bid'), ask: sizeOf(got, 'ask') },
        `case ${i}: q ${q} of ${maxInventory}, size ${size} step ${sizeStep}`,
      ).toEqual(want);
      if (want.bid !== want.ask) limited++;
    }
    expect(limited).toBeGreaterThan(CASES / 10);
  });
});
