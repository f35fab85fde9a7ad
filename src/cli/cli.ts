/**
 * makerd's command line: splits configuration flags from the command, loads the configuration,
 * and runs one command. Every failure ends as one line on stderr and a non-zero exit code
 * (2 for usage errors), and never prints a secret.
 */
import { loadConfig, type LoadedConfig } from '../config/load.js';
import { isMakerdError } from '../errors.js';
import { createLogger, type Logger } from '../log/logger.js';
import { openVenueStack, runDaemon } from '../main.js';
import { pino } from 'pino';
import { cancelCommand, cancelMarketCommand } from './commands/cancel.js';
import { checkConfigCommand } from './commands/check-config.js';
import { parseQueryArgs, queryHelp, runQuery } from './commands/query.js';
import { simCommand } from './commands/sim.js';
import { configDocMarkdown } from './config-doc.js';
import { splitConfigArgs } from './config-flags.js';
import { HELP } from './help.js';
import { UsageError, type CliIo } from './io.js';

const COMMANDS = ['run', 'sim', 'query', 'cancel', 'cancel-market', 'check-config', 'config-doc'] as const;
type Command = (typeof COMMANDS)[number];

function loggerFor(command: Command, loaded: LoadedConfig, io: CliIo): Logger {
  const c = loaded.config;
  const secrets = [c.venue.secret, c.venue.passphrase];
  // The daemon logs JSON lines to stdout; one-shot commands keep stdout for their JSON answer.
  const toStdout = command === 'run';
  const level = toStdout || command === 'sim' ? c.log.level : c.log.level === 'info' ? 'warn' : c.log.level;
  return createLogger({
    level,
    headerPrefix: c.venue.headerPrefix,
    secrets,
    destination: toStdout ? pino.destination({ fd: 1, sync: false }) : { write: (s: string) => io.stderr.write(s) },
  });
}

/** Runs one command line; resolves to the process exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let secrets: string[] = [];
  try {
    if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
      if (argv[0] === 'query') io.stdout.write(queryHelp());
      else io.stdout.write(HELP);
      return 0;
    }
    const { configFile, configArgs, rest } = splitConfigArgs(argv);
    const [command, ...args] = rest;
    if (command === undefined) throw new UsageError('no command given');
    if (!(COMMANDS as readonly string[]).includes(command)) throw new UsageError(`unknown command '${command}'`);
    const cmd = command as Command;
    if (cmd === 'config-doc') {
      io.stdout.write(configDocMarkdown());
      return 0;
    }
    const loaded = loadConfig({ configFile, args: configArgs, env: io.env });
    secrets = [loaded.config.venue.secret, loaded.config.venue.passphrase].filter((s) => s.length > 0);
    const logger = loggerFor(cmd, loaded, io);
    switch (cmd) {
      case 'check-config':
        if (args.length > 0) throw new UsageError(`check-config: unexpected argument '${args[0]}'`);
        return checkConfigCommand(loaded, io);
      case 'run':
        if (args.length > 0) throw new UsageError(`run: unexpected argument '${args[0]}'`);
        await runDaemon(loaded.config, logger, io.stopSignal ?? new AbortController().signal);
        return 0;
      case 'sim':
        return await simCommand(loaded.config, args, logger, io);
      case 'query':
      case 'cancel':
      case 'cancel-market':
        return await withClient(loaded, logger, cmd, args, io);
    }
  } catch (err) {
    return reportError(err, io, secrets);
  }
}

async function withClient(loaded: LoadedConfig, logger: Logger, cmd: 'query' | 'cancel' | 'cancel-market', args: string[], io: CliIo): Promise<number> {
  // Parse before starting anything, so usage errors cost nothing.
  const parsedQuery = cmd === 'query' ? parseQueryArgs(args) : undefined;
  const stack = await openVenueStack(loaded.config, logger);
  try {
    if (parsedQuery !== undefined) return await runQuery(stack.client, parsedQuery, io);
    if (cmd === 'cancel') return await cancelCommand(stack.client, args, io);
    return await cancelMarketCommand(stack.client, args, io);
  } finally {
    await stack.close();
  }
}

function reportError(err: unknown, io: CliIo, secrets: readonly string[]): number {
  let line: string;
  let code = 1;
  if (err instanceof UsageError) {
    line = `makerd: ${err.message} (see makerd --help)`;
    code = 2;
  } else if (isMakerdError(err)) {
    line = `makerd: ${err.code}: ${err.message}`;
  } else {
    line = `makerd: ${err instanceof Error ? err.message : String(err)}`;
  }
  for (const s of secrets) line = line.split(s).join('[redacted]');
  io.stderr.write(`${line.replace(/\s*\n\s*/g, '; ')}\n`);
  return code;
}
