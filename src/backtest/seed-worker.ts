/**
 * The entry of a seed worker (seed-pool.ts): started once per `makerd backtest --jobs N` run with
 * the run's strategies and settings, it loads the strategy folders once, then runs one seed's
 * backtest per task it is sent and answers with the result (seed-wire.ts), progress on the way,
 * or the error the run threw. Compiled to seed-worker.js beside seed-pool.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadStrategies } from '../strategy/strategy-registry.js';
import { runBacktest, type BacktestSettings, type StrategyRun } from './run-backtest.js';
import type { PoolMessage, TaskMessage, WorkerSetup } from './seed-pool.js';
import { decodeDecimals, encodeDecimals, encodeError } from './seed-wire.js';
import { strategyRunOf } from './strategy-spec.js';

const port = parentPort;
if (port === null) throw new Error('seed-worker.js runs as a worker thread of seed-pool.js');
const setup = workerData as WorkerSetup;
const settings = decodeDecimals(setup.settings) as BacktestSettings;
const ready: Promise<StrategyRun[]> = loadStrategies(setup.strategyDirs).then((registry) =>
  setup.strategies.map((spec) => strategyRunOf(registry, spec)),
);
// A failed start-up answers every task with its error (the main thread stops at the first).
ready.catch(() => {});

const send = (m: PoolMessage): void => port.postMessage(m);

port.on('message', (task: TaskMessage) => {
  ready.then(
    (strategies) => {
      try {
        const result = runBacktest({
          seed: task.seed,
          strategy: strategies[task.strategy]!,
          settings,
          digestFlow: setup.digestFlow,
          ...(setup.progress ? { onProgress: (done: number) => send({ type: 'progress', index: task.index, done }) } : {}),
        });
        send({ type: 'result', index: task.index, result: encodeDecimals(result) });
      } catch (err) {
        send({ type: 'error', index: task.index, error: encodeError(err) });
      }
    },
    (err: unknown) => send({ type: 'error', index: task.index, error: encodeError(err) }),
  );
});
