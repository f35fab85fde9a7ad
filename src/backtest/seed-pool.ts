/**
 * Backtest runs on worker threads (`makerd backtest --jobs N`): N workers, started once per plan
 * and reused, each loading the strategies once (seed-worker.ts) and running one run (a seed under
 * one strategy) per task. Tasks go out in the plan's order (seed by seed, the strategies of a seed
 * in turn, as runPlan runs them) to whichever worker is free; results come back in any order and
 * are put back in plan order, their Decimals rebuilt exactly (seed-wire.ts), so that every figure,
 * table, JSON, report and flow digest equals a run in one thread: a run depends on its seed, its
 * strategy and the settings alone (run-backtest.ts draws from streams named by the seed).
 * runPoolTasks runs any list of (seed, strategy) runs the same way, each result handed on as it
 * comes (`makerd tune` keeps them in its results file, src/tune).
 *
 * A run that throws fails the plan with the error the same plan throws in one thread: the first
 * failing run in plan order (runs before it still in flight are waited for; none after it is
 * started), its seed named (runError). An abort of `signal` (the CLI's stop signal: Ctrl-C)
 * terminates the workers at once and rejects with BacktestStopped.
 *
 * The worker is the compiled seed-worker.js beside this module's compiled file. Run from the
 * TypeScript sources (vitest imports .ts; a worker thread cannot), there is none: seedWorkerEntry()
 * is then undefined and callers run in-process (tests of the pool spawn the compiled package).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BacktestSettings, RunResult } from './run-contract.js';
import { decodeDecimals, decodeError, encodeDecimals, runError, type WireError } from './seed-wire.js';
import type { StrategySpec } from './strategy-spec.js';

/** What a worker starts with (workerData). */
export interface WorkerSetup {
  readonly strategyDirs: readonly string[];
  readonly strategies: readonly StrategySpec[];
  /** BacktestSettings, encoded (seed-wire.ts). */
  readonly settings: unknown;
  readonly digestFlow: boolean;
  /** Send progress within runs (only when the plan shows it). */
  readonly progress: boolean;
}

/** A task: run `seed` under strategy number `strategy`; `index` is its place in the plan. */
export interface TaskMessage {
  readonly index: number;
  readonly seed: string;
  readonly strategy: number;
}

/** What a worker answers. */
export type PoolMessage =
  | { readonly type: 'progress'; readonly index: number; readonly done: number }
  | { readonly type: 'result'; readonly index: number; readonly result: unknown }
  | { readonly type: 'error'; readonly index: number; readonly error: WireError };

export interface SeedPoolPlan {
  /** The strategy folders to load (the built-in one, strategy.dir). */
  readonly strategyDirs: readonly string[];
  readonly strategies: readonly StrategySpec[];
  readonly seeds: readonly string[];
  readonly settings: BacktestSettings;
  readonly digestFlow: boolean;
  /** Worker threads (at most one per run). */
  readonly jobs: number;
  /** Runs finished (fractional while some run) out of all; `current` the run that reported. */
  readonly onProgress?: (done: number, total: number, current: { label: string; seed: string }) => void;
  /** Aborted: the workers are terminated and the plan rejects with BacktestStopped. */
  readonly signal?: AbortSignal;
}

/** One run of a task list (runPoolTasks): `seed` under strategy number `strategy`. */
export interface PoolTask {
  readonly seed: string;
  readonly strategy: number;
}

/** Any list of runs on worker threads (`makerd tune` sends ragged ones: not every strategy on every seed). */
export interface TaskPoolPlan extends Omit<SeedPoolPlan, 'seeds'> {
  readonly tasks: readonly PoolTask[];
  /** Each run's result as it comes back (any order): `index` is its place in `tasks`. */
  readonly onResult?: (index: number, result: RunResult) => void;
}

/** The plan was stopped (the CLI's stop signal) before its runs ended. */
export class BacktestStopped extends Error {
  constructor(
    readonly reason: string,
    readonly finished: number,
    readonly total: number,
  ) {
    super(`backtest: stopped (${reason}) after ${finished} of ${total} run(s)`);
    this.name = 'BacktestStopped';
  }
}

/**
 * Each worker's young generation, MB (V8's nursery, where new objects start: two semi-spaces and
 * the space for large new objects). A run allocates over a gigabyte per market-day, much of it
 * living for seconds of market time; with V8's default (16 MB semi-spaces) more of it survives
 * into the old generation, which costs more to collect. 20 market-days on two workers took 5 %
 * less time and CPU with it, for about 40 MB more memory per worker (docs/measured-results.md).
 */
export const WORKER_YOUNG_GENERATION_MB = 96;

/** The compiled worker entry beside this module, or undefined when running from the TypeScript sources. */
export function seedWorkerEntry(): URL | undefined {
  if (!import.meta.url.endsWith('.js')) return undefined;
  const url = new URL('./seed-worker.js', import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : undefined;
}

/** Every run of the plan on worker threads: results per strategy (plan order), per seed (seed order). */
export function runSeedPool(plan: SeedPoolPlan): Promise<RunResult[][]> {
  const n = plan.strategies.length;
  const tasks: PoolTask[] = plan.seeds.flatMap((seed) => plan.strategies.map((_, i) => ({ seed, strategy: i })));
  return runPoolTasks({ ...plan, tasks }).then((results) => plan.strategies.map((_, i) => plan.seeds.map((_, s) => results[s * n + i]!)));
}

/** The runs of `plan.tasks` on worker threads, sent in list order: their results in list order. */
export function runPoolTasks(plan: TaskPoolPlan): Promise<RunResult[]> {
  const entry = seedWorkerEntry();
  if (entry === undefined) return Promise.reject(new Error('backtest: the seed workers need the compiled package (npm run build)'));
  const tasks: TaskMessage[] = plan.tasks.map((t, index) => ({ index, seed: t.seed, strategy: t.strategy }));
  const total = tasks.length;
  const results: (RunResult | undefined)[] = new Array(total);
  const current = (index: number): { label: string; seed: string } => ({
    label: plan.strategies[tasks[index]!.strategy]!.label,
    seed: tasks[index]!.seed,
  });
  const setup: WorkerSetup = {
    strategyDirs: plan.strategyDirs,
    strategies: plan.strategies,
    settings: encodeDecimals(plan.settings),
    digestFlow: plan.digestFlow,
    progress: plan.onProgress !== undefined,
  };

  return new Promise<RunResult[]>((resolve, reject) => {
    const workers: Worker[] = [];
    const busy = new Map<Worker, number>();
    const running = new Map<number, number>();
    let next = 0;
    let finished = 0;
    let failure: { index: number; error: WireError } | undefined;
    let ended = false;

    const end = (outcome: () => void): void => {
      if (ended) return;
      ended = true;
      plan.signal?.removeEventListener('abort', onAbort);
      for (const w of workers) void w.terminate();
      outcome();
    };
    const onAbort = (): void => {
      const reason = plan.signal?.reason;
      end(() => reject(new BacktestStopped(typeof reason === 'string' ? reason : 'stopped', finished, total)));
    };
    const settle = (): void => {
      if (running.size > 0) return;
      if (failure !== undefined) {
        const f = failure;
        const { seed, label } = current(f.index);
        end(() => reject(runError(decodeError(f.error), seed, label)));
      } else if (finished === total) {
        end(() => resolve(results as RunResult[]));
      }
    };
    const dispatch = (w: Worker): void => {
      if (failure !== undefined || next >= total) {
        busy.delete(w);
        settle();
        return;
      }
      const task = tasks[next++]!;
      busy.set(w, task.index);
      running.set(task.index, 0);
      w.postMessage(task);
    };
    const fail = (index: number, error: WireError): void => {
      running.delete(index);
      if (failure === undefined || index < failure.index) failure = { index, error };
    };
    const progress = (index: number): void => {
      if (plan.onProgress === undefined) return;
      let inFlight = 0;
      for (const f of running.values()) inFlight += f;
      plan.onProgress(Math.min(total, finished + inFlight), total, current(index));
    };

    if (plan.signal?.aborted === true) return onAbort();
    plan.signal?.addEventListener('abort', onAbort);
    const count = Math.max(1, Math.min(plan.jobs, total));
    for (let k = 0; k < count; k++) {
      const w = new Worker(entry, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
      workers.push(w);
      w.on('message', (m: PoolMessage) => {
        if (ended) return;
        if (m.type === 'progress') {
          if (running.has(m.index)) running.set(m.index, m.done);
          progress(m.index);
          return;
        }
        if (m.type === 'result') {
          running.delete(m.index);
          results[m.index] = decodeDecimals(m.result) as RunResult;
          finished++;
          plan.onResult?.(m.index, results[m.index]!);
          plan.onProgress?.(finished, total, current(m.index));
        } else fail(m.index, m.error);
        dispatch(w);
      });
      // A worker that dies (its module failed to load, out of memory) fails the run it had.
      const died = (error: WireError): void => {
        if (ended) return;
        const index = busy.get(w);
        busy.delete(w);
        if (index !== undefined) fail(index, error);
        else if (failure === undefined) failure = { index: next < total ? next : total - 1, error };
        settle();
      };
      w.on('error', (err) =>
        died({
          makerd: false,
          name: err instanceof Error ? err.name : 'Error',
          message: err instanceof Error ? err.message : String(err),
          stack: err instanceof Error ? err.stack : undefined,
        }),
      );
      w.on('exit', (code) => died({ makerd: false, name: 'Error', message: `backtest worker exited (code ${code})`, stack: undefined }));
      dispatch(w);
    }
  });
}
