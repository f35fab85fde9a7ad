/**
 * `makerd tune`: a search over a strategy's parameters on the simulator (src/tune), and
 * `makerd tune merge`, which joins the results files of a search's shards. Everything is checked
 * before the first run: the options (exit 2), the configuration, the strategy and its base
 * parameters, the search space against the schema, and a results file that exists against this
 * search (exit 1). Progress goes to stderr; the finalists' table (or --json) to stdout; Ctrl-C
 * writes the runs done so far to the results file and exits 130: the same command continues.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { chartLibrary } from '../../backtest/report-assets.js';
import { encodeDecimals } from '../../backtest/seed-wire.js';
import { loadConfig } from '../../config/load.js';
import { ErrorCode, MakerdError } from '../../errors.js';
import { packageRoot } from '../../package-root.js';
import { builtinStrategiesDir, loadStrategies, resolveStrategy } from '../../strategy/strategy-registry.js';
import { parseObjective } from '../../tune/objective.js';
import { checkSameSearch, mergeShards, readResults, runStoreOf, writeResults, type ResultsFile } from '../../tune/results-file.js';
import {
  type SearchDefinition,
  type Setting,
  type Shard,
  limitsOf,
  searchId,
  settingsOf,
  shardBrackets,
} from '../../tune/search-definition.js';
import { evaluateSearch, type SearchState } from '../../tune/search-engine.js';
import { defaultSpace, readSpaceFile } from '../../tune/search-space.js';
import { resultsFileOf, runSearch } from '../../tune/tune-runner.js';
import { tuneReportHtml } from '../../tune/tune-report-html.js';
import { bestConfigText, resultTable } from '../../tune/tune-text.js';
import { durationText } from '../../backtest/duration-text.js';
import { splitConfigArgs } from '../config-flags.js';
import { UsageError, type CliIo } from '../io.js';
import { backtestSettings, defaultJobs } from './backtest.js';
import { readParamsFile } from './backtest-args.js';
import { type MergeArgs, parseMergeArgs, parseTuneArgs, type TuneArgs } from './tune-args.js';

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** `argv` is the whole command line; the word `tune` splits configuration flags from options. */
export async function tuneCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const at = argv.indexOf('tune');
  const before = splitConfigArgs(argv.slice(0, at));
  if (before.rest.length > 0) throw new UsageError(`unexpected argument '${before.rest[0]}' before the command`);
  const rest = argv.slice(at + 1);
  if (rest[0] === 'merge') return mergeCommand(parseMergeArgs(rest.slice(1)), io);
  const a = parseTuneArgs(rest);
  if (before.configFile !== undefined && a.configFile !== undefined) throw new UsageError('tune: --config given twice');
  const loaded = loadConfig({ configFile: a.configFile ?? before.configFile, args: before.configArgs, env: io.env });
  for (const w of loaded.warnings) io.stderr.write(`makerd: warning: ${w}\n`);
  const config = loaded.config;
  const strategyDirs = [builtinStrategiesDir(), ...(config.strategy.dir === '' ? [] : [config.strategy.dir])];
  const registry = await loadStrategies(strategyDirs);
  const name = a.strategy ?? config.strategy.name;
  const strategy = resolveStrategy(registry, name, a.strategy === undefined ? 'strategy.name' : '--strategy');
  const base = a.params !== undefined ? readParamsFile(a.params) : name === config.strategy.name ? config.strategy.params : {};
  const space = a.space === undefined ? defaultSpace(strategy) : readSpaceFile(a.space, strategy);
  const backtest = backtestSettings(config, a.backtest, loaded.given);
  const def = definition(a, name, base, space, encodeDecimals(backtest));
  const brackets = shardBrackets(def, a.shard);
  const settings = settingsOf(def, strategy, brackets);
  const resultsPath = a.results ?? `tune-${searchId(def)}.json`;
  const runs = existsSync(resultsPath) ? resumed(resultsPath, def, a.shard) : new Map();
  // Written before the first run: an unwritable path fails now, not after an hour of runs.
  const startState = evaluateSearch(def, a.objective, limitsOf(def), settings, brackets, runs);
  writeResults(resultsPath, resultsFileOf({ def, shard: a.shard, settings, runs }, startState));
  const invalid = settings.filter((s) => s.invalid !== undefined);
  io.stderr.write(
    `tune: ${startState.doneRuns > 0 ? `continuing from ${startState.doneRuns} run(s) in` : 'results in'} ${resultsPath}${a.shard === undefined ? '' : ` (shard ${a.shard.index}/${a.shard.count}: bracket(s) ${brackets.join(', ') || 'none'})`}\n`,
  );
  if (invalid.length > 0)
    io.stderr.write(
      `tune: ${invalid.length} sampled setting(s) refused by the strategy's rules, not run (first: ${invalid[0]!.invalid})\n`,
    );
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const started = Date.now();
  const left = startState.plannedRuns - startState.doneRuns;
  const outcome = await runSearch({
    def,
    objective: a.objective,
    strategy,
    settings,
    brackets,
    shard: a.shard,
    backtest,
    strategyDirs,
    registry,
    jobs: a.jobs ?? defaultJobs(availableParallelism(), left, left * backtest.hours * backtest.markets),
    resultsPath,
    runs,
    ...(io.stopSignal === undefined ? {} : { signal: io.stopSignal }),
    ...(a.progress ? { onProgress: progressReporter(io, tty, settings.length) } : {}),
  });
  if (a.progress && tty) io.stderr.write('\n');
  if (outcome.stopped !== undefined) {
    io.stderr.write(
      `tune: stopped (${outcome.stopped.reason}) after ${outcome.state.doneRuns} of ${outcome.state.plannedRuns} run(s), kept in ${resultsPath}: run the same command again to continue\n`,
    );
    return 130;
  }
  io.stderr.write(`tune: ${outcome.state.doneRuns} run(s) done (${durationText((Date.now() - started) / 1000)} in this process)\n`);
  return writeOutputs(a, def, outcome.file, outcome.state, resultsPath, io);
}

function definition(a: TuneArgs, name: string, base: unknown, space: SearchDefinition['space'], backtest: unknown): SearchDefinition {
  const seeds = (start: number, n: number): string[] => Array.from({ length: n }, (_, i) => String(start + i));
  return {
    strategy: name,
    base,
    space,
    settings: a.settings,
    brackets: a.brackets ?? Math.max(1, Math.ceil(a.settings / 10)),
    eta: a.eta,
    minSeeds: a.minSeeds,
    searchSeed: a.searchSeed,
    tuningSeeds: seeds(a.seedStart, a.seeds),
    validationSeeds: seeds(a.validationSeedStart, a.validationSeeds),
    objective: a.objective.text,
    limits: { maxInventory: a.maxInventory ?? null, maxLoss: a.maxLoss ?? null },
    backtest,
  };
}

/** The runs of an existing results file, refused when it is another search's or another shard's. */
function resumed(path: string, def: SearchDefinition, shard: Shard | undefined): ReturnType<typeof runStoreOf> {
  const file = readResults(path);
  checkSameSearch(path, file, def, shard);
  return runStoreOf(file);
}

/** Progress on stderr: a redrawn bar on a terminal, else a line each time a setting is settled. */
function progressReporter(io: CliIo, tty: boolean, settings: number): (state: SearchState, runsHere: number) => void {
  const started = Date.now();
  let lastDraw = 0;
  let lastSettled = -1;
  return (state, runsHere) => {
    const now = Date.now();
    const left = state.plannedRuns - state.doneRuns;
    const eta = runsHere > 0 ? ((now - started) / 1000 / runsHere) * left : Number.NaN;
    const best =
      state.leader === undefined ? 'best -' : `best #${state.leader.index} ${state.leader.score.toFixed(3)} (${state.leader.runs} seeds)`;
    const timeLeft = Number.isFinite(eta) ? `${durationText(Math.ceil(eta))} left` : '';
    const text = `${state.settled}/${settings} settings, ${state.doneRuns}/${state.plannedRuns} runs, ${best}${timeLeft === '' ? '' : `, ${timeLeft}`}`;
    if (!tty) {
      if (state.settled !== lastSettled && (state.settled > 0 || lastSettled === -1)) io.stderr.write(`tune: ${text}\n`);
      lastSettled = state.settled;
      return;
    }
    if (now - lastDraw < 100 && left > 0) return;
    lastDraw = now;
    const width = 30;
    const filled = state.plannedRuns === 0 ? width : Math.round((state.doneRuns / state.plannedRuns) * width);
    io.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${text}\x1b[K`);
  };
}

function writeOutputs(
  a: Pick<TuneArgs, 'outConfig' | 'report' | 'json'>,
  def: SearchDefinition,
  file: ResultsFile,
  state: Pick<SearchState, 'brackets' | 'finalists'>,
  resultsPath: string,
  io: CliIo,
): number {
  const best = state.finalists[0];
  if (a.outConfig !== undefined) {
    if (best === undefined) io.stderr.write(`tune: no setting within the limits: ${a.outConfig} not written\n`);
    else {
      writeFileSync(a.outConfig, bestConfigText(def, best));
      io.stderr.write(`tune: the best setting (#${best.index}) written to ${a.outConfig}\n`);
    }
  }
  if (a.report !== undefined) {
    const shard = file.shard === null ? undefined : `${file.shard.index}/${file.shard.count}`;
    writeFileSync(
      a.report,
      tuneReportHtml(def, file.settings as Setting[], state, chartLibrary(), {
        version: version(),
        generatedAt: new Date().toISOString(),
        shard,
      }),
    );
    io.stderr.write(`tune: report written to ${a.report}\n`);
  }
  if (a.json)
    io.stdout.write(
      `${JSON.stringify({ searchId: file.searchId, results: resultsPath, shard: file.shard, best: best ?? null, finalists: state.finalists, brackets: state.brackets }, null, 2)}\n`,
    );
  else io.stdout.write(resultTable(def, state));
  if (best !== undefined || file.shard !== null) return 0;
  io.stderr.write('tune: no setting stayed within the limits (--max-inventory, --max-loss): no best setting\n');
  return 1;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** `makerd tune merge FILE...`: the shards' results as one search's, and its outputs. */
async function mergeCommand(m: MergeArgs, io: CliIo): Promise<number> {
  const deadline = Date.now() + m.waitS * 1000;
  let files: { path: string; file: ResultsFile }[];
  for (;;) {
    const unready = m.files.filter((f) => !existsSync(f) || readResults(f).status !== 'complete');
    if (unready.length === 0 || Date.now() >= deadline) break;
    if (io.stopSignal?.aborted === true) return 130;
    await sleep(Math.min(5000, Math.max(0, deadline - Date.now())));
  }
  try {
    files = m.files.map((path) => ({ path, file: readResults(path) }));
  } catch (err) {
    throw err instanceof MakerdError
      ? new MakerdError(err.code, err.message.replace(/^tune: /, 'tune merge: '), { where: 'tune', field: 'merge' })
      : err;
  }
  const { def, settings, runs } = mergeShards(files);
  const objective = parseObjective(def.objective);
  if ('problem' in objective)
    throw new MakerdError(ErrorCode.CONFIG, `tune merge: ${objective.problem}`, { where: 'tune', field: 'merge' });
  const state = evaluateSearch(def, objective, limitsOf(def), settings, shardBrackets(def, undefined), runs);
  if (!state.complete)
    throw new MakerdError(ErrorCode.CONFIG, `tune merge: the shards lack ${state.pending.length} run(s) of the search`, {
      where: 'tune',
      field: 'merge',
    });
  const file = resultsFileOf({ def, shard: undefined, settings, runs }, state);
  const resultsPath = m.results ?? `tune-${file.searchId}.json`;
  if (m.files.includes(resultsPath)) throw new UsageError(`tune merge: --results ${resultsPath} is one of the shards' files`);
  writeResults(resultsPath, file);
  io.stderr.write(`tune merge: ${files.length} shard(s), ${state.doneRuns} run(s): results in ${resultsPath}\n`);
  return writeOutputs(m, def, file, state, resultsPath, io);
}
