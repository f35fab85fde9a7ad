/**
 * Runs a search: asks the engine (search-engine.ts) for the next runs, runs them as one batch (on
 * the backtest's worker threads with jobs > 1: src/backtest/seed-pool.ts; else in this thread),
 * keeps each run's figures as it finishes and writes the results file at most once a second and
 * at the end, until the engine has nothing left to run. A stop (the CLI's stop signal) writes the
 * runs finished so far and ends with `stopped`: the same command continues from the file.
 */
import { runBacktest } from '../backtest/run-backtest.js';
import type { BacktestSettings, RunResult, StrategyRun } from '../backtest/run-contract.js';
import { BacktestStopped, runPoolTasks, seedWorkerEntry } from '../backtest/seed-pool.js';
import { runError } from '../backtest/seed-wire.js';
import { type StrategySpec, strategyRunOf } from '../backtest/strategy-spec.js';
import { Decimal } from '../money.js';
import type { Strategy } from '../strategy/strategy.js';
import type { Objective, RunFigures } from './objective.js';
import { RESULTS_FORMAT, type ResultsFile, runsRecord, writeResults } from './results-file.js';
import { limitsOf, type SearchDefinition, type Setting, type Shard, searchId } from './search-definition.js';
import { evaluateSearch, type RunKey, type SearchState } from './search-engine.js';

/** Money as the results file keeps it: 6 decimals (micro-USDC), half up, as the backtest's JSON. */
const usdc = (d: Decimal): string => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);

/** What the results file keeps of a run. */
export function figuresOf(r: RunResult): RunFigures {
  return {
    total: usdc(r.total),
    totalPnl: usdc(r.totalPnl),
    rewards: usdc(r.rewards),
    maxInventory: r.maxInventory.toFixed(),
    fills: r.fills,
    volume: usdc(r.volumeNotional),
  };
}

export interface TuneJob {
  readonly def: SearchDefinition;
  readonly objective: Objective;
  readonly strategy: Strategy;
  /** The settings of the brackets this run covers (settingsOf). */
  readonly settings: readonly Setting[];
  readonly brackets: readonly number[];
  readonly shard: Shard | undefined;
  /** The runs' settings, as decoded (def.backtest is their JSON). */
  readonly backtest: BacktestSettings;
  /** The strategy folders (the workers load them). */
  readonly strategyDirs: readonly string[];
  readonly registry: ReadonlyMap<string, Strategy>;
  readonly jobs: number;
  readonly resultsPath: string;
  /** Runs already done (from the results file). */
  readonly runs: Map<number, Map<string, RunFigures>>;
  readonly signal?: AbortSignal;
  /** After every run (and once at the start): the search's state and the runs done by this process. */
  readonly onProgress?: (state: SearchState, runsThisProcess: number) => void;
  /** Milliseconds between writes of the results file while running (default 1000). */
  readonly saveEveryMs?: number;
}

export interface TuneOutcome {
  readonly state: SearchState;
  readonly file: ResultsFile;
  readonly stopped: BacktestStopped | undefined;
}

/** The results file for the job's runs and state. */
export function resultsFileOf(job: Pick<TuneJob, 'def' | 'shard' | 'settings' | 'runs'>, state: SearchState): ResultsFile {
  return {
    format: RESULTS_FORMAT,
    searchId: searchId(job.def),
    search: job.def,
    shard: job.shard ?? null,
    status: state.complete ? 'complete' : 'running',
    result: state.complete ? { brackets: state.brackets, finalists: state.finalists } : null,
    settings: job.settings,
    runs: runsRecord(job.def, job.runs),
  };
}

export async function runSearch(job: TuneJob): Promise<TuneOutcome> {
  const limits = limitsOf(job.def);
  const evaluate = (): SearchState => evaluateSearch(job.def, job.objective, limits, job.settings, job.brackets, job.runs);
  let state = evaluate();
  let doneHere = 0;
  let lastSave = Date.now();
  const save = (): void => {
    writeResults(job.resultsPath, resultsFileOf(job, state));
    lastSave = Date.now();
  };
  const record = (key: RunKey, result: RunResult): void => {
    let row = job.runs.get(key.setting);
    if (row === undefined) job.runs.set(key.setting, (row = new Map()));
    row.set(key.seed, figuresOf(result));
    doneHere++;
    state = evaluate();
    job.onProgress?.(state, doneHere);
    if (Date.now() - lastSave >= (job.saveEveryMs ?? 1000)) save();
  };
  job.onProgress?.(state, 0);
  try {
    while (!state.complete) {
      const batch = state.pending;
      await runBatch(job, batch, record);
      state = evaluate();
    }
  } catch (err) {
    // The runs finished so far are kept whatever ended the search (a stop, or a run that threw).
    save();
    if (!(err instanceof BacktestStopped)) throw err;
    return { state, file: resultsFileOf(job, state), stopped: err };
  }
  save();
  return { state, file: resultsFileOf(job, state), stopped: undefined };
}

/** The batch's settings as data for the workers, and each run's place among them. */
function specsOf(job: TuneJob, batch: readonly RunKey[]): { specs: StrategySpec[]; specOf: Map<number, number> } {
  const byIndex = new Map(job.settings.map((s) => [s.index, s]));
  const specs: StrategySpec[] = [];
  const specOf = new Map<number, number>();
  for (const key of batch) {
    if (specOf.has(key.setting)) continue;
    specOf.set(key.setting, specs.length);
    specs.push({
      label: `#${key.setting}`,
      name: job.strategy.name,
      rawParams: byIndex.get(key.setting)!.params,
      where: `tune setting #${key.setting} (${job.strategy.name})`,
      nameWhere: '--strategy',
      noGuards: false,
    });
  }
  return { specs, specOf };
}

async function runBatch(job: TuneJob, batch: readonly RunKey[], record: (key: RunKey, result: RunResult) => void): Promise<void> {
  const { specs, specOf } = specsOf(job, batch);
  if (job.jobs > 1 && seedWorkerEntry() !== undefined) {
    await runPoolTasks({
      strategyDirs: job.strategyDirs,
      strategies: specs,
      settings: job.backtest,
      digestFlow: false,
      jobs: job.jobs,
      tasks: batch.map((k) => ({ seed: k.seed, strategy: specOf.get(k.setting)! })),
      onResult: (i, result) => record(batch[i]!, result),
      ...(job.signal === undefined ? {} : { signal: job.signal }),
    });
    return;
  }
  // In this thread: one run at a time, yielding between runs so that a stop is seen.
  const runs: StrategyRun[] = specs.map((spec) => strategyRunOf(job.registry, spec));
  for (const [i, key] of batch.entries()) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (job.signal?.aborted === true) {
      const reason: unknown = job.signal.reason;
      throw new BacktestStopped(typeof reason === 'string' ? reason : 'stopped', i, batch.length);
    }
    const strategy = runs[specOf.get(key.setting)!]!;
    let result: RunResult;
    try {
      result = runBacktest({ seed: key.seed, strategy, settings: job.backtest });
    } catch (err) {
      throw runError(err, key.seed, strategy.label);
    }
    record(key, result);
  }
}
