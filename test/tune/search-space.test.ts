/**
 * The search space (src/tune/search-space.ts): the schema's own ranges, and a space file checked
 * against the schema before anything runs: unknown parameters, ranges outside the rule's bounds,
 * non-integer bounds of an integer rule, log scale from 0, refused choices, list items and the
 * guards' settings. Each refusal is a CONFIG error naming the parameter and the rule.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors.js';
import { effectiveValue, ruleAt, withValue } from '../../src/tune/param-paths.js';
import { checkSpace, defaultSpace, readSpaceFile } from '../../src/tune/search-space.js';
import type { Strategy } from '../../src/strategy/strategy.js';
import avellaneda from '../../strategies/avellaneda.js';
import bands from '../../strategies/bands.js';

const dir = mkdtempSync(join(tmpdir(), 'makerd-tune-space-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error `f` throws (fails the test when it returns). */
function catchError(f: () => unknown): Error {
  try {
    f();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a refusal, but it returned');
}

const space = (entries: Record<string, unknown>, strategy: Strategy = avellaneda as Strategy) =>
  checkSpace(entries, strategy, 'space.json');

describe("a strategy's schema as the search space", () => {
  it("avellaneda's: every parameter with a search range, in path order, inside its rule", () => {
    const s = defaultSpace(avellaneda);
    expect(s.map((d) => d.path)).toEqual(['gamma', 'k', 'levelSpacing', 'levels', 'maxInventory', 'minSpread', 'sigmaClip', 'size']);
    expect(s.find((d) => d.path === 'gamma')).toEqual({ path: 'gamma', kind: 'range', type: 'number', min: 0.002, max: 0.2, log: true });
    expect(s.find((d) => d.path === 'levels')).toEqual({ path: 'levels', kind: 'range', type: 'integer', min: 1, max: 3, log: false });
    expect(s.find((d) => d.path === 'size')).toMatchObject({ type: 'decimal', min: 5, max: 60, log: true });
  });

  it('a strategy without search ranges needs a space file', () => {
    const err = catchError(() => defaultSpace(bands));
    expect(err.message).toBe(
      'tune: strategy bands: declares no search range in its parameter schema: give a search-space file (--space FILE)',
    );
    expect((err as { code?: string }).code).toBe(ErrorCode.CONFIG);
  });
});

describe('a space file', () => {
  it('reads ranges, log ranges, choices and the schema’s own (true), sorted by path', () => {
    const s = space({
      size: { min: '8', max: '40', log: true },
      gamma: { min: 0.01, max: 0.1 },
      levels: { values: [1, 2] },
      'guards.enabled': true,
      'guards.fairValue': { values: ['mid', 'microprice'] },
      minSpread: true,
    });
    expect(s).toEqual([
      { path: 'gamma', kind: 'range', type: 'number', min: 0.01, max: 0.1, log: false },
      { path: 'guards.enabled', kind: 'choice', values: [false, true] },
      { path: 'guards.fairValue', kind: 'choice', values: ['mid', 'microprice'] },
      { path: 'levels', kind: 'choice', values: [1, 2] },
      { path: 'minSpread', kind: 'range', type: 'decimal', min: 0, max: 0.06, log: false },
      { path: 'size', kind: 'range', type: 'decimal', min: 8, max: 40, log: true },
    ]);
  });

  it.each([
    [
      { gamma: { min: 0, max: 1 } },
      "space.json: gamma: the range 0 .. 1 reaches outside the schema's range: the parameter must be a number > 0",
    ],
    [
      { levels: { min: 1, max: 25 } },
      "space.json: levels: the range 1 .. 25 reaches outside the schema's range: the parameter must be an integer >= 1 and <= 20",
    ],
    [
      { minSpread: { min: '0', max: '1.5' } },
      "space.json: minSpread: the range 0 .. 1.5 reaches outside the schema's range: the parameter must be a decimal >= 0 and <= 1",
    ],
    [
      { levels: { min: 1, max: 2.5 } },
      'space.json: levels: the range 1 .. 2.5: the parameter is an integer >= 1 and <= 20, so min and max must be integers',
    ],
    [
      { sigmaClip: { min: 0, max: 3, log: true } },
      'space.json: sigmaClip: the range 0 .. 3 cannot be searched in log scale (min must be > 0)',
    ],
    [{ k: { min: 30, max: 10 } }, 'space.json: k: the range 30 .. 10 is empty (min above max)'],
    [{ k: { min: 3 } }, 'space.json: k: "max" must be a number (got undefined)'],
    [{ k: { min: 3, max: 9, step: 1 } }, 'space.json: k: unknown key "step" (a range has min, max and log)'],
    [
      { sigmaHalfLifeS: true },
      'space.json: sigmaHalfLifeS: its rule (a number > 0) has no search range and no upper and lower bound: give {"min": .., "max": ..}',
    ],
    [{ levels: { values: [1, 30] } }, 'space.json: params.levels must be an integer >= 1 and <= 20 (got 30)'],
    [
      { 'guards.fairValue': { values: ['mid', 'last'] } },
      'space.json: params.guards.fairValue must be one of "mid", "microprice" (got "last")',
    ],
    [
      { 'guards.enabled': { min: 0, max: 1 } },
      'space.json: guards.enabled: is true or false: search it with {"values": [..]} (or true for every value)',
    ],
    [
      { gama: { min: 0.1, max: 1 } },
      'space.json: gama is not a parameter of avellaneda (known: gamma, k, sigmaInitial, sigmaFloor, sigmaHalfLifeS, sigmaMinSamples, sigmaClip, horizon, levels, levelSpacing, size, maxInventory, minSpread, guards.*, rewards.*)',
    ],
    [{ 'guards.jumpTick': { min: 1, max: 3 } }, 'space.json: guards.jumpTick is not a field of guards'],
    [{ 'gamma.x': { min: 1, max: 3 } }, 'space.json: gamma.x goes past gamma, which is a single value'],
  ])('refuses %j: %s', (entries, message) => {
    const err = catchError(() => space(entries));
    expect((err as { code?: string }).code).toBe(ErrorCode.CONFIG);
    expect(err.message.startsWith(message)).toBe(true);
  });

  it("bands' list items by index, checked against the item's rule; the list itself is refused", () => {
    expect(space({ 'bands[0].avgMargin': { min: '0.01', max: '0.04' } }, bands)).toEqual([
      { path: 'bands[0].avgMargin', kind: 'range', type: 'decimal', min: 0.01, max: 0.04, log: false },
    ]);
    expect(catchError(() => space({ bands: true }, bands)).message).toBe(
      'space.json: bands is a list: name a field of one of its items, e.g. bands[0].minMargin',
    );
    expect(catchError(() => space({ 'bands[0].avgMargin': { min: '0', max: '2' } }, bands)).message).toContain(
      "reaches outside the schema's range: the parameter must be a decimal >= 0 and <= 1",
    );
  });

  it('from a file: JSON object of paths, refused when empty, not JSON or not an object', () => {
    const f = join(dir, 's.json');
    writeFileSync(f, JSON.stringify({ k: { min: 5, max: 20, log: true } }));
    expect(readSpaceFile(f, avellaneda)).toEqual([{ path: 'k', kind: 'range', type: 'number', min: 5, max: 20, log: true }]);
    writeFileSync(f, '{}');
    expect(catchError(() => readSpaceFile(f, avellaneda)).message).toBe(`--space ${f}: names no parameter: nothing to search`);
    writeFileSync(f, '[1]');
    expect(catchError(() => readSpaceFile(f, avellaneda)).message).toMatch(/must hold a JSON object of parameter names/);
    writeFileSync(f, '{');
    expect(catchError(() => readSpaceFile(f, avellaneda)).message).toMatch(new RegExp(`^--space ${f}: is not JSON: `));
  });
});

describe('parameter paths', () => {
  it('finds the rule of a parameter, a guard setting and a list item field', () => {
    expect(ruleAt(avellaneda, 'gamma')).toEqual({ rule: avellaneda.params.gamma });
    expect(ruleAt(avellaneda, 'guards.jumpTicks')).toMatchObject({ rule: { type: 'number', min: 0 } });
    expect(ruleAt(bands, 'bands[2].maxAmount')).toMatchObject({ rule: { type: 'decimal', min: '0' } });
    expect(ruleAt(avellaneda, 'bad path')).toMatchObject({ problem: expect.stringContaining('is not a parameter path') });
  });

  it('writes a value into a copy, a default list copied first; the input is unchanged', () => {
    const base = { gamma: 0.05, guards: { jumpTicks: 4 } };
    const out = withValue(avellaneda, withValue(avellaneda, base, 'k', 12), 'guards.burstFills', 5);
    expect(out).toEqual({ gamma: 0.05, k: 12, guards: { jumpTicks: 4, burstFills: 5 } });
    expect(base).toEqual({ gamma: 0.05, guards: { jumpTicks: 4 } });
    const banded = withValue(bands, {}, 'bands[0].avgMargin', '0.025');
    expect(banded).toEqual({ bands: [{ ...(bands.params.bands as unknown as { default: object[] }).default[0], avgMargin: '0.025' }] });
    expect(() => withValue(bands, {}, 'bands[3].avgMargin', '0.025')).toThrow('bands[3].avgMargin: the list has no item 3');
  });

  it("reads the value a setting uses: given, else the strategy's guard defaults, else the rule's", () => {
    expect(effectiveValue(avellaneda, { gamma: 0.01 }, 'gamma')).toBe(0.01);
    expect(effectiveValue(avellaneda, {}, 'k')).toBe(10);
    expect(effectiveValue(avellaneda, {}, 'guards.jumpTicks')).toBe(3); // avellaneda's guardDefaults
    expect(effectiveValue(bands, {}, 'guards.jumpTicks')).toBe(5); // the guard schema's default
    expect(effectiveValue(bands, {}, 'bands[0].avgMargin')).toBe('0.02');
  });
});
