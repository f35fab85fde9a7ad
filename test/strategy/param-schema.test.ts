/** Strategy parameters: defaults applied, every bad value refused with an exact message. */
import { describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import { Decimal } from '../../src/money.js';
import { describeParams, parseStrategyParams, validateParams } from '../../src/strategy/param-schema.js';
import type { ParamSchema, Strategy } from '../../src/strategy/strategy.js';

const WHERE = 'market 0xabc (bands)';

const SCHEMA: ParamSchema = {
  gamma: { type: 'number', min: 0, exclusiveMin: true, max: 10, default: 0.1, unit: '1/share', doc: 'Risk aversion' },
  levels: { type: 'number', integer: true, min: 1, default: 2, doc: 'Levels per side' },
  size: { type: 'decimal', min: '0', exclusiveMin: true, default: '10', unit: 'shares', doc: 'Size per level' },
  post: { type: 'boolean', default: true, doc: 'Post only' },
  sides: { type: 'enum', values: ['both', 'bid', 'ask'], default: 'both', doc: 'Sides quoted' },
  bands: {
    type: 'list',
    minItems: 1,
    default: [{ maxMargin: '0.02' }],
    doc: 'Bands',
    item: {
      maxMargin: { type: 'decimal', min: '0', unit: 'price', doc: 'Outer edge' },
      weight: { type: 'number', min: 0, default: 1, doc: 'Weight' },
    },
  },
};

function thrown(fn: () => unknown): MakerdError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MakerdError) return err;
    throw err;
  }
  throw new Error('expected a MakerdError');
}

const errorOf = (raw: unknown) => thrown(() => validateParams(SCHEMA, raw, WHERE));

const message = (raw: unknown) => errorOf(raw).message;

describe('validateParams', () => {
  it('applies every default, turns decimals into Decimal and validates list defaults', () => {
    const out = validateParams(SCHEMA, undefined, WHERE);
    expect(out.gamma).toBe(0.1);
    expect(out.levels).toBe(2);
    expect((out.size as Decimal).toFixed()).toBe('10');
    expect(out.size).toBeInstanceOf(Decimal);
    expect(out.post).toBe(true);
    expect(out.sides).toBe('both');
    const bands = out.bands as { maxMargin: Decimal; weight: number }[];
    expect(bands.map((b) => [b.maxMargin.toFixed(), b.weight])).toEqual([['0.02', 1]]);
  });

  it('takes given values; a decimal from a string or a finite JSON number, exactly', () => {
    const out = validateParams(
      SCHEMA,
      { gamma: 10, size: 0.1, sides: 'bid', post: false, bands: [{ maxMargin: '0.03', weight: 0 }, { maxMargin: 0.05 }] },
      WHERE,
    );
    expect(out.gamma).toBe(10);
    expect((out.size as Decimal).toFixed()).toBe('0.1');
    expect(out.sides).toBe('bid');
    expect(out.post).toBe(false);
    const bands = out.bands as { maxMargin: Decimal; weight: number }[];
    expect(bands.map((b) => [b.maxMargin.toFixed(), b.weight])).toEqual([
      ['0.03', 0],
      ['0.05', 1],
    ]);
  });

  it('errors are CONFIG errors naming the parameter path in `field`', () => {
    const err = errorOf({ bands: [{ maxMargin: '0.01' }, { maxMargin: '-1' }] });
    expect(err.code).toBe(ErrorCode.CONFIG);
    expect(err.where).toBe('strategy');
    expect(err.field).toBe('params.bands[1].maxMargin');
    expect(err.message).toBe('market 0xabc (bands): params.bands[1].maxMargin must be a decimal >= 0 (got "-1")');
  });

  it('refuses wrong types and out-of-range values with the rule', () => {
    expect(message({ gamma: 0 })).toBe('market 0xabc (bands): params.gamma must be a number > 0 and <= 10 (got 0)');
    expect(message({ gamma: 10.5 })).toBe('market 0xabc (bands): params.gamma must be a number > 0 and <= 10 (got 10.5)');
    expect(message({ gamma: '0.1' })).toBe('market 0xabc (bands): params.gamma must be a number > 0 and <= 10 (got "0.1")');
    expect(message({ levels: 1.5 })).toBe('market 0xabc (bands): params.levels must be an integer >= 1 (got 1.5)');
    expect(message({ levels: 0 })).toBe('market 0xabc (bands): params.levels must be an integer >= 1 (got 0)');
    expect(message({ size: '0' })).toBe('market 0xabc (bands): params.size must be a decimal > 0 (got "0")');
    expect(message({ size: '1e3' })).toBe('market 0xabc (bands): params.size must be a decimal > 0 (got "1e3")');
    expect(message({ size: true })).toBe('market 0xabc (bands): params.size must be a decimal > 0 (got true)');
    expect(message({ post: 'yes' })).toBe('market 0xabc (bands): params.post must be true or false (got "yes")');
    expect(message({ sides: 'buy' })).toBe('market 0xabc (bands): params.sides must be one of "both", "bid", "ask" (got "buy")');
    expect(message({ bands: [] })).toBe('market 0xabc (bands): params.bands must be a list of at least 1 item (got [])');
    expect(message({ bands: { maxMargin: '0.1' } })).toBe(
      'market 0xabc (bands): params.bands must be a list of at least 1 item (got {"maxMargin":"0.1"})',
    );
    expect(message({ bands: [5] })).toBe('market 0xabc (bands): params.bands[0] must be an object (got 5)');
  });

  it('names a missing required value and unknown keys, at the top and inside list items', () => {
    expect(message({ bands: [{ weight: 2 }] })).toBe('market 0xabc (bands): params.bands[0].maxMargin must be a decimal >= 0 (missing)');
    expect(message({ gama: 0.1 })).toBe(
      'market 0xabc (bands): params.gama is not a known parameter (known: gamma, levels, size, post, sides, bands) (got 0.1)',
    );
    expect(message({ bands: [{ maxMargin: '0.1', maxMargn: '0.2' }] })).toBe(
      'market 0xabc (bands): params.bands[0].maxMargn is not a known parameter (known: maxMargin, weight) (got "0.2")',
    );
    expect(message([1])).toBe('market 0xabc (bands): params must be an object (got [1])');
    expect(message(null)).toBe('market 0xabc (bands): params must be an object (got null)');
  });

  it('shortens a long value in the message', () => {
    const long = 'x'.repeat(100);
    expect(message({ sides: long })).toBe(
      `market 0xabc (bands): params.sides must be one of "both", "bid", "ask" (got "${'x'.repeat(76)}...)`,
    );
  });
});

describe('parseStrategyParams', () => {
  const strategy: Strategy<{ lo: Decimal; hi: Decimal }> = {
    name: 'pair',
    description: 'test',
    params: { lo: { type: 'decimal', doc: 'low' }, hi: { type: 'decimal', doc: 'high' } },
    parse(raw) {
      const lo = raw.lo as Decimal;
      const hi = raw.hi as Decimal;
      if (lo.gt(hi)) throw new Error(`params: lo <= hi is required (got ${lo}, ${hi})`);
      return { lo, hi };
    },
    initialState: () => undefined,
    quote: (_view, _params, state) => ({ quotes: [], state }),
  };

  it('runs the schema, then the strategy cross-field check, as CONFIG errors prefixed with where', () => {
    expect(parseStrategyParams(strategy, { lo: '1', hi: '2' }, 'market 0xabc (pair)').hi.toFixed()).toBe('2');
    const cross = thrown(() => parseStrategyParams(strategy, { lo: '3', hi: '2' }, 'market 0xabc (pair)'));
    expect(cross.code).toBe(ErrorCode.CONFIG);
    expect(cross.message).toBe('market 0xabc (pair): params: lo <= hi is required (got 3, 2)');
    const schema = thrown(() => parseStrategyParams(strategy, { lo: '3' }, 'market 0xabc (pair)'));
    expect(schema.code).toBe(ErrorCode.CONFIG);
    expect(schema.message).toBe('market 0xabc (pair): params.hi must be a decimal (missing)');
  });
});

describe('describeParams', () => {
  it('gives one row per parameter and per list item field', () => {
    expect(describeParams(SCHEMA)).toEqual([
      { name: 'gamma', type: 'number > 0 and <= 10', unit: '1/share', default: '0.1', doc: 'Risk aversion' },
      { name: 'levels', type: 'integer >= 1', unit: '', default: '2', doc: 'Levels per side' },
      { name: 'size', type: 'decimal > 0', unit: 'shares', default: '"10"', doc: 'Size per level' },
      { name: 'post', type: 'true or false', unit: '', default: 'true', doc: 'Post only' },
      { name: 'sides', type: 'one of "both", "bid", "ask"', unit: '', default: '"both"', doc: 'Sides quoted' },
      { name: 'bands', type: 'list of at least 1 item', unit: '', default: '[{"maxMargin":"0.02"}]', doc: 'Bands' },
      { name: 'bands[].maxMargin', type: 'decimal >= 0', unit: 'price', default: '', doc: 'Outer edge' },
      { name: 'bands[].weight', type: 'number >= 0', unit: '', default: '1', doc: 'Weight' },
    ]);
  });
});
