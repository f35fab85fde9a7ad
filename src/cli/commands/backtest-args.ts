/**
 * The options of `makerd backtest` (everything after the word `backtest`): their help text, their
 * parsing with an error that names the flag, the rule and the value, and the --params file.
 */
import { readFileSync } from 'node:fs';
import { ErrorCode, MakerdError } from '../../errors.js';
import type { RewardTerms } from '../../sim/catalog/index.js';
import { FLOW_PROFILE_NAMES, type FlowProfileName, isFlowProfileName } from '../../sim/flow/index.js';
import { MARKET_KINDS, type MarketKind, isMarketKind } from '../../sim/world/market-kinds.js';
import { SIM_WORLDS, type SimWorldName, isSimWorldName } from '../../sim/world/sim-world.js';
import { UsageError } from '../io.js';
import { badOptionValue, type NumberRule, optionNumber, readOptionWords } from './option-words.js';

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
  /** --world NAME (src/sim/world/sim-world.ts); undefined: sim.world. */
  readonly world: SimWorldName | undefined;
  /** --kind NAME: the venue world's kind of market (src/sim/world/market-kinds.ts); undefined: all. */
  readonly kind: MarketKind | undefined;
  /** A fee flag was given: every market charges `fee` (in the venue world, instead of its own schedule). */
  readonly feeGiven: boolean;
  /** --flow NAME: a flow profile (src/sim/flow/flow-profiles.ts); undefined: sim.flow.profile. */
  readonly flowProfile: FlowProfileName | undefined;
  readonly flow: {
    A?: number;
    k?: number;
    sigma?: number;
    jumpRatePerHour?: number;
    jumpSize?: number;
    informedShare?: number;
    foresightMs?: number;
    stepMs?: number;
  };
  readonly fee: { rate: number; exponent: number; rebateRate: number; takerOnly: boolean };
  readonly markoutS: number;
  readonly pollIntervalMs: number | undefined;
  readonly json: boolean;
  readonly out: string | undefined;
  readonly progress: boolean | undefined;
  readonly flowDigest: boolean;
  /** Run every strategy with its guards switched off. */
  readonly noGuards: boolean;
  /** --reward-*: the same liquidity-reward terms for every market; undefined: the catalog's. */
  readonly rewards: RewardTerms | undefined;
  /** --replay DIR: run on a recording (docs/recording-and-replay.md) instead of the synthetic flow. */
  readonly replay: string | undefined;
  /** --replay-group G[,G]: only these groups of the recording. */
  readonly replayGroups: readonly string[] | undefined;
  /** --jobs N: worker threads for the runs; undefined: defaultJobs (one per core, capped by the runs and the market time). */
  readonly jobs: number | undefined;
  /** --ends-every SEC: one market of the run ends every SEC seconds; undefined: sim.ends.everySec. */
  readonly endsEvery: number | undefined;
  /** --resolve-after SEC: seconds from a market's end to its resolution; undefined: sim.ends.resolveAfterSec. */
  readonly resolveAfter: number | undefined;
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
Recorded markets (makerd record; docs/recording-and-replay.md):
  --replay DIR               Run on the recording in DIR (every group) instead of the synthetic
                             flow: its books, stream updates and public trades, its markets' rules
                             and fees; virtual orders filled by the queue model of paper mode.
                             The synthetic-flow options (--markets, --hours, --seeds, --flow...,
                             fees) do not apply
  --replay-group G[,G]       Only these groups of the recording
Markets (docs/simulator.md):
  --world NAME               venue (markets that trade like the venue's) or demo (the lively
                             flow of the profiles below) (default sim.world: venue)
  --kind NAME                The venue world's kind of market: all, quiet, median, busy, news,
                             paying, unpaid or rich (default all: the whole population)
Runs:
  --markets N                Markets per run (default 1)
  --hours H                  Market hours per run (default 24)
  --seeds N                  Runs per strategy (default 20)
  --seed-start S             First seed (integer, default 1): seeds S .. S+N-1
  --poll-interval-ms MS      Strategy evaluation interval of virtual time (default poller.intervalMs)
  --jobs N                   Worker threads running the runs side by side (default: one per core,
                             at most one per run and per 24 market-hours; 1: all in this thread). The results are
                             identical whatever N: every figure, digest, JSON and report
  --no-guards                Every strategy without its adverse-selection guards (params.guards
                             enabled: false), e.g. to measure what the guards do on the same flows
Markets that end (docs/backtesting.md):
  --ends-every SEC           From the start, one market of the run ends every SEC seconds (the
                             k-th at SEC x k; a neg-risk event's markets together), as the
                             simulator's do (default sim.ends.everySec: 0, none ends). Quoting
                             stops quoting.stopBeforeEndSec before each end; what is held when a
                             market resolves is settled at 1 / 0 into the PnL (settlement)
  --resolve-after SEC        Seconds from a market's end to its resolution (default
                             sim.ends.resolveAfterSec: 60)
Flow model (the demo world's profiles and defaults, sim.flow.*; a flag given overrides the
profile; in the venue world --flow-a, --flow-k, --volatility, --informed-share, --jump-rate and
--jump-size replace every market's drawn value, news jumps for jumps):
  --flow NAME                Demo-world flow profile: calm, default, news, busy or informed
                             (default sim.flow.profile)
                             calm     long-dated, quiet: A 0.3, k 60, sigma 0.004, 2 jumps/h of 0.3,
                                      informed 0.1
                             default  the values below
                             news     headline-driven: A 0.5, k 60, sigma 0.015, 60 jumps/h of 0.6,
                                      informed 0.5
                             busy     high volume near fair value: A 2, k 120, sigma 0.01, 8 jumps/h
                                      of 0.3, informed 0.2
                             informed default, with half of all takers knowing fair value
                                      300 s ahead (informed 0.5, foresight 300000)
  --flow-a A                 Taker arrivals per second per book side at the fair value (0.5)
  --flow-k K                 Decay of arrivals with distance from fair value, per price unit (60)
  --volatility S             Fair-value volatility, log-odds per sqrt(second) (0.01)
  --jump-rate R              Jumps per market per hour (12)
  --jump-size J              Typical jump in log-odds (0.4)
  --informed-share X         Share of takers trading ahead of a coming jump, 0..1 (0.3)
  --foresight-ms MS          Informed takers know fair value this far ahead, at all times, and
                             that share of all takers trades toward it (0: only a coming jump)
  --step-ms MS               Flow step of virtual time (250)
Fees (the venue's schedule: taker fee = rate x shares x (p(1-p))^exponent; in the venue world
each market has its own unless one of these is given):
  --fee-rate R               (default 0.25)
  --fee-exponent E           (default 2)
  --rebate-rate R            Makers' rebate, share of the taker fee (default 0.2)
  --maker-fees               Makers pay the taker formula instead (no rebate)
Liquidity rewards (default: each market's terms in the seed's catalog; about half pay):
  --reward-rate R            Every market pays R USDC a day (0: none pays)
  --reward-max-spread C      ... to orders within C cents of the adjusted midpoint (default 3)
  --reward-min-size S        ... of at least S shares (default 20)
Output:
  --markout-s S              Mark-out horizon in seconds (default 60; the curve adds 0..600 s)
  --json                     Summary JSON on stdout instead of the table
  --out FILE                 Self-contained HTML report (charts, summary table)
  --progress | --no-progress Progress on stderr (default: on a terminal, or when runs > 1)
  --flow-digest              Add a digest of the flow's orders to each run in the JSON
`;

/**
 * The options that set the markets and the runs (world, flow, fees, rewards, hours): makerd tune
 * takes them as well and hands them to this parser.
 */
export const MARKETS_AND_RUNS_WITH_VALUE: readonly string[] = [
  'world',
  'kind',
  'flow',
  'flow-a',
  'flow-k',
  'volatility',
  'jump-rate',
  'jump-size',
  'informed-share',
  'foresight-ms',
  'step-ms',
  'fee-rate',
  'fee-exponent',
  'rebate-rate',
  'hours',
  'markets',
  'poll-interval-ms',
  'reward-rate',
  'reward-max-spread',
  'reward-min-size',
];
export const MARKETS_AND_RUNS_ALONE: readonly string[] = ['maker-fees'];

const FLAGS_WITH_VALUE = new Set([
  ...MARKETS_AND_RUNS_WITH_VALUE,
  'config',
  'strategy',
  'compare',
  'params',
  'seeds',
  'seed-start',
  'markout-s',
  'out',
  'replay',
  'replay-group',
  'jobs',
  'ends-every',
  'resolve-after',
]);
/** The options of the synthetic flow, which a replay does not take. */
const SYNTHETIC_ONLY = [
  'world',
  'kind',
  'markets',
  'hours',
  'seeds',
  'seed-start',
  'flow',
  'flow-a',
  'flow-k',
  'volatility',
  'jump-rate',
  'jump-size',
  'informed-share',
  'foresight-ms',
  'step-ms',
  'fee-rate',
  'fee-exponent',
  'rebate-rate',
  'maker-fees',
  'flow-digest',
  'poll-interval-ms',
  'reward-rate',
  'reward-max-spread',
  'reward-min-size',
  'ends-every',
  'resolve-after',
];
const FLAGS_ALONE = new Set([...MARKETS_AND_RUNS_ALONE, 'json', 'progress', 'no-progress', 'flow-digest', 'no-guards']);

const bad = (flag: string, rule: string, value: string): UsageError => badOptionValue('backtest', flag, rule, value);

const NAME = /^[A-Za-z0-9_-]+$/;

export function parseBacktestArgs(args: readonly string[]): BacktestArgs {
  const params = new Map<string | undefined, string>();
  // --params may come once for every strategy, or once per strategy as NAME=FILE.
  const takeParams = (name: string, value: string): boolean => {
    if (name !== 'params') return false;
    const eq = /^([A-Za-z0-9_-]+)=(.+)$/.exec(value);
    const key = eq === null ? undefined : eq[1]!;
    const file = eq === null ? value : eq[2]!;
    if (params.has(key)) throw new UsageError(`backtest: --params given twice${key === undefined ? '' : ` for ${key}`}`);
    params.set(key, file);
    return true;
  };
  const { seen, flags } = readOptionWords(args, {
    command: 'backtest',
    withValue: FLAGS_WITH_VALUE,
    alone: FLAGS_ALONE,
    take: takeParams,
  });
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
  const replay = seen.get('replay');
  if (replay === undefined && seen.has('replay-group')) throw new UsageError('backtest: --replay-group needs --replay DIR');
  if (replay !== undefined && seen.has('jobs'))
    throw new UsageError(
      'backtest: --jobs does not apply to --replay (a replay runs its strategies in one thread, on the recording it read)',
    );
  if (replay !== undefined) {
    const synthetic = SYNTHETIC_ONLY.find((f) => seen.has(f) || flags.has(f));
    if (synthetic !== undefined)
      throw new UsageError(
        `backtest: --${synthetic} is an option of the synthetic flow; a replay takes its markets, times and fees from the recording`,
      );
  }
  const opt = (flag: string, rule: NumberRule): number | undefined =>
    seen.has(flag) ? optionNumber('backtest', flag, seen.get(flag)!, rule) : undefined;
  const markoutS = opt('markout-s', { min: 0, max: 86_400 }) ?? 60;
  const profile = seen.get('flow');
  const rewardRate = opt('reward-rate', { min: 0, max: 1_000_000 });
  for (const f of ['reward-max-spread', 'reward-min-size'])
    if (seen.has(f) && rewardRate === undefined)
      throw new UsageError(`backtest: --${f} needs --reward-rate (the daily rate of every market)`);
  if (profile !== undefined && !isFlowProfileName(profile)) throw bad('flow', `must be one of ${FLOW_PROFILE_NAMES.join(', ')}`, profile);
  const world = seen.get('world');
  if (world !== undefined && !isSimWorldName(world)) throw bad('world', `must be one of ${SIM_WORLDS.join(', ')}`, world);
  const kind = seen.get('kind');
  if (kind !== undefined && !isMarketKind(kind)) throw bad('kind', `must be one of ${MARKET_KINDS.join(', ')}`, kind);
  return {
    world,
    kind,
    feeGiven: ['fee-rate', 'fee-exponent', 'rebate-rate'].some((f) => seen.has(f)) || flags.has('maker-fees'),
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
      foresightMs: opt('foresight-ms', { min: 0, max: 3_600_000, integer: true }),
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
    noGuards: flags.has('no-guards'),
    rewards:
      rewardRate === undefined
        ? undefined
        : {
            dailyRate: rewardRate,
            maxSpread: opt('reward-max-spread', { min: 0, exclusiveMin: true, max: 99 }) ?? 3,
            minSize: opt('reward-min-size', { min: 0, exclusiveMin: true, max: 1_000_000 }) ?? 20,
          },
    replay,
    replayGroups: seen
      .get('replay-group')
      ?.split(',')
      .map((g) => g.trim()),
    jobs: opt('jobs', { min: 1, max: 1024, integer: true }),
    endsEvery: opt('ends-every', { min: 0, max: 1_000_000, integer: true }),
    resolveAfter: opt('resolve-after', { min: 0, max: 1_000_000, integer: true }),
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
