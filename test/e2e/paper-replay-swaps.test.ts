/**
 * Agreement of a replay with a paper run that changed its markets at runtime
 * (docs/recording-and-replay.md#agreement-with-paper-mode): makerd paper-trades the simulator over HTTP (port 0, busy
 * flow at twice the agreement test's takers, 4 markets, `bands`, polls every 250 ms) with
 * record.dir set and `selector.by: rewards`, top 1, re-ranking every second, reward-aware quoting
 * on. The simulator pays market A (the pick at start) and no other; after a few virtual fills it
 * pays market B far more (`POST /_sim/rewards/rules`), so the next ranking swaps A out and B in: A
 * stays REDUCING while it holds a position, then its orders are cancelled and verified and it is
 * released, while B quotes from its join. The run stops once A is released and B has filled a few
 * times (or at MOST_FILLS); the replay of its folder gives the run's fills one for one and its
 * realized PnL to the micro-USDC, across the swap. The seeds run side by side, so the runs are
 * under load.
 */
import { describe, expect, it, vi } from 'vitest';
import { readRecording } from '../../src/record/recording-reader.js';
import type { RunningSimulator } from '../../src/sim/simulator.js';
import { expectSameFills, paperRun, replayRun } from '../support/paper-replay-run.js';

const SEEDS = ['swap', 's2', 's3'];
/** Virtual fills in A before B is paid more. */
const FILLS_BEFORE = 2;
/** Virtual fills in B (after its join) before the run stops, once A is released. */
const FILLS_IN_B = 2;
/**
 * A run whose A stays REDUCING long (the price moved away from its reducing order: 10 s and more
 * now and then) stops at this many fills instead: the replay is compared on what there is.
 */
const MOST_FILLS = 30;

async function payRewards(sim: RunningSimulator, market: string, dailyRate: number, minSize: number): Promise<void> {
  const r = await fetch(`${sim.baseUrl}/_sim/rewards/rules`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ market, daily_rate: dailyRate, min_size: minSize, max_spread: 3 }),
  });
  expect(r.status).toBe(200);
}

/** A paper run that swaps A for B; A and B are the catalog's first two markets. */
async function swapRun(seed: string) {
  let a = '';
  let b = '';
  let posted = false;
  let released = false;
  let fillsInB = 0;
  const run = await paperRun({
    seed,
    markets: 4,
    // A busier flow than the agreement test's: one market quoted, its first fills sooner.
    takerRate: 16,
    env: () => ({
      MAKERD_SELECTOR_TOP: '1',
      MAKERD_SELECTOR_BY: 'rewards',
      MAKERD_SELECTOR_RERANK_SEC: '1',
      MAKERD_SELECTOR_MIN_HOLD_SEC: '0',
      // Reward farming as configured for it (config/rewards-farming-bands.json): the replay runs the stage too.
      MAKERD_STRATEGY_PARAMS: JSON.stringify({ rewards: { enabled: true } }),
    }),
    before: async (sim) => {
      const markets = sim.world.catalog.markets.map((m) => m.conditionId);
      [a, b] = [markets[0]!, markets[1]!];
      // Only A pays (a market with min_size 0 is not in the sampling listing).
      for (const m of markets) await payRewards(sim, m, m === a ? 100_000 : 0, m === a ? 20 : 0);
      // The ranking at start needs A's midpoint: the flow's makers quote first.
      const tokens = sim.world.catalog.markets[0]!.tokenIds;
      await vi.waitFor(() => expect(tokens.every((t) => sim.world.exchange.midpoint(t) !== undefined)).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });
    },
    onLog: (r, fills, sim) => {
      if (!posted && fills >= FILLS_BEFORE) {
        posted = true;
        void payRewards(sim, b, 10_000_000, 20);
      }
      if (r.msg === 'selector: market released: orders cancelled and verified') released = true;
      if (r.msg === 'virtual fill' && r.market === b) fillsInB++;
      return fillsInB >= FILLS_IN_B && (released || fills >= MOST_FILLS);
    },
    capMs: 30_000,
  });
  return { run, a, b };
}

describe('a replay of a paper run that swapped markets (simulator over HTTP)', () => {
  it(`gives the run's fills and realized PnL exactly across the swap, on seeds ${SEEDS.join(', ')}`, async () => {
    const runs = await Promise.all(SEEDS.map(swapRun));
    const reduced: string[] = [];
    const released: string[] = [];
    for (const [i, { run, a, b }] of runs.entries()) {
      const seed = SEEDS[i]!;
      const { data, r } = await replayRun(run);
      expect(data.problems, seed).toEqual([]);
      expect(data.swaps, seed).toBe(true);
      expect(data.evaluations, seed).toBeGreaterThan(0);
      // The recording holds the run's quoted set at start and each step of the swap, in order.
      const recs = [...readRecording(run.recording)];
      expect(
        recs.find((x) => x.k === 'set'),
        seed,
      ).toMatchObject({ m: { [a]: 'quoted' } });
      const steps = recs.flatMap((x) => (x.k === 'swap' ? [`${x.m === a ? 'A' : x.m === b ? 'B' : x.m} ${x.to}`] : []));
      // A leaves before B joins: REDUCING first while it holds a position, else cancelled at once;
      // the run may stop before A is released (MOST_FILLS).
      const all =
        steps[0] === 'A reducing' ? ['A reducing', 'B join', 'A cancelling', 'A released'] : ['A cancelling', 'B join', 'A released'];
      expect(steps.length, seed).toBeGreaterThanOrEqual(2);
      expect(steps, seed).toEqual(all.slice(0, steps.length));
      if (steps[0] === 'A reducing') reduced.push(seed);
      if (steps.includes('A released')) released.push(seed);
      // Fills on both sides of the swap: in A before it left, in B after it joined.
      expect(
        run.fills.some((f) => f.conditionId === a),
        seed,
      ).toBe(true);
      expect(run.fills.filter((f) => f.conditionId === b).length, seed).toBeGreaterThanOrEqual(FILLS_IN_B);
      expectSameFills(run, r, seed);
    }
    // A held a position when it left in at least one run (the REDUCING step was replayed too), and
    // was released in at least one.
    expect(reduced.length).toBeGreaterThan(0);
    expect(released.length).toBeGreaterThan(0);
  }, 60_000);
});
