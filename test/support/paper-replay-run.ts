/**
 * A paper run against the simulator over HTTP with record.dir set, and the replay of its recording
 * with the run's strategy, risk limits and executor settings: the two sides of the agreement tests
 * (test/e2e/paper-replay-agreement.test.ts, paper-replay-swaps.test.ts).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { loadReplay, type ReplayData } from '../../src/backtest/replay-data.js';
import { type ReplayResult, runReplay } from '../../src/backtest/run-replay.js';
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
import { type RunningSimulator as Simulator, startSimulator } from '../../src/sim/simulator.js';
import type { MarketKind } from '../../src/sim/world/market-kinds.js';
import { resolveStrategy } from '../../src/strategy/strategy-registry.js';
import { loadConfiguredStrategies } from '../../src/trading/config-check.js';

export interface PaperRun {
  readonly recording: string;
  readonly fills: readonly Fill[];
  readonly config: MakerdConfig;
}

export interface PaperRunOptions {
  readonly seed: string;
  readonly markets: number;
  /** The flow's takers per second per side at fair value (default 8: busy; the demo world's). */
  readonly takerRate?: number;
  /** The simulator's world (default the demo world) and, in the venue world, its kind of market. */
  readonly world?: { readonly name: 'venue'; readonly kind: MarketKind };
  /** Environment over the run's defaults (paper mode, bands, polls every 250 ms, record.dir). */
  readonly env: (sim: Simulator) => NodeJS.ProcessEnv;
  /** Before makerd starts (the simulator's flow runs). */
  readonly before?: (sim: Simulator) => Promise<void>;
  /**
   * Each log record of the run, with the virtual fills so far (of this daemon run); returns true to
   * stop the run. Called in the logger's turn: what it starts must not await the daemon.
   */
  readonly onLog: (record: Record<string, unknown>, fills: number, sim: Simulator) => boolean;
  /** Each daemon run is stopped after this long whatever `onLog` says (the test checks what it got). */
  readonly capMs: number;
  /** Daemon runs one after the other on the same simulator, data and recording folders (default 1: no restart). */
  readonly runs?: number;
}

/** A paper run with record.dir, until `onLog` stops it (or the cap); its journal's fills and its log. */
export async function paperRun(o: PaperRunOptions): Promise<PaperRun & { readonly log: readonly Record<string, unknown>[] }> {
  const sim = await startSimulator({
    host: '127.0.0.1',
    port: 0,
    seed: o.seed,
    markets: o.markets,
    clock: systemClock,
    flow: { enabled: true, A: o.takerRate ?? 8 },
    ...(o.world === undefined ? {} : { world: o.world.name, kind: o.world.kind }),
  });
  const root = mkdtempSync(join(tmpdir(), `makerd-agree-${o.seed}-`));
  const log: Record<string, unknown>[] = [];
  let config: MakerdConfig | undefined;
  try {
    await o.before?.(sim);
    config = loadConfig({
      env: {
        MAKERD_VENUE_MODE: 'live',
        MAKERD_VENUE_BASE_URL: sim.baseUrl,
        MAKERD_TRADING_MODE: 'paper',
        MAKERD_STRATEGY_NAME: 'bands',
        MAKERD_POLLER_INTERVAL_MS: '250',
        MAKERD_EXECUTOR_REPRICE_TICKS: '2',
        MAKERD_DATA_DIR: join(root, 'data'),
        MAKERD_RECORD_DIR: join(root, 'rec'),
        MAKERD_METRICS_PORT: '0',
        ...o.env(sim),
      },
    }).config;
    for (let run = 0; run < (o.runs ?? 1); run++) {
      const stop = new AbortController();
      let virtualFills = 0;
      const destination = new Writable({
        write(chunk, _e, cb) {
          for (const line of String(chunk).split('\n').filter(Boolean)) {
            const r = JSON.parse(line) as Record<string, unknown>;
            log.push(r);
            if (r.msg === 'virtual fill') virtualFills++;
            // In a turn of its own, as a signal comes: not in the middle of the paper venue's event.
            if (!stop.signal.aborted && o.onLog(r, virtualFills, sim)) setImmediate(() => stop.abort());
          }
          cb();
        },
      });
      // A cap, should the run not get what onLog waits for (the test checks what it got): not a wait.
      const cap = setTimeout(() => stop.abort(), o.capMs);
      try {
        const code = await runDaemon(config, createLogger({ level: 'info', destination }), stop.signal);
        expect(code).toBe(0);
      } finally {
        clearTimeout(cap);
      }
    }
  } finally {
    await sim.close();
  }
  const journal = join(root, 'data', 'paper-journal');
  // A run whose virtual orders never filled has no journal.
  const fills = (existsSync(journal) ? readdirSync(journal) : [])
    .sort()
    .flatMap((f) => readFileSync(join(journal, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => decodeFill(l).fill);
  return { recording: join(root, 'rec'), fills, config, log };
}

/** The replay of the run's recording with its strategy, risk limits and executor settings. */
export async function replayRun(run: PaperRun): Promise<{ data: ReplayData; r: ReplayResult }> {
  const { config } = run;
  const strategy = resolveStrategy(await loadConfiguredStrategies(config), config.strategy.name, 'strategy.name');
  const q = parseQuotingParams(strategy, config.strategy.params, 'strategy.params');
  const data = loadReplay(run.recording);
  const r = runReplay({
    data,
    strategy: { label: config.strategy.name, strategy, params: q.params, guards: q.guards, rewards: q.rewards },
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

/**
 * The replay's fills are the run's, one for one and in order (token, side, price, size, venue
 * time, fee, rebate), and its realized PnL the run's to the micro-USDC (the two portfolios sum
 * their markets in another order, which can move the 40th significant digit, nothing before it).
 */
export function expectSameFills(run: PaperRun, r: ReplayResult, seed: string): void {
  expect(r.fillLog.map(row), seed).toEqual(run.fills.map(row));
  expect(
    r.fillLog.map((f) => [f.fee.toFixed(), f.rebate.toFixed()]),
    seed,
  ).toEqual(run.fills.map((f) => [f.fee.toFixed(), f.rebate.toFixed()]));
  const paper = new Portfolio({ clock: systemClock });
  for (const f of run.fills) paper.apply(f);
  const realized = paper.snapshot().totals.realizedPnl;
  expect(r.realizedPnl.toFixed(6), seed).toBe(realized.toFixed(6));
  expect(r.realizedPnl.minus(realized).abs().lt('1e-30'), seed).toBe(true);
}
