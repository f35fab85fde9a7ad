/**
 * Successive halving, bracket by bracket, as a pure function of the runs done so far: given the
 * search, its settings and the stored runs, evaluateSearch says which runs come next and, once
 * none do, the outcome. Resuming is calling it again with the runs a results file kept; merging
 * shards is calling it with their runs together: either way the same runs give the same outcome.
 *
 * A bracket's rungs: the last rung runs every tuning seed; each rung before it runs 1/eta of the
 * next one's seeds (rounded up), down to no fewer than --min-seeds. Rung 0 runs every valid
 * setting of the bracket on its first seeds; each later rung keeps the best ceil(n / eta) of the
 * rung before (ranked by: within the limits first, then score, then index) and runs them on more
 * seeds, the first seeds of the list: a rung's seeds include the rung before's, whose runs are
 * reused. All settings of a rung share its seeds, so their scores compare like with like.
 *
 * The bracket's winner is the first of its last rung, if within the limits; winners run on the
 * validation seeds, which no rung ever sees. Finalists (the winners) are ranked by tuning score:
 * the best is the first. A finalist is flagged `overfit` when its mean validation income falls
 * below its mean tuning income by more than two standard errors of the difference.
 */
import { type Limits, limitBreach, type Objective, type RunFigures, type Scored, scoreRuns } from './objective.js';
import type { SearchDefinition, Setting } from './search-definition.js';

/** A run: a setting on a seed. */
export interface RunKey {
  readonly setting: number;
  readonly seed: string;
}

/** Runs done: setting index -> seed -> figures. */
export type RunStore = ReadonlyMap<number, ReadonlyMap<string, RunFigures>>;

export interface RankedEntry {
  readonly index: number;
  readonly scored: Scored;
  /** The first limit broken on this rung's runs; undefined: within the limits. */
  readonly breach?: string;
}

export interface RungOutcome {
  readonly seeds: number;
  /** Best first. */
  readonly ranked: readonly RankedEntry[];
  /** Those that go on to the next rung (the winner, on the last). */
  readonly kept: readonly number[];
}

export interface BracketOutcome {
  readonly bracket: number;
  /** Its valid settings. */
  readonly settings: readonly number[];
  /** The rungs completed so far. */
  readonly rungs: readonly RungOutcome[];
  /** Set once the last rung is complete (null: none within the limits). */
  readonly winner?: number | null;
}

export interface Finalist {
  readonly index: number;
  readonly bracket: number;
  readonly values: Setting['values'];
  readonly params: unknown;
  readonly tuning: Scored;
  readonly validation: Scored | null;
  /** A limit broken on the validation seeds. */
  readonly validationBreach?: string;
  /** Validation mean below tuning mean by more than two standard errors; null without validation. */
  readonly overfit: boolean | null;
}

export interface SearchState {
  readonly brackets: readonly BracketOutcome[];
  /** The runs to do next (every bracket's next rung, and validation of its winner). */
  readonly pending: readonly RunKey[];
  /** Winners validated (or all winners when there are no validation seeds), best first. */
  readonly finalists: readonly Finalist[];
  readonly complete: boolean;
  /** Settings whose part in the search is over (left out, stopped at a rung, or finalists). */
  readonly settled: number;
  /** The best so far: the first finalist, else the first of the deepest rung done (most seeds, then score). */
  readonly leader: { readonly index: number; readonly score: number; readonly runs: number } | undefined;
  /** Runs of the whole plan (the brackets given), and those done. */
  readonly plannedRuns: number;
  readonly doneRuns: number;
}

/** Seeds per rung, first to last (the last: every tuning seed). */
export function rungSeedCounts(tuningSeeds: number, eta: number, minSeeds: number): number[] {
  const counts = [tuningSeeds];
  for (;;) {
    const prev = Math.ceil(counts[0]! / eta);
    if (prev < Math.max(1, minSeeds) || prev >= counts[0]!) break;
    counts.unshift(prev);
  }
  return counts;
}

/** How many of `n` settings a rung keeps. */
export const keepCount = (n: number, eta: number): number => Math.max(1, Math.ceil(n / eta));

/** Runs a bracket of `n` valid settings takes, validation included. */
export function bracketRuns(n: number, def: SearchDefinition): number {
  if (n === 0) return 0;
  const counts = rungSeedCounts(def.tuningSeeds.length, def.eta, def.minSeeds);
  let runs = 0;
  let alive = n;
  let before = 0;
  counts.forEach((seeds, k) => {
    if (k > 0) alive = keepCount(alive, def.eta);
    runs += alive * (seeds - before);
    before = seeds;
  });
  return runs + def.validationSeeds.length;
}

const rank = (a: RankedEntry, b: RankedEntry): number =>
  (a.breach === undefined ? 0 : 1) - (b.breach === undefined ? 0 : 1) || b.scored.score - a.scored.score || a.index - b.index;

/** The search's state for the settings of `brackets`, given the runs done. */
export function evaluateSearch(
  def: SearchDefinition,
  objective: Objective,
  limits: Limits,
  settings: readonly Setting[],
  brackets: readonly number[],
  runs: RunStore,
): SearchState {
  const counts = rungSeedCounts(def.tuningSeeds.length, def.eta, def.minSeeds);
  const byIndex = new Map(settings.map((s) => [s.index, s]));
  const pending: RunKey[] = [];
  const outcomes: BracketOutcome[] = [];
  const finalists: Finalist[] = [];
  let settled = settings.filter((s) => s.invalid !== undefined).length;
  let plannedRuns = 0;
  let doneRuns = 0;
  const figuresOf = (index: number, seeds: readonly string[]): (RunFigures & { seed: string })[] | undefined => {
    const mine = runs.get(index);
    const out: (RunFigures & { seed: string })[] = [];
    for (const seed of seeds) {
      const f = mine?.get(seed);
      if (f === undefined) return undefined;
      out.push({ ...f, seed });
    }
    return out;
  };
  const need = (indexes: readonly number[], seeds: readonly string[]): boolean => {
    let missing = false;
    for (const index of indexes)
      for (const seed of seeds)
        if (runs.get(index)?.get(seed) === undefined) {
          pending.push({ setting: index, seed });
          missing = true;
        }
    return missing;
  };

  for (const bracket of brackets) {
    const valid = settings.filter((s) => s.bracket === bracket && s.invalid === undefined).map((s) => s.index);
    plannedRuns += bracketRuns(valid.length, def);
    for (const index of valid) {
      const mine = runs.get(index);
      if (mine !== undefined) for (const seed of [...def.tuningSeeds, ...def.validationSeeds]) if (mine.has(seed)) doneRuns++;
    }
    const rungs: RungOutcome[] = [];
    let alive = valid;
    let winner: number | null | undefined;
    for (let k = 0; k < counts.length && alive.length > 0; k++) {
      const seeds = def.tuningSeeds.slice(0, counts[k]);
      if (need(alive, seeds)) break;
      const ranked = alive
        .map((index): RankedEntry => {
          const figures = figuresOf(index, seeds)!;
          const breach = limitBreach(limits, figures);
          return { index, scored: scoreRuns(objective, figures), ...(breach === undefined ? {} : { breach }) };
        })
        .sort(rank);
      const last = k === counts.length - 1;
      const kept = last ? ranked.slice(0, 1).map((e) => e.index) : ranked.slice(0, keepCount(ranked.length, def.eta)).map((e) => e.index);
      rungs.push({ seeds: seeds.length, ranked, kept });
      // The last rung's first is settled once validated (or found outside the limits).
      settled += ranked.length - kept.length;
      if (last) winner = ranked[0]!.breach === undefined ? ranked[0]!.index : null;
      if (winner === null) settled++;
      alive = kept;
    }
    if (valid.length === 0) winner = null;
    outcomes.push({ bracket, settings: valid, rungs, ...(winner === undefined ? {} : { winner }) });
    if (winner === undefined || winner === null) continue;
    if (def.validationSeeds.length > 0 && need([winner], def.validationSeeds)) continue;
    finalists.push(
      finalist(def, objective, limits, byIndex.get(winner)!, figuresOf(winner, def.tuningSeeds)!, figuresOf(winner, def.validationSeeds)!),
    );
    settled++;
  }
  finalists.sort((a, b) => b.tuning.score - a.tuning.score || a.index - b.index);
  return {
    brackets: outcomes,
    leader: leaderOf(outcomes, finalists),
    pending,
    finalists,
    complete: pending.length === 0,
    settled,
    plannedRuns,
    doneRuns,
  };
}

function finalist(
  def: SearchDefinition,
  objective: Objective,
  limits: Limits,
  setting: Setting,
  tuningRuns: readonly (RunFigures & { seed: string })[],
  validationRuns: readonly (RunFigures & { seed: string })[],
): Finalist {
  const tuning = scoreRuns(objective, tuningRuns);
  if (def.validationSeeds.length === 0)
    return {
      index: setting.index,
      bracket: setting.bracket,
      values: setting.values,
      params: setting.params,
      tuning,
      validation: null,
      overfit: null,
    };
  const validation = scoreRuns(objective, validationRuns);
  const breach = limitBreach(limits, validationRuns);
  const se = Math.sqrt(tuning.se ** 2 + validation.se ** 2);
  return {
    index: setting.index,
    bracket: setting.bracket,
    values: setting.values,
    params: setting.params,
    tuning,
    validation,
    ...(breach === undefined ? {} : { validationBreach: breach }),
    overfit: validation.mean < tuning.mean - 2 * se,
  };
}

function leaderOf(brackets: readonly BracketOutcome[], finalists: readonly Finalist[]): SearchState['leader'] {
  const f = finalists[0];
  if (f !== undefined) return { index: f.index, score: f.tuning.score, runs: f.tuning.runs };
  let best: SearchState['leader'];
  for (const b of brackets) {
    const top = b.rungs[b.rungs.length - 1]?.ranked[0];
    if (top === undefined || top.breach !== undefined) continue;
    const cand = { index: top.index, score: top.scored.score, runs: top.scored.runs };
    if (best === undefined || cand.runs > best.runs || (cand.runs === best.runs && cand.score > best.score)) best = cand;
  }
  return best;
}
