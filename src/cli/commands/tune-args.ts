/**
 * The options of `makerd tune` and `makerd tune merge`: their help text and their parsing. The
 * markets and runs (--world, --kind, --flow..., --hours, --markets, fees, rewards) are backtest's
 * own options, parsed by backtest's parser (backtest-args.ts) and turned into run settings by its
 * code (backtestSettings), so a tune runs exactly what `makerd backtest` with those flags runs.
 * Every refusal names the flag, the rule and the value (exit 2).
 */
import { parseObjective, type Objective } from '../../tune/objective.js';
import type { Shard } from '../../tune/search-definition.js';
import { UsageError } from '../io.js';
import { type BacktestArgs, MARKETS_AND_RUNS_ALONE, MARKETS_AND_RUNS_WITH_VALUE, parseBacktestArgs } from './backtest-args.js';
import { badOptionValue, type OptionWords, optionNumber, readOptionWords } from './option-words.js';

/**
 * mean - 0.1 x sd of a run's income: a run is one market for one day (the default --hours and
 * --markets), and for a book of M markets over D days the income's sd grows as sqrt(M x D) while
 * its mean grows as M x D, so one sd of downside on the book's income is 1/sqrt(M x D) sd per
 * market-day: 0.1 for a book of 100 market-days (10 markets for 10 days).
 */
export const DEFAULT_OBJECTIVE = 'mean-sd:0.1';

export const TUNE_HELP = `makerd tune — search a strategy's parameters on the simulator, many seeds per setting

Usage: makerd [config flags] tune [options]
       makerd tune merge FILE... [--results FILE] [--out-config FILE] [--report FILE] [--json]
                                 [--wait SECONDS]

Strategy and search space:
  --strategy NAME            Strategy to tune (default: the configuration's strategy.name)
  --params FILE              Base parameters (JSON object, or a makerd config with strategy.params;
                             default: strategy.params of the configuration, else the defaults):
                             setting #0, and the values of every parameter not searched
  --space FILE               Search space: a JSON object of parameter paths (gamma, guards.jumpTicks,
                             bands[0].avgMargin) to {"min": A, "max": B, "log": true|false},
                             {"values": [..]} or true (the schema's range); default: every
                             parameter whose schema declares a search range
Search:
  --settings N               Settings in all, the base included (default 30)
  --search-seed S            Seed of the sampled settings (default 1): the same seed and space
                             give the same settings
  --brackets B               Independent brackets of successive halving; setting i is in bracket
                             i mod B (default: one per 10 settings, rounded up)
  --eta E                    Each rung keeps the best 1/E of its settings and gives them E times
                             the seeds (default 3)
  --min-seeds N              Seeds of the first rung, at least (default 3)
Seeds:
  --seeds N                  Tuning seeds (default 10): the last rung runs them all
  --seed-start S             First tuning seed (default 1)
  --validation-seeds M       Seeds each bracket's winner is validated on, never tuned on
                             (default 10; 0: none)
  --validation-seed-start V  First validation seed (default: right after the tuning seeds; the
                             two ranges must not overlap)
Objective (income = PnL + rewards of a run, USDC):
  --objective NAME           mean-sd:K (mean - K x sd over the seeds), mean-se:K (mean - K x its
                             standard error) or mean (default ${DEFAULT_OBJECTIVE})
  --max-inventory SHARES     Rule out a setting whose largest |inventory| in any run is above this
  --max-loss USDC            Rule out a setting that loses more than this in any run
Markets and runs (as makerd backtest; docs/backtesting.md):
  --world venue|demo, --kind NAME, --flow NAME, --flow-a, --flow-k, --volatility, --jump-rate,
  --jump-size, --informed-share, --foresight-ms, --step-ms, --hours H (default 24),
  --markets N (default 1), --poll-interval-ms MS, --fee-rate, --fee-exponent, --rebate-rate,
  --maker-fees, --reward-rate, --reward-max-spread, --reward-min-size, --config FILE
Running:
  --jobs N                   Worker threads (default: one per core, at most one per 24
                             market-hours of runs left); results are the same whatever N
  --shard I/N                Run slice I of N (brackets b with b mod N = I - 1); join the slices'
                             results files with makerd tune merge
  --results FILE             Results file (default tune-<search id>.json): written as runs finish;
                             the same command with the same file continues where it stopped
  --progress | --no-progress Progress on stderr (default: on)
Output:
  --out-config FILE          The best setting as a makerd configuration file (strategy.*)
  --report FILE              Self-contained HTML report: mean against sd, each parameter's effect
  --json                     The outcome as JSON on stdout instead of the table
Merge:
  --wait SECONDS             Wait up to this long for shards' files that are missing or unfinished
`;

export interface TuneArgs {
  readonly configFile: string | undefined;
  readonly strategy: string | undefined;
  readonly params: string | undefined;
  readonly space: string | undefined;
  readonly settings: number;
  readonly searchSeed: string;
  readonly brackets: number | undefined;
  readonly eta: number;
  readonly minSeeds: number;
  readonly seeds: number;
  readonly seedStart: number;
  readonly validationSeeds: number;
  readonly validationSeedStart: number;
  readonly objective: Objective;
  readonly maxInventory: string | undefined;
  readonly maxLoss: string | undefined;
  readonly jobs: number | undefined;
  readonly shard: Shard | undefined;
  readonly results: string | undefined;
  readonly progress: boolean;
  readonly outConfig: string | undefined;
  readonly report: string | undefined;
  readonly json: boolean;
  /** The markets and runs, as makerd backtest parses them. */
  readonly backtest: BacktestArgs;
}

export interface MergeArgs {
  readonly files: readonly string[];
  readonly results: string | undefined;
  readonly outConfig: string | undefined;
  readonly report: string | undefined;
  readonly json: boolean;
  readonly waitS: number;
}

const OWN_WITH_VALUE = new Set([
  'config',
  'strategy',
  'params',
  'space',
  'settings',
  'search-seed',
  'brackets',
  'eta',
  'min-seeds',
  'seeds',
  'seed-start',
  'validation-seeds',
  'validation-seed-start',
  'objective',
  'max-inventory',
  'max-loss',
  'jobs',
  'shard',
  'results',
  'out-config',
  'report',
]);
const OWN_ALONE = new Set(['json', 'progress', 'no-progress']);
/** backtest's options that set the markets and runs: handed to its parser. */
const BACKTEST_WITH_VALUE = new Set(MARKETS_AND_RUNS_WITH_VALUE);
const BACKTEST_ALONE = new Set(MARKETS_AND_RUNS_ALONE);
/** backtest's options that mean nothing to a search. */
const BACKTEST_ONLY = new Set(['compare', 'out', 'replay', 'replay-group', 'markout-s', 'flow-digest', 'no-guards']);

const bad = (flag: string, rule: string, value: string): UsageError => badOptionValue('tune', flag, rule, value);

const integer = (flag: string, value: string, min: number, max: number): number =>
  optionNumber('tune', flag, value, { min, max, integer: true, digitsOnly: true });

function positiveDecimal(flag: string, value: string): string {
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || Number(value) <= 0) throw bad(flag, 'must be a number > 0', value);
  return value.trim();
}

/** Reads tune's (or merge's) words; `positional` collects the others (merge's files). */
function words(args: readonly string[], withValue: ReadonlySet<string>, alone: ReadonlySet<string>, positional?: string[]): OptionWords {
  return readOptionWords(args, {
    command: 'tune',
    withValue,
    alone,
    positional,
    refuse: (name) =>
      BACKTEST_ONLY.has(name)
        ? new UsageError(`tune: --${name} is an option of makerd backtest, not of tune (see makerd tune --help)`)
        : undefined,
  });
}

export function parseTuneArgs(args: readonly string[]): TuneArgs {
  const { seen, flags, order } = words(
    args,
    new Set([...OWN_WITH_VALUE, ...BACKTEST_WITH_VALUE]),
    new Set([...OWN_ALONE, ...BACKTEST_ALONE]),
  );
  if (flags.has('progress') && flags.has('no-progress')) throw new UsageError('tune: --progress and --no-progress exclude each other');
  // The markets and runs through backtest's parser, its messages as tune's.
  const passed = order.filter((w) => {
    const name = w[0]!.replace(/^--/, '').replace(/=.*$/s, '');
    return BACKTEST_WITH_VALUE.has(name) || BACKTEST_ALONE.has(name);
  });
  let backtest: BacktestArgs;
  try {
    backtest = parseBacktestArgs(passed.flat());
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(err.message.replace(/^backtest: /, 'tune: '));
    throw err;
  }
  const opt = <T>(flag: string, parse: (v: string) => T): T | undefined => (seen.has(flag) ? parse(seen.get(flag)!) : undefined);
  const strategy = seen.get('strategy');
  if (strategy !== undefined && !/^[A-Za-z0-9_-]+$/.test(strategy))
    throw bad('strategy', 'must be a strategy name (letters, digits, - and _)', strategy);
  const objectiveText = seen.get('objective') ?? DEFAULT_OBJECTIVE;
  const objective = parseObjective(objectiveText);
  if ('problem' in objective) throw new UsageError(`tune: --objective: ${objective.problem}`);
  const settings = opt('settings', (v) => integer('settings', v, 1, 100_000)) ?? 30;
  const seeds = opt('seeds', (v) => integer('seeds', v, 1, 100_000)) ?? 10;
  const seedStart = opt('seed-start', (v) => integer('seed-start', v, 0, Number.MAX_SAFE_INTEGER)) ?? 1;
  const validationSeeds = opt('validation-seeds', (v) => integer('validation-seeds', v, 0, 100_000)) ?? 10;
  const validationSeedStart =
    opt('validation-seed-start', (v) => integer('validation-seed-start', v, 0, Number.MAX_SAFE_INTEGER)) ?? seedStart + seeds;
  if (validationSeeds > 0 && validationSeedStart < seedStart + seeds && validationSeedStart + validationSeeds > seedStart)
    throw new UsageError(
      `tune: the validation seeds ${validationSeedStart}..${validationSeedStart + validationSeeds - 1} overlap the tuning seeds ${seedStart}..${seedStart + seeds - 1}: validation must run on seeds the search never saw`,
    );
  const shard = opt('shard', parseShard);
  if (shard !== undefined && (seen.has('out-config') || seen.has('report')))
    throw new UsageError(
      'tune: --out-config and --report describe the whole search: give them to makerd tune merge, which joins the shards',
    );
  const searchSeed = seen.get('search-seed') ?? '1';
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(searchSeed)) throw bad('search-seed', 'must be 1 to 64 letters, digits, _ . : or -', searchSeed);
  return {
    configFile: seen.get('config'),
    strategy,
    params: seen.get('params'),
    space: seen.get('space'),
    settings,
    searchSeed,
    brackets: opt('brackets', (v) => integer('brackets', v, 1, settings)),
    eta: opt('eta', (v) => integer('eta', v, 2, 100)) ?? 3,
    minSeeds: opt('min-seeds', (v) => integer('min-seeds', v, 1, seeds)) ?? Math.min(3, seeds),
    seeds,
    seedStart,
    validationSeeds,
    validationSeedStart,
    objective,
    maxInventory: opt('max-inventory', (v) => positiveDecimal('max-inventory', v)),
    maxLoss: opt('max-loss', (v) => positiveDecimal('max-loss', v)),
    jobs: opt('jobs', (v) => integer('jobs', v, 1, 1024)),
    shard,
    results: seen.get('results'),
    progress: !flags.has('no-progress'),
    outConfig: seen.get('out-config'),
    report: seen.get('report'),
    json: flags.has('json'),
    backtest,
  };
}

function parseShard(value: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = m === null ? Number.NaN : Number(m[1]);
  const count = m === null ? Number.NaN : Number(m[2]);
  if (!(count >= 1 && count <= 10_000 && index >= 1 && index <= count))
    throw bad('shard', 'must be I/N with 1 <= I <= N (slice I of N, e.g. 1/4)', value);
  return { index, count };
}

export function parseMergeArgs(args: readonly string[]): MergeArgs {
  const files: string[] = [];
  const { seen, flags } = words(args, new Set(['results', 'out-config', 'report', 'wait']), new Set(['json']), files);
  if (files.length === 0) throw new UsageError("tune merge: give the shards' results files (makerd tune merge FILE...)");
  return {
    files,
    results: seen.get('results'),
    outConfig: seen.get('out-config'),
    report: seen.get('report'),
    json: flags.has('json'),
    waitS: seen.has('wait') ? integer('wait', seen.get('wait')!, 0, 7 * 86_400) : 0,
  };
}
