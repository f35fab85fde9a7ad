/**
 * The settings of a search (src/tune/sampler.ts, search-definition.ts): setting i is a function of
 * the search seed, the space and i alone (so a shard computes its own, and a longer search starts
 * with a shorter one's settings), inside every range, evenly spread, rounded to 4 significant
 * digits; setting 0 is the base; brackets are i mod B and shards take brackets by index.
 */
import { describe, expect, it } from 'vitest';
import { dimensionShifts, sampleValues, valueAt } from '../../src/tune/sampler.js';
import { type SearchDefinition, settingsOf, shardBrackets } from '../../src/tune/search-definition.js';
import { checkSpace, defaultSpace, type Dimension } from '../../src/tune/search-space.js';
import avellaneda from '../../strategies/avellaneda.js';
import bands from '../../strategies/bands.js';

const space = defaultSpace(avellaneda);

const def = (over: Partial<SearchDefinition> = {}): SearchDefinition => ({
  strategy: 'avellaneda',
  base: {},
  space,
  settings: 30,
  brackets: 3,
  eta: 3,
  minSeeds: 2,
  searchSeed: '7',
  tuningSeeds: ['1', '2', '3'],
  validationSeeds: ['4'],
  objective: 'mean',
  limits: { maxInventory: null, maxLoss: null },
  backtest: {},
  ...over,
});

describe('sampled settings', () => {
  it('setting i depends on the seed, the space and i alone', () => {
    expect(sampleValues(space, '7', 12)).toEqual(sampleValues(space, '7', 12));
    expect(sampleValues(space, '7', 12)).not.toEqual(sampleValues(space, '8', 12));
    expect(sampleValues(space, '7', 12)).not.toEqual(sampleValues(space, '7', 13));
    // A search of 10 settings begins with the 10 of a search of 30.
    const short = settingsOf(def({ settings: 10 }), avellaneda);
    const long = settingsOf(def({ settings: 30 }), avellaneda);
    expect(short.map((s) => s.values)).toEqual(long.slice(0, 10).map((s) => s.values));
  });

  it('stays inside every range, integers whole, 4 significant digits, decimals as text', () => {
    for (let i = 1; i <= 200; i++) {
      const v = sampleValues(space, 'x', i);
      for (const d of space) {
        const x = v[d.path]!;
        if (d.kind !== 'range') continue;
        const n = Number(x);
        expect(n).toBeGreaterThanOrEqual(d.min);
        expect(n).toBeLessThanOrEqual(d.max);
        if (d.type === 'integer') expect(Number.isInteger(x)).toBe(true);
        if (d.type === 'decimal') expect(typeof x).toBe('string');
        else expect(typeof x).toBe('number');
        expect(Number(n.toPrecision(4))).toBe(n);
      }
    }
  });

  it('spreads evenly: 60 settings leave no tenth of any range empty', () => {
    // Independent draws leave some tenth of a range empty about 2 % of the time, in one of the
    // 7 ranges about 12 % of the time; Halton points, 1/b apart in base b <= 19, never do.
    for (const d of space) {
      if (d.kind !== 'range' || d.type === 'integer') continue;
      const tenths = new Array<number>(10).fill(0);
      for (let i = 1; i <= 60; i++) {
        const n = Number(sampleValues(space, '3', i)[d.path]);
        const u = d.log ? Math.log(n / d.min) / Math.log(d.max / d.min) : (n - d.min) / (d.max - d.min);
        tenths[Math.min(9, Math.floor(u * 10))]!++;
      }
      expect(
        tenths.filter((t) => t === 0),
        d.path,
      ).toEqual([]);
    }
  });

  it('maps a point of [0, 1) onto a dimension: log scale, integers and choices', () => {
    const log: Dimension = { path: 'x', kind: 'range', type: 'number', min: 1, max: 100, log: true };
    expect(valueAt(log, 0)).toBe(1);
    expect(valueAt(log, 0.5)).toBe(10);
    const int: Dimension = { path: 'x', kind: 'range', type: 'integer', min: 1, max: 3, log: false };
    expect([0, 0.33, 0.34, 0.66, 0.67, 0.999].map((u) => valueAt(int, u))).toEqual([1, 1, 2, 2, 3, 3]);
    const choice: Dimension = { path: 'x', kind: 'choice', values: ['a', 'b'] };
    expect([0.1, 0.6].map((u) => valueAt(choice, u))).toEqual(['a', 'b']);
    const dec: Dimension = { path: 'x', kind: 'range', type: 'decimal', min: 0, max: 0.06, log: false };
    expect(valueAt(dec, 0.123456)).toBe('0.007407');
    expect(dimensionShifts('7', 3)).toEqual(dimensionShifts('7', 3));
  });
});

describe('settings, brackets and shards', () => {
  it('setting 0 is the base with its values; sampled ones carry the base under their values', () => {
    const base = { gamma: 0.01, sigmaInitial: 0.01, guards: { jumpTicks: 4 } };
    const s = settingsOf(def({ base }), avellaneda);
    expect(s[0]).toMatchObject({ index: 0, bracket: 0, params: base });
    expect(s[0]!.values).toMatchObject({ gamma: 0.01, k: 10, levels: 1, size: '10' });
    expect(s[5]!.params).toMatchObject({ sigmaInitial: 0.01, guards: { jumpTicks: 4 }, ...s[5]!.values });
    expect(s.map((x) => x.bracket)).toEqual(s.map((x) => x.index % 3));
  });

  it('shard I of K takes the brackets b with b mod K = I - 1', () => {
    expect(shardBrackets(def({ brackets: 5 }), undefined)).toEqual([0, 1, 2, 3, 4]);
    expect(shardBrackets(def({ brackets: 5 }), { index: 1, count: 2 })).toEqual([0, 2, 4]);
    expect(shardBrackets(def({ brackets: 5 }), { index: 2, count: 2 })).toEqual([1, 3]);
    expect(shardBrackets(def({ brackets: 2 }), { index: 3, count: 3 })).toEqual([]);
    const one = settingsOf(def(), avellaneda);
    const halves = [...settingsOf(def(), avellaneda, [0, 2]), ...settingsOf(def(), avellaneda, [1])].sort((a, b) => a.index - b.index);
    expect(halves).toEqual(one);
  });

  it("a setting the strategy's cross-field rules refuse is kept, marked invalid, not run", () => {
    const bandSpace = checkSpace({ 'bands[0].avgMargin': { min: '0.005', max: '0.05' } }, bands, 'space');
    const s = settingsOf(def({ strategy: 'bands', space: bandSpace, settings: 12 }), bands);
    const invalid = s.filter((x) => x.invalid !== undefined);
    // avgMargin outside the default band's [0.01, 0.04] breaks minMargin <= avgMargin <= maxMargin.
    expect(invalid.length).toBeGreaterThan(0);
    for (const x of invalid) {
      const m = Number(x.values['bands[0].avgMargin']);
      expect(m < 0.01 || m > 0.04).toBe(true);
      expect(x.invalid).toMatch(/^setting #\d+: params\.bands\[0\]: minMargin <= avgMargin <= maxMargin/);
    }
  });

  it('the base must pass: its error is the search’s', () => {
    expect(() => settingsOf(def({ base: { gamma: -1 } }), avellaneda)).toThrow(
      'tune: the base parameters (avellaneda): params.gamma must be a number > 0 (got -1)',
    );
  });
});
