/**
 * Agreement of a replay with the paper run it replays (docs/recording-and-replay.md#agreement-with-paper-mode):
 * makerd runs in paper mode against the simulator (real HTTP and market stream on port 0, busy
 * synthetic flow, 4 markets, `bands`, polls every 250 ms) with record.dir set, until its virtual
 * orders have filled FILLS times; then `makerd backtest --replay`'s run (runReplay, with the
 * strategy, risk limits and executor settings of the paper run's configuration) replays that
 * folder. Stated bound: exact. The replay's fills are the paper journal's, one for one and in
 * order (token, side, price, size, venue time, fee, rebate), and its realized PnL equals the
 * paper portfolio's to the micro-USDC. The seeds run side by side, so the paper runs are under load.
 * The same holds across a restart: two daemon runs one after the other on one recording folder and
 * one data directory (its paper journal), replayed as one folder.
 */
import { describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../src/sim/simulator.js';
import { expectSameFills, paperRun, replayRun } from '../support/paper-replay-run.js';

const SEEDS = ['agreement', 's2', 's3'];
/** Virtual fills a paper run makes before it is stopped (a few seconds of the busy flow). */
const FILLS = 12;

/** Paper runs on every seed side by side, 4 markets each, each daemon run stopped at `fills` virtual fills. */
function paperRuns(fills: number, runs = 1) {
  const env = (sim: RunningSimulator) => ({ MAKERD_MARKETS: sim.world.catalog.markets.map((m) => m.conditionId).join(',') });
  return Promise.all(SEEDS.map((seed) => paperRun({ seed, markets: 4, env, onLog: (_r, n) => n >= fills, capMs: 30_000, runs })));
}

describe('a replay of a paper run’s recording (simulator over HTTP)', () => {
  it(`gives the paper run's fills and realized PnL exactly, on seeds ${SEEDS.join(', ')}`, async () => {
    const runs = await paperRuns(FILLS);
    for (const [i, run] of runs.entries()) {
      const { data, r } = await replayRun(run);
      const seed = SEEDS[i]!;
      expect(data.problems, seed).toEqual([]);
      // The run recorded where it evaluated: the replay follows that schedule.
      expect(data.evaluations, seed).toBeGreaterThan(0);
      expect(run.fills.length, seed).toBeGreaterThanOrEqual(FILLS);
      expectSameFills(run, r, seed);
    }
  }, 60_000);

  it(`gives them across a restart of the run (one recording folder, one journal), on seeds ${SEEDS.join(', ')}`, async () => {
    // Two daemon runs of half the fills each, on one recording folder and one data directory.
    const runs = await paperRuns(FILLS / 2, 2);
    for (const [i, run] of runs.entries()) {
      const { data, r } = await replayRun(run);
      const seed = SEEDS[i]!;
      expect(data.problems, seed).toEqual([]);
      expect(data.events.filter((e) => e.k === 'restart').length, seed).toBe(1);
      expect(run.fills.length, seed).toBeGreaterThanOrEqual(FILLS);
      expectSameFills(run, r, seed);
    }
  }, 60_000);
});
