/**
 * The results file of `makerd tune` (--results): the search (its definition and identity), the
 * settings of the brackets it covers, every run done (each run's figures, money as exact text),
 * and, once complete, the outcome. It is written whole (a temporary file renamed over it) as runs
 * finish, so Ctrl-C or a crash leaves the last good one; the same command run again reads it and
 * does only the runs it lacks. Its JSON has no time stamp and a fixed order (settings by index,
 * runs by setting then in the search's seed order), so the same runs give the same bytes: the
 * merge of a search's shards is the file one run of the search writes.
 */
import { readFileSync } from 'node:fs';
import { writeWhole } from '../data-dir/write-whole.js';
import { ErrorCode, MakerdError } from '../errors.js';
import type { RunFigures } from './objective.js';
import { canonicalJson, type SearchDefinition, type Setting, type Shard, searchId } from './search-definition.js';
import type { RunStore, SearchState } from './search-engine.js';

export const RESULTS_FORMAT = 'makerd-tune-results/1';

export interface ResultsFile {
  readonly format: typeof RESULTS_FORMAT;
  readonly searchId: string;
  readonly search: SearchDefinition;
  /** The slice this file covers; null: the whole search (one run, or shards merged). */
  readonly shard: Shard | null;
  readonly status: 'running' | 'complete';
  /** The outcome (set when complete): brackets with their rungs, finalists best first. */
  readonly result: Pick<SearchState, 'brackets' | 'finalists'> | null;
  readonly settings: readonly Setting[];
  /** setting index -> seed -> figures. */
  readonly runs: Readonly<Record<string, Readonly<Record<string, RunFigures>>>>;
}

function configError(message: string, field = 'results'): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, message, { where: 'tune', field });
}

/** The runs of a store as the file keeps them: settings by index, seeds in the search's order. */
export function runsRecord(def: SearchDefinition, runs: RunStore): Record<string, Record<string, RunFigures>> {
  const seeds = [...def.tuningSeeds, ...def.validationSeeds];
  const out: Record<string, Record<string, RunFigures>> = {};
  for (const index of [...runs.keys()].sort((a, b) => a - b)) {
    const mine = runs.get(index)!;
    const row: Record<string, RunFigures> = {};
    for (const seed of seeds) {
      const f = mine.get(seed);
      if (f !== undefined) row[seed] = f;
    }
    if (Object.keys(row).length > 0) out[String(index)] = row;
  }
  return out;
}

/** The store of a file's runs. */
export function runStoreOf(file: Pick<ResultsFile, 'runs'>): Map<number, Map<string, RunFigures>> {
  const store = new Map<number, Map<string, RunFigures>>();
  for (const [index, row] of Object.entries(file.runs)) store.set(Number(index), new Map(Object.entries(row)));
  return store;
}

export function writeResults(path: string, file: ResultsFile): void {
  writeWhole(path, `${JSON.stringify(file, null, 1)}\n`);
}

/** A results file as read, its form checked (not yet its search: sameSearch). */
export function readResults(path: string): ResultsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw configError(`tune: cannot read the results file ${path}: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw configError(`tune: the results file ${path} is not JSON: ${(err as Error).message}`);
  }
  const o = value as Partial<ResultsFile> | null;
  if (typeof o !== 'object' || o === null || o.format !== RESULTS_FORMAT)
    throw configError(`tune: ${path} is not a results file of makerd tune (no "format": "${RESULTS_FORMAT}")`);
  if (
    typeof o.search !== 'object' ||
    o.search === null ||
    typeof o.runs !== 'object' ||
    o.runs === null ||
    !Array.isArray(o.settings) ||
    typeof o.searchId !== 'string'
  )
    throw configError(`tune: the results file ${path} is damaged (search, settings or runs missing)`);
  if (searchId(o.search) !== o.searchId)
    throw configError(`tune: the results file ${path} is damaged: its search does not match its searchId ${o.searchId}`);
  return o as ResultsFile;
}

/** Which option each part of the search comes from, for the message naming a difference. */
const SOURCES: Readonly<Record<keyof SearchDefinition, string>> = {
  strategy: '--strategy',
  base: 'the base parameters (--params, strategy.params)',
  space: 'the search space (--space, the schema)',
  settings: '--settings',
  brackets: '--brackets',
  eta: '--eta',
  minSeeds: '--min-seeds',
  searchSeed: '--search-seed',
  tuningSeeds: 'the tuning seeds (--seeds, --seed-start)',
  validationSeeds: 'the validation seeds (--validation-seeds, --validation-seed-start)',
  objective: '--objective',
  limits: 'the limits (--max-inventory, --max-loss)',
  backtest: 'the runs (--world, --kind, --flow..., --hours, --markets, fees, rewards, the configuration)',
};

/** The first leaf where `a` and `b` differ, as a path (`backtest.hours`), or undefined. */
function firstDifference(a: unknown, b: unknown, path: string): { path: string; a: unknown; b: unknown } | undefined {
  if (canonicalJson(a) === canonicalJson(b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b))
    return { path, a, b };
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path === '' ? k : `${path}.${k}`);
    if (d !== undefined) return d;
  }
  return { path, a, b };
}

const short = (v: unknown): string => {
  const t = v === undefined ? 'missing' : JSON.stringify(v);
  return t.length > 60 ? `${t.slice(0, 57)}...` : t;
};

/** Undefined when `file` holds runs of `def`'s search; else the difference, in words. */
export function searchDifference(file: ResultsFile, def: SearchDefinition): string | undefined {
  if (file.searchId === searchId(def)) return undefined;
  const d = firstDifference(file.search, def, '');
  if (d === undefined) return undefined;
  const top = d.path.split('.')[0] as keyof SearchDefinition;
  return `${SOURCES[top] ?? d.path}: ${d.path} is ${short(d.a)} there, ${short(d.b)} here`;
}

/** Refuses a results file of another search, naming the first difference. */
export function checkSameSearch(path: string, file: ResultsFile, def: SearchDefinition, shard: Shard | undefined): void {
  const diff = searchDifference(file, def);
  if (diff !== undefined)
    throw configError(
      `tune: the results file ${path} is from another search (${diff}): give another --results file, or the options that made it`,
    );
  const theirs = file.shard === null ? 'the whole search' : `shard ${file.shard.index}/${file.shard.count}`;
  const ours = shard === undefined ? 'the whole search' : `shard ${shard.index}/${shard.count}`;
  if (theirs !== ours) throw configError(`tune: the results file ${path} holds ${theirs} of this search, and this run is ${ours}`);
}

/**
 * The shards' files as one: the same search, the same shard count, each shard once and complete.
 * Returns the search, the union of their settings (by index) and of their runs.
 */
export function mergeShards(files: readonly { path: string; file: ResultsFile }[]): {
  def: SearchDefinition;
  settings: Setting[];
  runs: Map<number, Map<string, RunFigures>>;
} {
  const first = files[0];
  if (first === undefined) throw configError('tune merge: give the results files of every shard', 'merge');
  const count = first.file.shard?.count;
  const seen = new Map<number, string>();
  for (const { path, file } of files) {
    if (file.searchId !== first.file.searchId) {
      const diff = firstDifference(first.file.search, file.search, '');
      throw configError(
        `tune merge: ${path} is from another search than ${first.path}${diff === undefined ? '' : ` (${diff.path}: ${short(diff.a)} against ${short(diff.b)})`}`,
        'merge',
      );
    }
    if (file.shard === null) throw configError(`tune merge: ${path} holds the whole search, not a shard: nothing to merge`, 'merge');
    if (file.shard.count !== count)
      throw configError(`tune merge: ${path} is shard ${file.shard.index}/${file.shard.count}, ${first.path} of ${count} shards`, 'merge');
    const twice = seen.get(file.shard.index);
    if (twice !== undefined) throw configError(`tune merge: ${twice} and ${path} are both shard ${file.shard.index}/${count}`, 'merge');
    seen.set(file.shard.index, path);
    if (file.status !== 'complete')
      throw configError(
        `tune merge: ${path} (shard ${file.shard.index}/${count}) is not finished: run its tune command again to finish it`,
        'merge',
      );
  }
  const missing = Array.from({ length: count ?? 0 }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0)
    throw configError(
      `tune merge: shard ${missing.map((i) => `${i}/${count}`).join(', ')} missing: give every shard's results file`,
      'merge',
    );
  const settings = files.flatMap((f) => f.file.settings).sort((a, b) => a.index - b.index);
  const runs = new Map<number, Map<string, RunFigures>>();
  for (const { file } of files) for (const [index, row] of runStoreOf(file)) runs.set(index, row);
  return { def: first.file.search, settings, runs };
}
