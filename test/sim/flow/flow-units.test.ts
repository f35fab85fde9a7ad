/**
 * The flow's integer pricing (flow-units.ts, makerLadderUnits, drawTakersUnits) against the
 * Decimal model it replaces on the hot path: the same orders, texts included, and the same draws.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/money.js';
import { ceilTo, divRoundHalfEven, exactMicro, floorTo, microOf, microText, sharesText } from '../../../src/sim/flow/flow-units.js';
import { createOrderFlow } from '../../../src/sim/flow/index.js';
import { makerLadder, makerLadderUnits, type LadderLevel } from '../../../src/sim/flow/maker-ladder.js';
import { drawTakers, drawTakersUnits, TakerDraws } from '../../../src/sim/flow/taker-arrivals.js';
import { SimRng } from '../../../src/sim/rng.js';
import { makeWorld } from './support.js';

const TICKS = ['0.1', '0.01', '0.001', '0.0001', '0.000001'];
const micro = (d: Decimal): number => d.mul(1_000_000).toNumber();

describe('flow units', () => {
  it('rounds onto the grid as Decimal does (floor, ceil, half-even), for any sign', () => {
    const rng = new SimRng('grid');
    for (let n = 0; n < 5000; n++) {
      const a = Math.floor((rng.next() - 0.5) * 4_000_000);
      const step = [1, 100, 1000, 10_000, 100_000][rng.int(0, 4)]!;
      expect(floorTo(a, step)).toBe(new Decimal(a).div(step).floor().mul(step).toNumber());
      expect(ceilTo(a, step)).toBe(new Decimal(a).div(step).ceil().mul(step).toNumber());
      const y = Math.abs(a) * 1_000_000 + (n % 7 === 0 ? 500_000_000_000 : 0);
      expect(divRoundHalfEven(y, 1e12)).toBe(new Decimal(y).div(1e12).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN).toNumber());
    }
    expect(divRoundHalfEven(2_500_000_000_000, 1e12)).toBe(2);
    expect(divRoundHalfEven(3_500_000_000_000, 1e12)).toBe(4);
  });

  it('reads numbers as their toFixed(6) text and formats micro-units as plain text', () => {
    expect(microOf(0.1234565)).toBe(Number(new Decimal((0.1234565).toFixed(6)).mul(1e6)));
    expect(microOf(0.9999996)).toBe(1_000_000);
    expect(microOf(0)).toBe(0);
    expect(exactMicro(0.02)).toBe(20_000);
    expect(exactMicro(0.0000001)).toBeUndefined();
    expect(exactMicro(-1)).toBeUndefined();
    expect(microText(450_000)).toBe('0.45');
    expect(microText(1)).toBe('0.000001');
  });

  it('formats whole shares as String does, cached or not', () => {
    for (const shares of [0, 1, 7, 20, 30, 4095, 4096, 4097, 123_456, 1_000_000]) {
      expect(sharesText(shares)).toBe(String(shares));
      expect(sharesText(shares)).toBe(String(shares));
    }
  });

  it('microOf reads every number as its toFixed(6) text does, halves and near-halves included', () => {
    const viaText = (x: number): number => Number(new Decimal(x.toFixed(6)).mul(1e6));
    const rng = new SimRng('micro-of');
    const xs: number[] = [2 ** -7, 3 * 2 ** -8, 0.0000005, 0.0000015, 0.5000005, 1.5, 0.9999995, 2 ** 31 / 1e6, 4000.0000005];
    for (let n = 0; n < 3_000; n++) {
      xs.push(rng.next(), rng.next() * 5000, rng.exponential(60));
      // On and next to the halves between micro-units, where the fast path must step aside.
      const half = (Math.floor(rng.next() * 2_000_000) + 0.5) / 1e6;
      xs.push(half, half + 1e-13, half - 1e-13, half * (1 + 2 ** -52), half * (1 - 2 ** -52));
    }
    for (const x of xs) expect(microOf(x), String(x)).toBe(viaText(x));
    expect(() => microOf(-0.5)).toThrow(RangeError);
    expect(() => microOf(Number.NaN)).toThrow(RangeError);
  });

  it('makerLadderUnits gives the Decimal ladder', () => {
    const rng = new SimRng('ladder');
    const out: LadderLevel[] = [];
    for (let n = 0; n < 3000; n++) {
      const tick = new Decimal(TICKS[rng.int(0, TICKS.length - 1)]!);
      const fair = rng.int(0, 1_000_000);
      const levels = rng.int(0, 8);
      const halfSpread = rng.int(0, 60_000) / 1e6;
      const spacing = rng.int(1, 30_000) / 1e6;
      const dec = makerLadder({ fair: new Decimal(fair).div(1e6), tick, levels, halfSpread, spacing, sizeOf: (_s, i) => new Decimal(i) });
      const units = makerLadderUnits(
        { fair, tick: micro(tick), levels, halfSpread: exactMicro(halfSpread)!, spacing: exactMicro(spacing)! },
        out,
      );
      expect(units.map((o) => `${o.side} ${microText(o.price)} ${o.level}`)).toEqual(
        dec.map((o) => `${o.side} ${o.price.toFixed()} ${o.size.toFixed()}`),
      );
    }
  });

  it('drawTakersUnits draws the same numbers and gives the Decimal orders', () => {
    const sizes = ['20', '7.5', '0.3', '1234.567891', '1'];
    // One output for every draw, as the flow uses it: reused records must not keep an old order.
    const out = new TakerDraws();
    for (let n = 0; n < 1500; n++) {
      const setup = new SimRng(`setup:${n}`);
      const tick = new Decimal(TICKS[setup.int(0, 3)]!);
      const fair = setup.int(0, 1_000_000);
      const target = setup.chance(0.5) ? setup.int(0, 1_000_000) : undefined;
      const minSize = new Decimal(setup.int(0, 30)).div(setup.chance(0.5) ? 1 : 4);
      const takerSize = sizes[setup.int(0, sizes.length - 1)]!;
      const common = { dtMs: 250 + setup.int(0, 2000), A: 0.5 + setup.next() * 10, k: 1 + setup.next() * 100, informedShare: setup.next() };
      const a = new SimRng(`draw:${n}`);
      const b = new SimRng(`draw:${n}`);
      const dec = drawTakers(a, {
        ...common,
        fair: new Decimal(fair).div(1e6),
        informedTarget: target === undefined ? undefined : new Decimal(target).div(1e6),
        tick,
        minSize,
        takerSize: new Decimal(takerSize),
      });
      const units = drawTakersUnits(
        b,
        {
          ...common,
          fair: () => fair,
          informedTarget: target,
          tick: micro(tick),
          minShares: minSize.ceil().toNumber(),
          takerSize: micro(new Decimal(takerSize)),
        },
        out,
      ).list();
      expect(units.map((o) => `${o.side} ${microText(o.price)} ${o.shares} ${o.informed}`)).toEqual(
        dec.map((o) => `${o.side} ${o.price.toFixed()} ${o.size.toFixed()} ${o.informed}`),
      );
      expect(b.next()).toBe(a.next());
    }
  });

  it('the flow places the same orders with integer and with Decimal pricing', () => {
    const run = (pricing: 'units' | 'decimal', params: Record<string, unknown>) => {
      const w = makeWorld({ seed: 'units-catalog', markets: 5 });
      const flow = createOrderFlow({ clock: w.clock, exchange: w.exchange, catalog: w.catalog, seed: 'units', params, pricing });
      flow.start();
      w.clock.advance(600 * flow.params.stepMs);
      flow.stop();
      return { placed: w.placed, stats: flow.stats() };
    };
    for (const params of [
      { jumpRate: 1 / 20 },
      { jumpRate: 1 / 10, sigma: 0.05, informedShare: 0.9, A: 3, takerSize: '12.5', makerSize: '7' },
    ]) {
      const units = run('units', params);
      const dec = run('decimal', params);
      expect(units.placed.length).toBeGreaterThan(1000);
      expect(units.placed).toEqual(dec.placed);
      expect(units.stats).toEqual(dec.stats);
    }
  });
});
