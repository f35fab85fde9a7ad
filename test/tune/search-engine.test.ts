/**
 * Successive halving as a function of the runs done (src/tune/search-engine.ts), on made-up run
 * figures: the rungs' seeds, which runs come next, who survives each rung (score, then the
 * limits, then index), the winners validated, the overfit flag, and the objective's arithmetic.
 */
import { describe, expect, it } from 'vitest';
import { limitBreach, parseObjective, type RunFigures, scoreRuns } from '../../src/tune/objective.js';
import type { SearchDefinition, Setting } from '../../src/tune/search-definition.js';
import { bracketRuns, evaluateSearch, keepCount, rungSeedCounts } from '../../src/tune/search-engine.js';

const seeds = (from: number, n: number): string[] => Array.from({ length: n }, (_, i) => String(from + i));

const def = (over: Partial<SearchDefinition> = {}): SearchDefinition => ({
  strategy: 'avellaneda',
  base: {},
  space: [],
  settings: 9,
  brackets: 1,
  eta: 3,
  minSeeds: 1,
  searchSeed: '1',
  tuningSeeds: seeds(1, 9),
  validationSeeds: seeds(100, 4),
  objective: 'mean',
  limits: { maxInventory: null, maxLoss: null },
  backtest: {},
  ...over,
});

const settings = (d: SearchDefinition, invalid: number[] = []): Setting[] =>
  Array.from({ length: d.settings }, (_, index) => ({
    index,
    bracket: index % d.brackets,
    values: {},
    params: { index },
    ...(invalid.includes(index) ? { invalid: 'refused' } : {}),
  }));

const fig = (total: number, maxInventory = 10): RunFigures => ({
  total: total.toFixed(6),
  totalPnl: total.toFixed(6),
  rewards: '0.000000',
  maxInventory: String(maxInventory),
  fills: 3,
  volume: '10.000000',
});

/** Runs every pending run with `income(setting, seed)` until the search completes; returns the final state. */
function runAll(d: SearchDefinition, s: Setting[], income: (setting: number, seed: string) => RunFigures, objective = 'mean') {
  const o = parseObjective(objective);
  if ('problem' in o) throw new Error(o.problem);
  const runs = new Map<number, Map<string, RunFigures>>();
  const limits = { maxInventory: d.limits.maxInventory ?? undefined, maxLoss: d.limits.maxLoss ?? undefined };
  const brackets = Array.from({ length: d.brackets }, (_, b) => b);
  const batches: number[] = [];
  for (;;) {
    const state = evaluateSearch(d, o, limits, s, brackets, runs);
    if (state.complete) return { state, runs, batches };
    batches.push(state.pending.length);
    for (const k of state.pending) {
      if (!runs.has(k.setting)) runs.set(k.setting, new Map());
      runs.get(k.setting)!.set(k.seed, income(k.setting, k.seed));
    }
  }
}

describe('rungs', () => {
  it('seed counts: the last every tuning seed, each earlier one 1/eta of the next, not below min-seeds', () => {
    expect(rungSeedCounts(9, 3, 1)).toEqual([1, 3, 9]);
    expect(rungSeedCounts(10, 3, 2)).toEqual([2, 4, 10]);
    expect(rungSeedCounts(10, 3, 3)).toEqual([4, 10]);
    expect(rungSeedCounts(3, 3, 2)).toEqual([3]);
    expect(rungSeedCounts(20, 2, 3)).toEqual([3, 5, 10, 20]);
    expect([9, 10, 4, 1].map((n) => keepCount(n, 3))).toEqual([3, 4, 2, 1]);
  });

  it('counts the runs of a bracket exactly: the seeds of earlier rungs are reused', () => {
    // 9 settings x 1 seed, 3 x 2 more, 1 x 6 more, then 4 validation seeds.
    expect(bracketRuns(9, def())).toBe(9 + 6 + 6 + 4);
    expect(bracketRuns(0, def())).toBe(0);
  });
});

describe('successive halving', () => {
  it('runs rung by rung, keeps the best third, validates the winner: the runs the plan counted', () => {
    const d = def();
    // Setting i earns i USDC on every seed, except that setting 8 is lucky on seed 1 only.
    const { state, runs, batches } = runAll(d, settings(d), (i, seed) => fig(i === 8 && seed === '1' ? 20 : i === 8 ? -5 : i));
    expect(batches).toEqual([9, 6, 6, 4]);
    const [b] = state.brackets;
    expect(b!.rungs.map((r) => r.seeds)).toEqual([1, 3, 9]);
    expect(b!.rungs[0]!.kept).toEqual([8, 7, 6]);
    expect(b!.rungs[1]!.kept).toEqual([7]);
    expect(b!.rungs[1]!.ranked.map((e) => e.index)).toEqual([7, 6, 8]);
    expect(b!.winner).toBe(7);
    expect(state.finalists).toHaveLength(1);
    expect(state.finalists[0]).toMatchObject({
      index: 7,
      params: { index: 7 },
      tuning: { runs: 9, mean: 7, sd: 0 },
      validation: { runs: 4, mean: 7 },
    });
    expect(state.finalists[0]!.overfit).toBe(false);
    expect(state.doneRuns).toBe(state.plannedRuns);
    expect([...runs.values()].reduce((a, r) => a + r.size, 0)).toBe(25);
    expect(state.settled).toBe(9);
  });

  it('the same runs in any order give the same outcome (resume, shards)', () => {
    const d = def({ brackets: 3, settings: 12 });
    const income = (i: number, seed: string): RunFigures => fig(((i * 7 + Number(seed) * 3) % 11) - 4);
    const whole = runAll(d, settings(d), income);
    // Brackets alone, then together: a shard's view of its brackets equals the whole's.
    const o = parseObjective('mean') as Exclude<ReturnType<typeof parseObjective>, { problem: string }>;
    const limits = { maxInventory: undefined, maxLoss: undefined };
    const part = evaluateSearch(
      d,
      o,
      limits,
      settings(d).filter((s) => s.bracket === 1),
      [1],
      whole.runs,
    );
    expect(part.brackets).toEqual([whole.state.brackets[1]]);
    expect(whole.state.finalists.map((f) => f.bracket).sort()).toEqual([0, 1, 2]);
    // Best first, by tuning score.
    const scores = whole.state.finalists.map((f) => f.tuning.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('limits rank a setting last and it never wins; a bracket with none within them has no winner', () => {
    const d = def({ limits: { maxInventory: '50', maxLoss: null }, validationSeeds: [] });
    const s = settings(d);
    // The best earners hold too much inventory.
    const { state } = runAll(d, s, (i) => fig(i, i >= 6 ? 80 : 10));
    expect(state.brackets[0]!.rungs[0]!.ranked.slice(0, 3).map((e) => e.index)).toEqual([5, 4, 3]);
    expect(state.brackets[0]!.rungs[0]!.ranked[6]).toMatchObject({
      index: 8,
      breach: 'seed 1: largest |inventory| 80 shares > --max-inventory 50',
    });
    expect(state.finalists[0]).toMatchObject({ index: 5, validation: null, overfit: null });
    const none = runAll(d, s, (i) => fig(i, 80)).state;
    expect(none.brackets[0]!.winner).toBeNull();
    expect(none.finalists).toEqual([]);
    expect(none.complete).toBe(true);
  });

  it('flags a finalist whose validation mean falls more than two standard errors below its tuning mean', () => {
    const d = def({ settings: 1, tuningSeeds: seeds(1, 4), validationSeeds: seeds(100, 4) });
    const s = settings(d);
    const noisy = (mean: number) => (seed: string) => fig(mean + (Number(seed) % 2 === 0 ? 1 : -1));
    expect(runAll(d, s, (_, seed) => (Number(seed) < 100 ? noisy(10)(seed) : noisy(6)(seed))).state.finalists[0]!.overfit).toBe(true);
    // se of each mean: sd 1.155 / 2 = 0.577; difference se 0.816: a drop of 1.5 is within two.
    expect(runAll(d, s, (_, seed) => (Number(seed) < 100 ? noisy(10)(seed) : noisy(8.5)(seed))).state.finalists[0]!.overfit).toBe(false);
  });

  it('leaves settings the strategy refused out of every rung', () => {
    const d = def();
    const { state } = runAll(d, settings(d, [8, 7]), (i) => fig(i));
    expect(state.brackets[0]!.settings).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(state.brackets[0]!.winner).toBe(6);
    expect(state.settled).toBe(9);
  });
});

describe('the objective', () => {
  const runs = [fig(1), fig(3), fig(8)];
  it.each([
    ['mean', 4],
    ['mean-sd:1', 4 - Math.sqrt(13)],
    ['mean-sd:0.5', 4 - 0.5 * Math.sqrt(13)],
    ['mean-se:2', 4 - (2 * Math.sqrt(13)) / Math.sqrt(3)],
  ])('%s of incomes 1, 3, 8', (text, score) => {
    const o = parseObjective(text);
    if ('problem' in o) throw new Error(o.problem);
    expect(scoreRuns(o, runs).score).toBeCloseTo(score, 7);
    expect(scoreRuns(o, runs)).toMatchObject({ runs: 3, mean: 4, meanFills: 3, maxInventory: 10 });
  });

  it('names what it does not know', () => {
    expect(parseObjective('sharpe')).toEqual({
      problem: 'unknown objective "sharpe": must be mean, mean-sd:K or mean-se:K (K a number >= 0)',
    });
    expect(parseObjective('mean-sd:-1')).toHaveProperty('problem');
    expect(parseObjective('mean-sd:01.50')).toEqual({ text: 'mean-sd:1.5', kind: 'mean-sd', k: 1.5 });
  });

  it('limits: the first run over --max-inventory or under -(--max-loss), named', () => {
    const r = [
      { ...fig(-3, 20), seed: '4' },
      { ...fig(-12, 20), seed: '5' },
    ];
    expect(limitBreach({ maxInventory: '20', maxLoss: '10' }, r)).toBe('seed 5: income -12.000000 USDC < -(--max-loss 10)');
    expect(limitBreach({ maxInventory: '19.5', maxLoss: undefined }, r)).toBe(
      'seed 4: largest |inventory| 20 shares > --max-inventory 19.5',
    );
    expect(limitBreach({ maxInventory: undefined, maxLoss: '12' }, r)).toBeUndefined();
  });
});
