/**
 * `makerd backtest`: strategies on the simulator's in-process core with a virtual clock, over many
 * seeds (src/backtest). Prints a table (or the summary JSON with --json) on stdout, writes an HTML
 * report with --out, and shows progress on stderr (a bar on a terminal; a line per run otherwise,
 * when there is more than one run). Everything after the word `backtest` is the command's own;
 * configuration flags (--config, --log-level, ...) may come before it, and --config also after.
 *
 * Defaults come from the configuration: the strategy (strategy.name, strategy.params), the poll
 * interval (poller.intervalMs), the risk limits (risk.*), the executor's diff settings
 * (executor.*) and the flow model (sim.flow.*, the simulator's defaults).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../config/load.js';
import type { MakerdConfig } from '../../config/schema.js';
import { ErrorCode, MakerdError } from '../../errors.js';
import { packageRoot } from '../../package-root.js';
import { validateRiskLimits } from '../../risk/index.js';
import { parseQuotingParams } from '../../guard/index.js';
import { resolveStrategy } from '../../strategy/strategy-registry.js';
import { FLOW_PROFILE_NAMES, type FlowProfileName, flowProfile, isFlowProfileName, resolveFlowParams } from '../../sim/flow/index.js';
import { loadConfiguredStrategies } from '../../trading/config-check.js';
import { comparison, reportJson, runPlan, type BacktestReport, type PlannedStrategy } from '../../backtest/backtest-report.js';
import { chartLibrary } from '../../backtest/report-assets.js';
import { reportHtml } from '../../backtest/report-html.js';
import type { BacktestSettings } from '../../backtest/run-backtest.js';
import { FIXED_MARKOUT_S, METRIC_DIGITS, METRICS } from '../../backtest/summary.js';
import { splitConfigArgs } from '../config-flags.js';
import { UsageError, type CliIo } from '../io.js';

/** Horizons (s) of the mark-out curve; the main horizon is added when not among them. */
export const MARKOUT_CURVE_S: readonly number[] = [0, 1, 5, 15, 30, 60, 120, 300, 600];

export interface BacktestArgs {
  readonly configFile: string | undefined;
  /** One strategy (--strategy) or several (--compare); undefined: the configuration's. */
  readonly strategies: readonly string[] | undefined;
  /** --params FILE (no name: every strategy) or NAME=FILE. */
  readonly params: ReadonlyMap<string | undefined, string>;
  readonly markets: number;
  readonly hours: number;
  readonly seeds: number;
  readonly seedStart: number;
  /** --flow NAME: a flow profile (src/sim/flow/flow-profiles.ts); undefined: sim.flow.profile. */
  readonly flowProfile: FlowProfileName | undefined;
  readonly flow: {
    A?: number;
    k?: number;
    sigma?: number;
    jumpRatePerHour?: number;
    jumpSize?: number;
    informedShare?: number;
    stepMs?: number;
  };
  readonly fee: { rate: number; exponent: number; rebateRate: number; takerOnly: boolean };
  readonly markoutS: number;
  readonly pollIntervalMs: number | undefined;
  readonly json: boolean;
  readonly out: string | undefined;
  readonly progress: boolean | undefined;
  readonly flowDigest: boolean;
}

export const BACKTEST_HELP = `makerd backtest — strategies on the simulator's core with a virtual clock, over many seeds

Usage: makerd [config flags] backtest [options]

Strategy:
  --strategy NAME            Strategy to run (default: the configuration's strategy.name)
  --compare A,B[,C]          Run several strategies on the identical seeds, side by side; an entry
                             LABEL:NAME runs strategy NAME under LABEL (e.g. the same strategy
                             with other parameters: --compare avellaneda,plain:avellaneda
                             --params plain=FILE); --params keys are labels
  --params FILE | NAME=FILE  Strategy parameters (JSON object, as strategy.params; a makerd config
                             file with strategy.params works too); NAME=FILE per strategy
  --config FILE              makerd configuration: risk.*, executor.*, poller.*, strategy.*, sim.flow.*
Runs:
  --markets N                Markets per run (default 1)
  --hours H                  Market hours per run (default 24)
  --seeds N                  Runs per strategy (default 20)
  --seed-start S             First seed (integer, default 1): seeds S .. S+N-1
  --poll-interval-ms MS      Strategy evaluation interval of virtual time (default poller.intervalMs)
Flow model (defaults: the simulator's, sim.flow.*; a flag given overrides the profile):
  --flow NAME                Flow profile: calm, default, news or busy (default sim.flow.profile)
                             calm     long-dated, quiet: A 0.3, k 60, sigma 0.004, 2 jumps/h of 0.3,
                                      informed 0.1
                             default  the values below
                             news     headline-driven: A 0.5, k 60, sigma 0.015, 60 jumps/h of 0.6,
                                      informed 0.5
                             busy     high volume near fair value: A 2, k 120, sigma 0.01, 8 jumps/h
                                      of 0.3, informed 0.2
  --flow-a A                 Taker arrivals per second per book side at the fair value (0.5)
  --flow-k K                 Decay of arrivals with distance from fair value, per price unit (60)
  --volatility S             Fair-value volatility, log-odds per sqrt(second) (0.01)
  --jump-rate R              Jumps per market per hour (12)
  --jump-size J              Typical jump in log-odds (0.4)
  --informed-share X         Share of takers trading ahead of a coming jump, 0..1 (0.3)
  --step-ms MS               Flow step of virtual time (250)
Fees (the venue's schedule: taker fee = rate x shares x (p(1-p))^exponent):
  --fee-rate R               (default 0.25)
  --fee-exponent E           (default 2)
  --rebate-rate R            Makers' rebate, share of the taker fee (default 0.2)
  --maker-fees               Makers pay the taker formula instead (no rebate)
Output:
  --markout-s S              Mark-out horizon in seconds (default 60; the curve adds 0..600 s)
  --json                     Summary JSON on stdout instead of the table
  --out FILE                 Self-contained HTML report (charts, summary table)
  --progress | --no-progress Progress on stderr (default: on a terminal, or when runs > 1)
  --flow-digest              Add a digest of the flow's orders to each run in the JSON
`;

const FLAGS_WITH_VALUE = new Set([
  'config',
  'strategy',
  'compare',
  'params',
  'markets',
  'hours',
  'seeds',
  'seed-start',
  'poll-interval-ms',
  'flow',
  'flow-a',
  'flow-k',
  'volatility',
  'jump-rate',
  'jump-size',
  'informed-share',
  'step-ms',
  'fee-rate',
  'fee-exponent',
  'rebate-rate',
  'markout-s',
  'out',
]);
const FLAGS_ALONE = new Set(['json', 'maker-fees', 'progress', 'no-progress', 'flow-digest']);

function bad(flag: string, rule: string, value: string): UsageError {
  return new UsageError(`backtest: --${flag} ${rule} (got ${JSON.stringify(value)})`);
}

function number(flag: string, value: string, rule: { min?: number; max?: number; exclusiveMin?: boolean; integer?: boolean }): number {
  const n = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(value.trim()) ? Number(value) : Number.NaN;
  const words = [rule.integer === true ? 'an integer' : 'a number'];
  if (rule.min !== undefined) words.push(`${rule.exclusiveMin === true ? '>' : '>='} ${rule.min}`);
  if (rule.max !== undefined) words.push(`<= ${rule.max}`);
  const text = `must be ${words.join(' ')}`.replace(/(>=? \S+) (<=)/, '$1 and $2');
  if (!Number.isFinite(n)) throw bad(flag, text, value);
  if (rule.integer === true && !Number.isInteger(n)) throw bad(flag, text, value);
  if (rule.min !== undefined && (rule.exclusiveMin === true ? n <= rule.min : n < rule.min)) throw bad(flag, text, value);
  if (rule.max !== undefined && n > rule.max) throw bad(flag, text, value);
  return n;
}

const NAME = /^[A-Za-z0-9_-]+$/;

export function parseBacktestArgs(args: readonly string[]): BacktestArgs {
  const seen = new Map<string, string>();
  const params = new Map<string | undefined, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^--([a-z0-9-]+)(?:=(.*))?$/s.exec(a);
    if (m === null) throw new UsageError(`backtest: unexpected argument '${a}' (options start with --; see makerd backtest --help)`);
    const name = m[1]!;
    if (FLAGS_ALONE.has(name)) {
      if (m[2] !== undefined) throw new UsageError(`backtest: --${name} takes no value`);
      flags.add(name);
      continue;
    }
    if (!FLAGS_WITH_VALUE.has(name)) throw new UsageError(`backtest: unknown option --${name} (see makerd backtest --help)`);
    let value = m[2];
    if (value === undefined) {
      const next = args[i + 1];
      if (next === undefined || (next.startsWith('--') && next.length > 2)) throw new UsageError(`backtest: --${name} needs a value`);
      value = next;
      i++;
    }
    if (name === 'params') {
      const eq = /^([A-Za-z0-9_-]+)=(.+)$/.exec(value);
      const key = eq === null ? undefined : eq[1]!;
      const file = eq === null ? value : eq[2]!;
      if (params.has(key)) throw new UsageError(`backtest: --params given twice${key === undefined ? '' : ` for ${key}`}`);
      params.set(key, file);
      continue;
    }
    if (seen.has(name)) throw new UsageError(`backtest: --${name} given twice`);
    seen.set(name, value);
  }
  if (seen.has('strategy') && seen.has('compare'))
    throw new UsageError('backtest: --strategy and --compare exclude each other (use --compare A,B to run several)');
  if (flags.has('progress') && flags.has('no-progress')) throw new UsageError('backtest: --progress and --no-progress exclude each other');
  let strategies: string[] | undefined;
  if (seen.has('strategy')) {
    const s = seen.get('strategy')!;
    if (!NAME.test(s)) throw bad('strategy', 'must be a strategy name (letters, digits, - and _)', s);
    strategies = [s];
  }
  if (seen.has('compare')) {
    const raw = seen.get('compare')!;
    const list = raw.split(',').map((x) => x.trim());
    if (list.length < 2 || list.some((x) => !x.split(':').every((part) => NAME.test(part)) || x.split(':').length > 2))
      throw bad('compare', 'must list at least two strategy names (or LABEL:NAME) separated by commas', raw);
    const labels = list.map((x) => x.split(':')[0]!);
    if (new Set(labels).size !== labels.length) throw bad('compare', 'must not name a strategy (or label) twice', raw);
    strategies = list;
  }
  for (const key of params.keys()) {
    if (key !== undefined && strategies !== undefined && !strategies.some((x) => x.split(':')[0] === key)) {
      throw new UsageError(`backtest: --params ${key}=… names a strategy that is not run (running: ${strategies.join(', ')})`);
    }
  }
  if (params.has(undefined) && params.size > 1)
    throw new UsageError('backtest: --params FILE (for every strategy) and --params NAME=FILE exclude each other');
  if (strategies !== undefined && strategies.length > 1 && params.has(undefined)) {
    throw new UsageError('backtest: with --compare, give parameters per strategy: --params NAME=FILE');
  }
  const opt = (flag: string, rule: Parameters<typeof number>[2]): number | undefined =>
    seen.has(flag) ? number(flag, seen.get(flag)!, rule) : undefined;
  const markoutS = opt('markout-s', { min: 0, max: 86_400 }) ?? 60;
  const profile = seen.get('flow');
  if (profile !== undefined && !isFlowProfileName(profile)) throw bad('flow', `must be one of ${FLOW_PROFILE_NAMES.join(', ')}`, profile);
  return {
    configFile: seen.get('config'),
    strategies,
    params,
    markets: opt('markets', { min: 1, max: 200, integer: true }) ?? 1,
    hours: opt('hours', { min: 0, exclusiveMin: true, max: 24 * 365 }) ?? 24,
    seeds: opt('seeds', { min: 1, max: 100_000, integer: true }) ?? 20,
    seedStart: opt('seed-start', { min: 0, integer: true }) ?? 1,
    flowProfile: profile,
    flow: {
      A: opt('flow-a', { min: 0 }),
      k: opt('flow-k', { min: 0, exclusiveMin: true }),
      sigma: opt('volatility', { min: 0 }),
      jumpRatePerHour: opt('jump-rate', { min: 0 }),
      jumpSize: opt('jump-size', { min: 0 }),
      informedShare: opt('informed-share', { min: 0, max: 1 }),
      stepMs: opt('step-ms', { min: 1, max: 60_000, integer: true }),
    },
    fee: {
      rate: opt('fee-rate', { min: 0, max: 10 }) ?? 0.25,
      exponent: opt('fee-exponent', { min: 0, max: 10 }) ?? 2,
      rebateRate: opt('rebate-rate', { min: 0, max: 1 }) ?? 0.2,
      takerOnly: !flags.has('maker-fees'),
    },
    markoutS,
    pollIntervalMs: opt('poll-interval-ms', { min: 1, max: 3_600_000, integer: true }),
    json: flags.has('json'),
    out: seen.get('out'),
    progress: flags.has('progress') ? true : flags.has('no-progress') ? false : undefined,
    flowDigest: flags.has('flow-digest'),
  };
}

/** Reads a parameter file: a JSON object of parameters, or a makerd config with strategy.params. */
export function readParamsFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new MakerdError(ErrorCode.CONFIG, `--params: cannot read ${JSON.stringify(file)}: ${(err as Error).message}`, {
      where: 'backtest',
      field: 'params',
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new MakerdError(ErrorCode.CONFIG, `--params: ${JSON.stringify(file)} is not JSON: ${(err as Error).message}`, {
      where: 'backtest',
      field: 'params',
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MakerdError(ErrorCode.CONFIG, `--params: ${JSON.stringify(file)} must hold a JSON object of strategy parameters`, {
      where: 'backtest',
      field: 'params',
    });
  }
  const o = value as Record<string, unknown>;
  const nested = o.strategy;
  if (typeof nested === 'object' && nested !== null && !Array.isArray(nested) && 'params' in nested)
    return (nested as { params: unknown }).params;
  return value;
}

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function plannedStrategies(config: MakerdConfig, a: BacktestArgs): Promise<PlannedStrategy[]> {
  const registry = await loadConfiguredStrategies(config);
  const entries = a.strategies ?? [config.strategy.name];
  return entries.map((entry) => {
    const [label, name = label] = entry.split(':') as [string, string?];
    const strategy = resolveStrategy(
      registry,
      name,
      a.strategies === undefined ? 'strategy.name' : a.strategies.length > 1 ? '--compare' : '--strategy',
    );
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
    const { params, guards } = parseQuotingParams(strategy, raw, where);
    return { label, strategy, params, guards, rawParams: raw, paramsSource: source };
  });
}

/**
 * The run settings. Flow parameters, strongest first: the flag; the key `sim.flow.*` when a file,
 * variable or flag gave it (`given`, from loadConfig); the profile of --flow, else of
 * sim.flow.profile (whose values the loader already put in the keys not given).
 */
export function backtestSettings(config: MakerdConfig, a: BacktestArgs, given: ReadonlySet<string> = new Set()): BacktestSettings {
  const f = config.sim.flow;
  const p = a.flowProfile === undefined ? undefined : flowProfile(a.flowProfile, '--flow').params;
  const key = <K extends 'A' | 'k' | 'sigma' | 'jumpSize' | 'informedShare'>(k: K): number =>
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
  });
  return {
    hours: a.hours,
    markets: a.markets,
    pollIntervalMs: a.pollIntervalMs ?? config.poller.intervalMs,
    flowProfile: a.flowProfile ?? f.profile,
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

function table(report: BacktestReport): string {
  const rows: string[][] = [['figure', 'strategy', 'mean', 'sd', 'p5', 'p50', 'p95']];
  const f = (x: number, d: number): string => (Number.isFinite(x) ? x.toFixed(d) : '-');
  for (const m of METRICS) {
    // A fixed mark-out horizon that is the main one already has its row.
    if (FIXED_MARKOUT_S[m.key] === report.settings.markoutHorizonS) continue;
    for (const s of report.strategies) {
      const st = s.summary.stats[m.key];
      const d = METRIC_DIGITS[m.key] ?? 2;
      const title =
        m.key === 'markout'
          ? `mark-out@${report.settings.markoutHorizonS}s (${m.unit})`
          : m.key === 'adverseShare'
            ? `adverse fills@${report.settings.markoutHorizonS}s (${m.unit})`
            : `${m.title} (${m.unit})`;
      rows.push([title, s.summary.label, f(st.mean, d), f(st.sd, d), f(st.p5, d), f(st.p50, d), f(st.p95, d)]);
    }
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const s = report.settings;
  const head = `${s.runs} seed(s) x ${report.strategies.length} strategy(ies), ${s.markets} market(s), ${s.hours} h each; seeds ${s.seeds[0]}..${s.seeds[s.seeds.length - 1]}`;
  const body = rows.map((r) => r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')).join('\n');
  return `${head}\n${body}\n${comparisonLines(report)}`;
}

/** The comparison (reportJson's), one line per strategy after the first. */
function comparisonLines(report: BacktestReport): string {
  if (report.strategies.length < 2) return '';
  const n = (x: unknown, d: number): string => (typeof x === 'number' ? x.toFixed(d) : '-');
  return comparison(report)
    .map(
      (c) =>
        `${String(c.strategy)} vs ${String(c.against)}: mean PnL difference ${n(c.meanPnlDifference, 4)} (paired se ${n(c.pairedStandardError, 4)}), ` +
        `PnL sd ratio ${n(c.pnlSdRatio, 3)}, largest-inventory ratio ${n(c.maxInventoryRatio, 3)}, ` +
        `mean/sd ${n(c.pnlMeanOverSd, 3)} against ${n(c.againstPnlMeanOverSd, 3)}\n`,
    )
    .join('');
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
  const strategies = await plannedStrategies(config, a);
  const settings = backtestSettings(config, a, loaded.given);
  const seeds = Array.from({ length: a.seeds }, (_, i) => String(a.seedStart + i));
  const runs = seeds.length * strategies.length;
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const showProgress = a.progress ?? (tty || runs > 1);
  const report = runPlan({
    strategies,
    seeds,
    settings,
    markoutHorizonS: a.markoutS,
    digestFlow: a.flowDigest,
    version: version(),
    ...(showProgress ? { onProgress: progressReporter(io, tty) } : {}),
  });
  if (a.out !== undefined) {
    writeFileSync(a.out, reportHtml(report, chartLibrary()));
    io.stderr.write(`backtest: report written to ${a.out}\n`);
  }
  if (a.json) io.stdout.write(`${JSON.stringify(reportJson(report), null, 2)}\n`);
  else io.stdout.write(table(report));
  return 0;
}
