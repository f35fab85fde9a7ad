/**
 * `makerd backtest`: strategies on the simulator's in-process core with a virtual clock, over many
 * seeds (src/backtest). Prints a table (or the summary JSON with --json) on stdout, writes an HTML
 * report with --out, and shows progress on stderr (a bar on a terminal; a line per run otherwise,
 * when there is more than one run). --jobs N spreads the runs over worker threads (default: one
 * per core, at most one per run and per day of market time: defaultJobs), with results identical to one thread
 * (src/backtest/seed-pool.ts); the stop signal (Ctrl-C) terminates them, exit 130, no report.
 * Everything after the word `backtest` is the command's own;
 * configuration flags (--config, --log-level, ...) may come before it, and --config also after.
 *
 * Defaults come from the configuration: the strategy (strategy.name, strategy.params), the poll
 * interval (poller.intervalMs), the risk limits (risk.*), the executor's diff settings
 * (executor.*), the flow model (sim.flow.*, the simulator's defaults), the markets' ends
 * (sim.ends.*, under --ends-every / --resolve-after) and the stop before them (quoting.stopBeforeEndSec).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config/load.js';
import type { MakerdConfig } from '../../config/schema.js';
import { packageRoot } from '../../package-root.js';
import { validateRiskLimits } from '../../risk/index.js';
import { builtinStrategiesDir, loadStrategies } from '../../strategy/strategy-registry.js';
import { flowProfile, resolveFlowParams } from '../../sim/flow/index.js';
import { reportJson, runPlanOnWorkers, type BacktestReport, type PlannedStrategy } from '../../backtest/backtest-report.js';
import { BacktestStopped } from '../../backtest/seed-pool.js';
import { type StrategySpec, strategyRunOf } from '../../backtest/strategy-spec.js';
import { chartLibrary } from '../../backtest/report-assets.js';
import { reportHtml } from '../../backtest/report-html.js';
import { loadReplay } from '../../backtest/replay-data.js';
import { runReplayPlan } from '../../backtest/replay-report.js';
import type { BacktestSettings, VenueWorldSettings } from '../../backtest/run-backtest.js';
import { reportTable } from '../../backtest/report-table.js';
import { splitConfigArgs } from '../config-flags.js';
import { UsageError, type CliIo } from '../io.js';
import { MARKOUT_CURVE_S, type BacktestArgs, parseBacktestArgs, readParamsFile } from './backtest-args.js';

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The strategies of the run, and each as data for the worker threads (strategy-spec.ts). */
async function plannedStrategies(
  config: MakerdConfig,
  a: BacktestArgs,
): Promise<{ strategies: PlannedStrategy[]; specs: StrategySpec[]; strategyDirs: string[] }> {
  const strategyDirs = [builtinStrategiesDir(), ...(config.strategy.dir === '' ? [] : [config.strategy.dir])];
  const registry = await loadStrategies(strategyDirs);
  const entries = a.strategies ?? [config.strategy.name];
  const specs: StrategySpec[] = [];
  const strategies = entries.map((entry) => {
    const [label, name = label] = entry.split(':') as [string, string?];
    const nameWhere = a.strategies === undefined ? 'strategy.name' : a.strategies.length > 1 ? '--compare' : '--strategy';
    const file = a.params.get(label) ?? a.params.get(undefined);
    let raw: unknown;
    let source: string;
    if (file !== undefined) {
      raw = readParamsFile(file);
      source = file;
    } else if (name === config.strategy.name && label === name) {
      raw = config.strategy.params;
      source = Object.keys(config.strategy.params).length === 0 ? 'defaults' : 'configuration (strategy.params)';
    } else {
      raw = {};
      source = 'defaults';
    }
    const where = file === undefined ? `strategy.params (${name})` : `--params ${file} (${name})`;
    const spec: StrategySpec = { label, name, rawParams: raw, where, nameWhere, noGuards: a.noGuards };
    specs.push(spec);
    return { ...strategyRunOf(registry, spec), rawParams: raw, paramsSource: source };
  });
  return { strategies, specs, strategyDirs };
}

/**
 * The run settings. Flow parameters, strongest first: the flag; the key `sim.flow.*` when a file,
 * variable or flag gave it (`given`, from loadConfig); the profile of --flow, else of
 * sim.flow.profile (whose values the loader already put in the keys not given).
 */
export function backtestSettings(config: MakerdConfig, a: BacktestArgs, given: ReadonlySet<string> = new Set()): BacktestSettings {
  const f = config.sim.flow;
  const p = a.flowProfile === undefined ? undefined : flowProfile(a.flowProfile, '--flow').params;
  const key = <K extends 'A' | 'k' | 'sigma' | 'jumpSize' | 'informedShare' | 'foresightMs'>(k: K): number =>
    p === undefined || given.has(`sim.flow.${k}`) ? f[k] : p[k];
  const flow = resolveFlowParams({
    stepMs: a.flow.stepMs ?? f.stepMs,
    A: a.flow.A ?? key('A'),
    k: a.flow.k ?? key('k'),
    sigma: a.flow.sigma ?? key('sigma'),
    jumpRate:
      a.flow.jumpRatePerHour !== undefined
        ? a.flow.jumpRatePerHour / 3600
        : p === undefined || given.has('sim.flow.jumpRate')
          ? f.jumpRate / 3600
          : p.jumpRate,
    jumpSize: a.flow.jumpSize ?? key('jumpSize'),
    informedShare: a.flow.informedShare ?? key('informedShare'),
    foresightMs: a.flow.foresightMs ?? key('foresightMs'),
  });
  const world = a.world ?? config.sim.world;
  return {
    hours: a.hours,
    markets: a.markets,
    ...(world === 'venue' ? { venue: venueSettings(a) } : {}),
    pollIntervalMs: a.pollIntervalMs ?? config.poller.intervalMs,
    flowProfile: world === 'venue' ? `venue:${a.kind ?? 'all'}` : (a.flowProfile ?? f.profile),
    staleAfterMs: config.poller.staleAfterMs,
    flow,
    fee: a.fee,
    markoutHorizonsS: [...new Set([...MARKOUT_CURVE_S, a.markoutS])].sort((x, y) => x - y),
    risk: validateRiskLimits(config.risk),
    diff: {
      repriceTicks: config.executor.repriceTicks,
      resizeFraction: config.executor.resizeFraction,
      cancelMarketFraction: config.executor.cancelMarketFraction,
    },
    samples: 600,
    rewards: a.rewards,
    intensity: config.intensity,
    ...endsSettings(config, a),
  };
}

/** Markets that end within each run: the flags, else sim.ends.*; none when every 0 s. */
function endsSettings(config: MakerdConfig, a: BacktestArgs): Pick<BacktestSettings, 'ends' | 'stopBeforeEndSec'> {
  const everySec = a.endsEvery ?? config.sim.ends.everySec;
  const resolveAfterSec = a.resolveAfter ?? config.sim.ends.resolveAfterSec;
  return {
    ...(everySec > 0 ? { ends: { everySec, resolveAfterSec } } : {}),
    stopBeforeEndSec: config.quoting.stopBeforeEndSec,
  };
}

/**
 * The venue world's settings from the flags: demo-world-only flags are refused, naming them; the
 * flow flags given replace every market's drawn value.
 */
function venueSettings(a: BacktestArgs): VenueWorldSettings {
  for (const [flag, given] of [
    ['--flow', a.flowProfile !== undefined],
    ['--foresight-ms', a.flow.foresightMs !== undefined],
  ] as const) {
    if (given)
      throw new UsageError(
        `backtest: ${flag} is an option of the demo world's flow; the venue world's markets draw their own (use --kind, or --world demo)`,
      );
  }
  return {
    kind: a.kind ?? 'all',
    feeOverride: a.feeGiven,
    overrides: {
      A: a.flow.A,
      k: a.flow.k,
      sigma: a.flow.sigma,
      informedShare: a.flow.informedShare,
      newsPerDay: a.flow.jumpRatePerHour === undefined ? undefined : a.flow.jumpRatePerHour * 24,
      newsSize: a.flow.jumpSize,
    },
  };
}

/** Progress on stderr: a redrawn bar on a terminal, else one line per finished run. */
function progressReporter(io: CliIo, tty: boolean): (done: number, total: number, current: { label: string; seed: string }) => void {
  let lastDraw = 0;
  let lastWhole = -1;
  const started = Date.now();
  return (done, total, current) => {
    const whole = Math.floor(done);
    if (!tty) {
      if (done === whole && whole > lastWhole && whole > 0)
        io.stderr.write(`backtest: run ${whole}/${total} done (${current.label}, seed ${current.seed})\n`);
      if (done === whole) lastWhole = Math.max(lastWhole, whole);
      return;
    }
    const now = Date.now();
    if (now - lastDraw < 100 && done < total) return;
    lastDraw = now;
    const width = 30;
    const filled = Math.round((done / total) * width);
    const elapsed = (now - started) / 1000;
    const eta = done > 0 ? (elapsed / done) * (total - done) : Number.NaN;
    const etaText = Number.isFinite(eta) ? `${Math.ceil(eta)} s left` : '';
    io.stderr.write(
      `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toFixed(1)}/${total} runs  ${current.label} seed ${current.seed}  ${etaText}\x1b[K`,
    );
    if (done >= total) io.stderr.write('\n');
  };
}

/** `argv` is the whole command line; the word `backtest` splits configuration flags from options. */
export async function backtestCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const at = argv.indexOf('backtest');
  const before = splitConfigArgs(argv.slice(0, at));
  if (before.rest.length > 0) throw new UsageError(`unexpected argument '${before.rest[0]}' before the command`);
  const a = parseBacktestArgs(argv.slice(at + 1));
  if (before.configFile !== undefined && a.configFile !== undefined) throw new UsageError('backtest: --config given twice');
  const loaded = loadConfig({ configFile: a.configFile ?? before.configFile, args: before.configArgs, env: io.env });
  for (const w of loaded.warnings) io.stderr.write(`makerd: warning: ${w}\n`);
  const config = loaded.config;
  const { strategies, specs, strategyDirs } = await plannedStrategies(config, a);
  const settings = backtestSettings(config, a, loaded.given);
  if (a.replay !== undefined) return replayCommand(a, a.replay, strategies, settings, io);
  const seeds = Array.from({ length: a.seeds }, (_, i) => String(a.seedStart + i));
  const runs = seeds.length * strategies.length;
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const showProgress = a.progress ?? (tty || runs > 1);
  let report: BacktestReport;
  try {
    report = await runPlanOnWorkers({
      strategies,
      specs,
      strategyDirs,
      jobs: a.jobs ?? defaultJobs(availableParallelism(), runs, runs * settings.hours * settings.markets),
      seeds,
      settings,
      markoutHorizonS: a.markoutS,
      digestFlow: a.flowDigest,
      version: version(),
      ...(showProgress ? { onProgress: progressReporter(io, tty) } : {}),
      ...(io.stopSignal === undefined ? {} : { signal: io.stopSignal }),
    });
  } catch (err) {
    if (!(err instanceof BacktestStopped)) throw err;
    if (showProgress && tty) io.stderr.write('\n');
    io.stderr.write(`${err.message}: no report\n`);
    return 130;
  }
  return writeReport(a, report, io);
}

function writeReport(a: BacktestArgs, report: BacktestReport, io: CliIo): number {
  if (a.out !== undefined) {
    writeFileSync(a.out, reportHtml(report, chartLibrary()));
    io.stderr.write(`backtest: report written to ${a.out}\n`);
  }
  if (a.json) io.stdout.write(`${JSON.stringify(reportJson(report), null, 2)}\n`);
  else io.stdout.write(reportTable(report));
  return 0;
}

/** `--replay DIR`: every strategy on the recording, through the same report. */
function replayCommand(a: BacktestArgs, dir: string, strategies: PlannedStrategy[], settings: BacktestSettings, io: CliIo): number {
  const data = loadReplay(dir, a.replayGroups === undefined ? {} : { groups: a.replayGroups });
  for (const d of data.damage)
    io.stderr.write(`backtest: warning: ${d.file} at byte ${d.offset}: ${d.reason} (${d.bytes} bytes skipped)\n`);
  if (data.problems.length > 0)
    io.stderr.write(
      `backtest: warning: ${data.problems.length} recorded record(s) failed their check and were left out; first: ${data.problems[0]}\n`,
    );
  if (data.markets.size === 0)
    throw new UsageError(`backtest: the recording in ${dir} holds no market rules (meta records): nothing to replay`);
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const report = runReplayPlan({
    data,
    groups: a.replayGroups,
    strategies,
    settings,
    markoutHorizonS: a.markoutS,
    version: version(),
    ...((a.progress ?? tty) ? { onProgress: progressReporter(io, tty) } : {}),
  });
  return writeReport(a, report, io);
}

/**
 * Worker threads when --jobs is not given: one per core, at most one per run and one per
 * MARKET_HOURS_PER_THREAD of market time in all. Each worker compiles the hot code again (about
 * 3 s of CPU, the time of a market-day or so), so short plans stay on fewer threads: 20 seeds of
 * one market-hour ran slower on two threads than on one (docs/backtesting.md#several-threads).
 */
export function defaultJobs(cores: number, runs: number, marketHours: number): number {
  return Math.max(1, Math.min(cores, runs, Math.floor(marketHours / MARKET_HOURS_PER_THREAD)));
}

/** Market time (runs x hours x markets) worth a worker thread's warm-up. */
export const MARKET_HOURS_PER_THREAD = 24;
