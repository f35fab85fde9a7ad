/**
 * Backtest speed: 24 market-hours of one market with the default strategy (`bands`, its default
 * parameters), risk limits and executor settings, on the virtual clock (src/backtest/run-backtest.ts):
 * `backtest_24h_s` in the demo world (its default flow model), `backtest_24h_venue_s` beside it in
 * the venue world (a market of the whole population). Seconds of wall time per run, median of
 * several runs over different seeds in one process (the first of each, which also warms the JIT,
 * is not counted). Target: 1.5 s or less (`backtest_24h_venue_s`: under 10 s).
 */
import { runBacktest, type BacktestSettings, type StrategyRun } from '../src/backtest/run-backtest.js';
import { DEFAULT_RISK_LIMITS } from '../src/risk/risk-limits.js';
import { resolveFlowParams } from '../src/sim/flow/index.js';
import { builtinStrategiesDir, loadStrategies, parseStrategyParams } from '../src/strategy/index.js';
import { median, round } from './stats.js';

const RUNS = 3;

export default async function run(): Promise<Record<string, unknown>> {
  const strategies = await loadStrategies([builtinStrategiesDir()]);
  const bands = strategies.get('bands');
  if (bands === undefined) throw new Error('backtest bench: the bands strategy is missing');
  const settings: BacktestSettings = {
    hours: 24,
    markets: 1,
    pollIntervalMs: 1_000,
    staleAfterMs: 5_000,
    flow: resolveFlowParams({}),
    fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 },
    markoutHorizonsS: [0, 1, 5, 15, 30, 60, 120, 300, 600],
    risk: DEFAULT_RISK_LIMITS,
    diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
    samples: 600,
  };
  const strategy = { label: 'bands', strategy: bands, params: parseStrategyParams(bands, {}, 'bench') };
  const demo = timeRuns(settings, strategy);
  const venue = timeRuns({ ...settings, venue: { kind: 'all', feeOverride: false, overrides: {} } }, strategy);
  const med = median(demo.seconds);
  return {
    scenario:
      '24 market-hours of one market, bands with default parameters; demo world (default flow model) and venue world; virtual clock',
    runs: RUNS,
    backtest_24h_s: round(med, 2),
    backtest_24h_cpu_s: round(median(demo.cpu), 2),
    backtest_24h_s_all: demo.seconds.map((s) => round(s, 2)),
    fillsPerRun: Math.round(demo.fills / RUNS),
    flowOrdersPerRun: Math.round(demo.flowOrders / RUNS),
    backtest_24h_venue_s: round(median(venue.seconds), 2),
    backtest_24h_venue_s_all: venue.seconds.map((s) => round(s, 2)),
    venueFillsPerRun: Math.round(venue.fills / RUNS),
    venueFlowOrdersPerRun: Math.round(venue.flowOrders / RUNS),
    targetSecondsMax: 1.5,
    withinTarget: med <= 1.5,
  };
}

/** RUNS timed runs on seeds 1001.. after one untimed warm-up on seed 1000. */
function timeRuns(
  settings: BacktestSettings,
  strategy: StrategyRun,
): { seconds: number[]; cpu: number[]; fills: number; flowOrders: number } {
  const seconds: number[] = [];
  const cpu: number[] = [];
  let fills = 0;
  let flowOrders = 0;
  for (let i = 0; i <= RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const r = runBacktest({ seed: 1000 + i, strategy, settings });
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    const c = process.cpuUsage(c0);
    if (i === 0) continue;
    seconds.push(s);
    cpu.push((c.user + c.system) / 1e6);
    fills += r.fills;
    flowOrders += r.flowOrders;
  }
  return { seconds, cpu, fills, flowOrders };
}
