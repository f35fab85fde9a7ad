/**
 * `makerd survey`: measures a venue's markets through its public endpoints alone (docs/survey.md):
 * the first N markets of the listing that accept orders (or all), their books and midpoints
 * polled over a window, their public trade tapes, reward terms and fee schedules. No credentials
 * (the venue stack is opened without them) and every request through the rate limiter. A table on
 * stdout, or the JSON document with --json (and into --out FILE); a progress line on stderr every
 * 10 s, and a line for everything it could not read. In sim mode it surveys a fresh embedded
 * simulator, as `makerd record` records one.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Logger } from 'pino';
import { systemClock } from '../../clock/system-clock.js';
import type { MakerdConfig } from '../../config/schema.js';
import { openVenueStack, openVenueTarget } from '../../daemon/venue-stack.js';
import { venueOf } from '../../data-dir/venue-identity.js';
import { ErrorCode, MakerdError } from '../../errors.js';
import { compare, readFacts } from '../../survey/facts.js';
import { runSurvey } from '../../survey/run-survey.js';
import { summarize } from '../../survey/summary.js';
import { surveyText, unreadLines } from '../../survey/survey-text.js';
import { UsageError, type CliIo } from '../io.js';

export const SURVEY_HELP = `makerd survey [--markets N | --all] [--for SECONDS] [--lookback SECONDS]
              [--json] [--out FILE] [--compare FILE] [--quiet]

Measures the venue's markets through its public endpoints alone (no credentials, within the
venue's rate limits): trades and USDC a day and trade sizes from the public trade tape, quoted
spread (cents, and bps of the midpoint by midpoint bucket), depth (level 1 / top 10 levels), how
often and how far the midpoint moves, the makers' effective half-spread and mark-outs at 60 and
300 s, reward terms and fee schedules; per market and across markets.

  --markets N          the first N markets of the listing that accept orders (default 20)
  --all                every market of the listing that accepts orders
  --for SECONDS        the window over which books and midpoints are polled (default 600;
                       the 300 s mark-out needs trades at least 300 s before its end)
  --lookback SECONDS   how far back before the window's end the trade tape is read (default 86400)
  --json               the JSON document on stdout instead of the table
  --out FILE           also write the JSON document to FILE
  --compare FILE       print a facts file's published figures beside the measured ones, with
                       measured / published (config/venue-facts.json: the venue's)
  --quiet              no progress lines on stderr

Polls every poller.intervalMs (--poll-interval-ms, default 1000). In sim mode (the default) it
surveys a fresh embedded simulator; --venue-mode live --venue-base-url URL surveys a venue.
Here --markets is the number of markets surveyed, not sim.markets (MAKERD_SIM_MARKETS sets that).
SIGINT/SIGTERM ends the window early; the tapes are then read and the figures printed.
See docs/survey.md.
`;

export interface SurveyArgs {
  readonly markets: number | 'all';
  readonly forS: number;
  readonly lookbackS: number;
  readonly json: boolean;
  readonly out: string | undefined;
  readonly compare: string | undefined;
  readonly quiet: boolean;
}

/** Survey's own flags: those that take a value, and those that stand alone. */
const VALUE_FLAGS = new Set(['markets', 'for', 'lookback', 'out', 'compare']);
const SWITCHES = new Set(['all', 'json', 'quiet']);

/**
 * Takes survey's own flags out of a command line (`--markets` is also the flag of sim.markets for
 * the other commands): `own` holds them (as `--name value`), `others` the rest, in order.
 */
export function takeSurveyArgs(argv: readonly string[]): { own: string[]; others: string[] } {
  const own: string[] = [];
  const others: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(a);
    const name = m?.[1];
    if (m && name !== undefined && VALUE_FLAGS.has(name)) {
      const value = m[2] ?? argv[++i];
      if (value === undefined) throw new UsageError(`survey: --${name} needs a value`);
      own.push(`--${name}`, value);
    } else if (m && name !== undefined && SWITCHES.has(name) && m[2] === undefined) own.push(a);
    else others.push(a);
  }
  return { own, others };
}

function seconds(flag: string, text: string | undefined): number {
  const v = Number(text);
  if (text === undefined || text.trim() === '' || !Number.isFinite(v) || v <= 0)
    throw new UsageError(`survey: --${flag} takes a number of seconds > 0 (got ${JSON.stringify(text)})`);
  return v;
}

export function parseSurveyArgs(args: readonly string[]): SurveyArgs {
  let markets: number | 'all' | undefined;
  let forS = 600;
  let lookbackS = 86_400;
  let json = false;
  let quiet = false;
  let out: string | undefined;
  let compareFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new UsageError(`survey: ${a} needs a value`);
      return v;
    };
    if (a === '--markets') {
      const text = value();
      const n = Number(text);
      if (!/^\d+$/.test(text) || n < 1) throw new UsageError(`survey: --markets takes a whole number >= 1 (got ${JSON.stringify(text)})`);
      if (markets === 'all') throw new UsageError('survey: --markets and --all exclude each other');
      markets = n;
    } else if (a === '--all') {
      if (typeof markets === 'number') throw new UsageError('survey: --markets and --all exclude each other');
      markets = 'all';
    } else if (a === '--for') forS = seconds('for', value());
    else if (a === '--lookback') lookbackS = Math.round(seconds('lookback', value()));
    else if (a === '--json') json = true;
    else if (a === '--quiet') quiet = true;
    else if (a === '--out') out = value();
    else if (a === '--compare') compareFile = value();
    else throw new UsageError(`survey: unexpected argument '${a}'`);
  }
  return { markets: markets ?? 20, forS, lookbackS, json, out, compare: compareFile, quiet };
}

export async function surveyCommand(config: MakerdConfig, args: readonly string[], logger: Logger, io: CliIo): Promise<number> {
  const a = parseSurveyArgs(args);
  // What can be refused is refused before anything starts.
  const facts = a.compare === undefined ? undefined : readFacts(a.compare);
  if (a.out !== undefined) {
    const dir = dirname(resolve(a.out));
    if (!existsSync(dir) || !statSync(dir).isDirectory())
      throw new MakerdError(ErrorCode.CONFIG, `survey: --out ${a.out}: the folder ${dir} does not exist`, {
        where: 'survey --out',
        field: 'out',
      });
  }
  const clock = io.clock ?? systemClock;
  if (config.venue.mode === 'sim')
    io.stderr.write('makerd: note: venue.mode is "sim": surveying a fresh embedded simulator\'s markets, not a venue\'s\n');
  // Public reads only: the stack gets no credentials, whatever the configuration holds.
  const target = await openVenueTarget(config, logger);
  const stack = await openVenueStack(config, logger, clock, undefined, { ...target, credentials: undefined });
  try {
    const stop = new AbortController();
    io.stopSignal?.addEventListener('abort', () => stop.abort(), { once: true });
    const data = await runSurvey(stack.client, {
      markets: a.markets,
      forMs: Math.round(a.forS * 1000),
      intervalMs: config.poller.intervalMs,
      lookbackS: a.lookbackS,
      clock,
      signal: stop.signal,
      ...(a.quiet ? {} : { progress: (line: string) => io.stderr.write(`makerd: survey: ${line}\n`) }),
    });
    const report = summarize(data, venueOf(config));
    const compared = facts === undefined ? undefined : compare(report, facts);
    const doc = compared === undefined ? report : { ...report, compare: compared };
    const slugs = new Map(report.markets.map((m) => [m.market, m.slug || m.market]));
    for (const line of unreadLines(report.unread, (m) => slugs.get(m) ?? m)) io.stderr.write(`makerd: survey: not read: ${line}\n`);
    const json = `${JSON.stringify(doc, null, 2)}\n`;
    if (a.out !== undefined) writeFileSync(a.out, json);
    io.stdout.write(a.json ? json : surveyText(report, compared));
    return 0;
  } finally {
    await stack.close();
  }
}
