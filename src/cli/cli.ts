/**
 * makerd's command line: splits configuration flags from the command, loads the configuration,
 * and runs one command. Every failure ends as one line on stderr and a non-zero exit code
 * (2 for usage errors), and never prints a secret.
 */
import { loadConfig, type LoadedConfig } from '../config/load.js';
import type { MakerdConfig } from '../config/schema.js';
import { isMakerdError } from '../errors.js';
import { createLogger, type Logger } from '../log/logger.js';
import { openVenueStack, runningSimulatorTarget, type VenueTarget } from '../daemon/venue-stack.js';
import { applyHeapPolicy } from '../daemon/heap-policy.js';
import { runDaemon } from '../main.js';
import { simHelp } from './sim-help.js';
import { readSimPointer } from '../daemon/sim-pointer.js';
import { backtestCommand } from './commands/backtest.js';
import { BACKTEST_HELP } from './commands/backtest-args.js';
import { cancelCommand, cancelMarketCommand } from './commands/cancel.js';
import { checkConfigCommand } from './commands/check-config.js';
import { configDocCommand } from './commands/config-doc.js';
import { pnlCommand } from './commands/pnl.js';
import { parseQueryArgs, queryHelp, runQuery } from './commands/query.js';
import { RECORD_HELP, recordCommand } from './commands/record.js';
import { simCommand } from './commands/sim.js';
import { SURVEY_HELP, surveyCommand, takeSurveyArgs } from './commands/survey.js';
import { tuneCommand } from './commands/tune.js';
import { TUNE_HELP } from './commands/tune-args.js';
import { splitConfigArgs } from './config-flags.js';
import { HELP } from './help.js';
import { UsageError, type CliIo } from './io.js';

const COMMANDS = [
  'run',
  'sim',
  'query',
  'cancel',
  'cancel-market',
  'check-config',
  'config-doc',
  'pnl',
  'backtest',
  'tune',
  'record',
  'survey',
] as const;
type Command = (typeof COMMANDS)[number];

function loggerFor(command: Command, loaded: LoadedConfig, io: CliIo): Logger {
  const c = loaded.config;
  const secrets = [c.venue.secret, c.venue.passphrase];
  // The daemon logs JSON lines to stdout; one-shot commands keep stdout for their JSON answer.
  const toStdout = command === 'run';
  const level = toStdout || command === 'sim' || command === 'record' ? c.log.level : c.log.level === 'info' ? 'warn' : c.log.level;
  return createLogger({
    level,
    headerPrefix: c.venue.headerPrefix,
    secrets,
    destination: { write: (s: string) => (toStdout ? io.stdout : io.stderr).write(s) },
  });
}

/** Secrets of the configuration loaded last, scrubbed from every error line (also fatal ones). */
let knownSecrets: readonly string[] = [];

/** Runs one command line; resolves to the process exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let daemonLogger: Logger | undefined;
  try {
    if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
      if (argv[0] === 'query') io.stdout.write(queryHelp());
      else if (argv[0] === 'sim') io.stdout.write(simHelp());
      else if (argv.includes('backtest')) io.stdout.write(BACKTEST_HELP);
      else if (argv.includes('tune')) io.stdout.write(TUNE_HELP);
      else if (argv[0] === 'record') io.stdout.write(RECORD_HELP);
      else if (argv.includes('survey')) io.stdout.write(SURVEY_HELP);
      else io.stdout.write(HELP);
      return 0;
    }
    let split = splitConfigArgs(argv, new Set(COMMANDS));
    // survey's --markets N is its own (for the other commands the flag sets sim.markets).
    let surveyArgs: string[] | undefined;
    if (split.rest[0] === 'survey') {
      const taken = takeSurveyArgs(argv);
      surveyArgs = taken.own;
      split = splitConfigArgs(taken.others, new Set(COMMANDS));
    }
    const { configFile, configArgs, rest } = split;
    const [command, ...restArgs] = rest;
    const args = surveyArgs === undefined ? restArgs : [...surveyArgs, ...restArgs];
    if (command === undefined) throw new UsageError('no command given');
    if (!(COMMANDS as readonly string[]).includes(command)) throw new UsageError(`unknown command '${command}'`);
    const cmd = command as Command;
    // backtest reads its own options (several share names with configuration flags).
    if (cmd === 'backtest') return await backtestCommand(argv, io);
    if (cmd === 'tune') return await tuneCommand(argv, io);
    if (cmd === 'config-doc') return configDocCommand(args, io);
    const loaded = loadConfig({ configFile, args: configArgs, env: io.env });
    knownSecrets = [loaded.config.venue.secret, loaded.config.venue.passphrase].filter((s) => s.length > 0);
    if (cmd === 'check-config') {
      if (args.length > 0) throw new UsageError(`check-config: unexpected argument '${args[0]}'`);
      return await checkConfigCommand(loaded, io);
    }
    const logger = loggerFor(cmd, loaded, io);
    if (cmd === 'run') daemonLogger = logger;
    for (const w of loaded.warnings) {
      if (cmd === 'run' || cmd === 'sim' || cmd === 'record') logger.warn(`configuration: ${w}`);
      else io.stderr.write(`makerd: warning: ${w}\n`);
    }

    switch (cmd) {
      case 'run':
        if (args.length > 0) throw new UsageError(`run: unexpected argument '${args[0]}'`);
        applyHeapPolicy(io.env);
        io.onDaemon?.({
          shutdownDeadlineMs: loaded.config.lifecycle.shutdownDeadlineMs,
          logCrash: (event, err) =>
            logger.fatal({ event, err }, `crashed (${event}): stopping in order, cancelling open orders; exit status 1`),
        });
        return await runDaemon(loaded.config, logger, io.stopSignal ?? new AbortController().signal, {
          ...(io.onReload === undefined ? {} : { onReload: io.onReload }),
          ...(io.onLiveOrders === undefined ? {} : { onLiveOrders: io.onLiveOrders }),
          // SIGHUP reads the same files, environment and flags again.
          reloadConfig: () => loadConfig({ configFile, args: configArgs, env: io.env }).config,
        });
      case 'sim':
        return await simCommand(loaded.config, args, logger, io);
      case 'record':
        return await recordCommand(loaded.config, args, logger, io);
      case 'survey':
        return await surveyCommand(loaded.config, args, logger, io);
      case 'pnl':
        return await pnlCommand(loaded.config, args, io);
      case 'query':
      case 'cancel':
      case 'cancel-market':
        return await withClient(loaded, logger, cmd, args, io);
    }
  } catch (err) {
    // The daemon's log is JSON on stdout: the reason it stopped belongs there too.
    daemonLogger?.fatal({ code: isMakerdError(err) ? err.code : undefined }, errorLine(err).replace(/^makerd: /, ''));
    return reportError(err, io);
  }
}

async function withClient(
  loaded: LoadedConfig,
  logger: Logger,
  cmd: 'query' | 'cancel' | 'cancel-market',
  args: string[],
  io: CliIo,
): Promise<number> {
  // Parse before starting anything, so usage errors cost nothing.
  const parsedQuery = cmd === 'query' ? parseQueryArgs(args) : undefined;
  const stack = await openVenueStack(loaded.config, logger, undefined, undefined, oneShotSimTarget(loaded.config, cmd, io));
  try {
    if (parsedQuery !== undefined) return await runQuery(stack.client, parsedQuery, io);
    if (cmd === 'cancel') return await cancelCommand(stack.client, args, io);
    return await cancelMarketCommand(stack.client, args, io);
  } finally {
    await stack.close();
  }
}

/**
 * In sim mode, where a one-shot command goes: the simulator of the `makerd run` using this data
 * dir when one runs (sim.json), else a fresh embedded one — said on stderr either way, since a
 * fresh simulator knows nothing of the daemon's orders (almost always a forgotten
 * MAKERD_VENUE_MODE=live, or another data dir).
 */
function oneShotSimTarget(config: MakerdConfig, cmd: 'query' | 'cancel' | 'cancel-market', io: CliIo): VenueTarget | undefined {
  if (config.venue.mode !== 'sim') return undefined;
  const running = readSimPointer(config.data.dir);
  if (running !== undefined) {
    io.stderr.write(
      `makerd: note: venue.mode is "sim": using the simulator of the makerd run on data.dir ${config.data.dir} (pid ${running.pid}, ${running.baseUrl})\n`,
    );
    return runningSimulatorTarget(running);
  }
  const verb = cmd === 'query' ? 'queries' : 'cancels on';
  io.stderr.write(
    `makerd: warning: venue.mode is "sim": this ${verb} a fresh embedded simulator, not on the venue nor a running daemon's (none runs on data.dir ${config.data.dir})\n`,
  );
  return undefined;
}

function errorLine(err: unknown): string {
  let line: string;
  if (err instanceof UsageError) line = `makerd: ${err.message} (see makerd --help)`;
  else if (isMakerdError(err)) line = `makerd: ${err.code}: ${err.message}`;
  else line = `makerd: ${err instanceof Error ? err.message : String(err)}`;
  for (const s of knownSecrets) line = line.split(s).join('[redacted]');
  return line.replace(/\s*\n\s*/g, '; ');
}

function reportError(err: unknown, io: CliIo): number {
  io.stderr.write(`${errorLine(err)}\n`);
  return err instanceof UsageError ? 2 : 1;
}

/** The one stderr line for an error that escaped every command (uncaught), secrets scrubbed. */
export function fatalLine(err: unknown): string {
  return `${errorLine(err).replace(/^makerd: /, 'makerd: fatal: ')}\n`;
}
