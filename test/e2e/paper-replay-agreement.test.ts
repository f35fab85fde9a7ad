/**
 * Agreement of a replay with the paper run it replays (docs/recording-and-replay.md#agreement-with-paper-mode):
 * makerd runs in paper mode against the simulator (real HTTP and market stream on port 0, busy
 * synthetic flow, 4 markets, `bands`, polls every 250 ms) with record.dir set, until its virtual
 * orders have filled FILLS times; then `makerd backtest --replay`'s run (runReplay, with the
 * strategy, risk limits and executor settings of the paper run's configuration) replays that
 * folder. Stated bound: exact. The replay's fills are the paper journal's, one for one and in
 * order (token, side, price, size, venue time, fee, rebate), and its realized PnL equals the
 * paper portfolio's to the micro-USDC. The seeds run side by side, so the paper runs are under load.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadReplay } from '../../src/backtest/replay-data.js';
import { runReplay } from '../../src/backtest/run-replay.js';
import { systemClock } from '../../src/clock/system-clock.js';
import { loadConfig } from '../../src/config/load.js';
import type { MakerdConfig } from '../../src/config/schema.js';
import { parseQuotingParams } from '../../src/guard/guard-params.js';
import { createLogger } from '../../src/log/logger.js';
import { runDaemon } from '../../src/main.js';
import { decodeFill } from '../../src/portfolio/fill-record.js';
import type { Fill } from '../../src/portfolio/fill.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { validateRiskLimits } from '../../src/risk/risk-limits.js';
import { startSimulator } from '../../src/sim/simulator.js';
import { resolveStrategy } from '../../src/strategy/strategy-registry.js';
import { loadConfiguredStrategies } from '../../src/trading/config-check.js';

const SEEDS = ['agreement', 's2', 's3'];
/** Virtual fills a paper run makes before it is stopped (a few seconds of the busy flow). */
const FILLS = 12;

interface PaperRun {
  readonly recording: string;
  readonly fills: readonly Fill[];
  readonly config: MakerdConfig;
}

/** A paper run with record.dir, stopped once its virtual orders have filled FILLS times. */
async function paperRun(seed: string): Promise<PaperRun> {
  const sim = await startSimulator({ host: '127.0.0.1', port: 0, seed, markets: 4, clock: systemClock, flow: { enabled: true, A: 8 } });
  const root = mkdtempSync(join(tmpdir(), `makerd-agree-${seed}-`));
  const { config } = loadConfig({
    env: {
      MAKERD_VENUE_MODE: 'live',
      MAKERD_VENUE_BASE_URL: sim.baseUrl,
      MAKERD_TRADING_MODE: 'paper',
      MAKERD_MARKETS: sim.world.catalog.markets.map((m) => m.conditionId).join(','),
      MAKERD_STRATEGY_NAME: 'bands',
      MAKERD_POLLER_INTERVAL_MS: '250',
      MAKERD_EXECUTOR_REPRICE_TICKS: '2',
      MAKERD_DATA_DIR: join(root, 'data'),
      MAKERD_RECORD_DIR: join(root, 'rec'),
      MAKERD_METRICS_PORT: '0',
    },
  });
  const stop = new AbortController();
  let virtualFills = 0;
  const destination = new Writable({
    write(chunk, _e, cb) {
      virtualFills += String(chunk).split('"msg":"virtual fill"').length - 1;
      // In a turn of its own, as a signal comes: not in the middle of the paper venue's event.
      if (virtualFills >= FILLS) setImmediate(() => stop.abort());
      cb();
    },
  });
  // A cap, should the flow not fill FILLS times (the count is checked below): not a wait.
  const cap = setTimeout(() => stop.abort(), 30_000);
  try {
    const code = await runDaemon(config, createLogger({ level: 'info', destination }), stop.signal);
    expect(code).toBe(0);
  } finally {
    clearTimeout(cap);
    await sim.close();
  }
  const journal = join(root, 'data', 'paper-journal');
  const fills = readdirSync(journal)
    .sort()
    .flatMap((f) => readFileSync(join(journal, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => decodeFill(l).fill);
  return { recording: join(root, 'rec'), fills, config };
}

/** The replay of the run's recording with its strategy, risk limits and executor settings. */
async function replay(run: PaperRun) {
  const { config } = run;
  const strategy = resolveStrategy(await loadConfiguredStrategies(config), config.strategy.name, 'strategy.name');
  const q = parseQuotingParams(strategy, config.strategy.params, 'strategy.params');
  const data = loadReplay(run.recording);
  const r = runReplay({
    data,
    strategy: { label: 'bands', strategy, params: q.params, guards: q.guards, rewards: q.rewards },
    settings: {
      staleAfterMs: config.poller.staleAfterMs,
      markoutHorizonsS: [0, 60],
      risk: validateRiskLimits(config.risk),
      diff: {
        repriceTicks: config.executor.repriceTicks,
        resizeFraction: config.executor.resizeFraction,
        cancelMarketFraction: config.executor.cancelMarketFraction,
      },
      samples: 20,
    },
  });
  return { data, r };
}

const row = (f: Fill) => [f.tokenId, f.side, f.price.toFixed(), f.size.toFixed(), f.timestampMs];

describe('a replay of a paper run’s recording (simulator over HTTP)', () => {
  it(`gives the paper run's fills and realized PnL exactly, on seeds ${SEEDS.join(', ')}`, async () => {
    const runs = await Promise.all(SEEDS.map(paperRun));
    for (const [i, run] of runs.entries()) {
      const { data, r } = await replay(run);
      const seed = SEEDS[i];
      expect(data.problems, seed).toEqual([]);
      // The run recorded where it evaluated: the replay follows that schedule.
      expect(data.evaluations, seed).toBeGreaterThan(0);
      expect(run.fills.length, seed).toBeGreaterThanOrEqual(FILLS);
      expect(r.fillLog.map(row), seed).toEqual(run.fills.map(row));
      const paper = new Portfolio({ clock: systemClock });
      for (const f of run.fills) paper.apply(f);
      // To the micro-USDC: the two portfolios sum their markets in another order, which can move
      // the 40th significant digit of Decimal's sum, nothing before it.
      const realized = paper.snapshot().totals.realizedPnl;
      expect(r.realizedPnl.toFixed(6), seed).toBe(realized.toFixed(6));
      expect(r.realizedPnl.minus(realized).abs().lt('1e-30'), seed).toBe(true);
      // Fees and rebates too, fill by fill (the recorded schedule is the one the run charged).
      expect(
        r.fillLog.map((f) => [f.fee.toFixed(), f.rebate.toFixed()]),
        seed,
      ).toEqual(run.fills.map((f) => [f.fee.toFixed(), f.rebate.toFixed()]));
    }
  }, 60_000);
});
