/**
 * design.md "RSS": the daemon's resident memory after 60 s of quoting 500 tokens on the simulator.
 *
 * Two child processes, as an operator would run them: `makerd sim` (its first stdout line is the
 * JSON banner with the URLs and credentials) and `makerd run` in live mode against it, with 250
 * markets (500 tokens) read from the simulator's GET /markets, both streams on, log level warn,
 * everything else at its defaults (strategy bands, default risk limits, 1 s poll interval, the
 * simulator's order flow and edge limits on). Quoting has started when /metrics first shows an
 * order placed; VmRSS is read from /proc/<pid>/status 10, 30 and 60 s after that (and every
 * second for the peak). Then the daemon gets SIGTERM (it cancels its orders and exits) and the
 * simulator is stopped; both are killed on any failure.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { metricSum } from '../soak/metrics-text.js';
import { BIN, cleanEnv, freePort, metricsText, procMb, sleep, stopChild, tail } from './daemon.js';
import type { BenchOptions } from './run.js';
import { round } from './stats.js';

const MARKETS = 250;
/** Simulator catalog size: every one of its markets is open and accepting, so a margin is enough. */
const SIM_MARKETS = 300;
const QUOTING_S = 60;
const SAMPLES_AT_S = [10, 30, 60] as const;
/** --quick: a few seconds of quoting (not the definition: checks the harness only). */
const QUICK_QUOTING_S = 6;
const QUICK_SAMPLES_AT_S = [2, 4, 6] as const;
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 60_000;
const TARGET_RSS_MB = 200;

interface Banner {
  baseUrl: string;
  wsUrl: string;
  address: string;
  apiKey: string;
  passphrase: string;
  secret: string;
}

/** CPU seconds (user + system) the process has used so far; undefined once it is gone. */
function cpuSeconds(pid: number, ticksPerSecond: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

function clockTicksPerSecond(): number {
  try {
    const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(n) && n > 0 ? n : 100;
  } catch {
    return 100;
  }
}

/** The first stdout line of `child` (the simulator's banner). */
function firstLine(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`no banner from the simulator within ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code) => reject(new Error(`the simulator exited (code ${code}) before its banner`)));
    rl.once('line', (line) => {
      clearTimeout(timer);
      // Keep draining whatever else it prints so that it never blocks on a full pipe.
      child.stdout!.resume();
      resolve(line);
    });
  });
}

/** Condition ids of the simulator's quotable binary markets, in catalog order. */
async function marketIds(baseUrl: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1_000; page++) {
    const res = await fetch(`${baseUrl}/markets${cursor === undefined ? '' : `?next_cursor=${encodeURIComponent(cursor)}`}`);
    if (!res.ok) throw new Error(`GET /markets: HTTP ${res.status}`);
    const body = (await res.json()) as {
      data: {
        condition_id: string;
        active: boolean;
        closed: boolean;
        archived: boolean;
        accepting_orders: boolean;
        enable_order_book: boolean;
        tokens: unknown[];
      }[];
      next_cursor: string;
    };
    for (const m of body.data) {
      if (m.active && !m.closed && !m.archived && m.accepting_orders && m.enable_order_book && m.tokens.length === 2)
        ids.push(m.condition_id);
    }
    if (body.next_cursor === 'LTE=' || body.next_cursor === '' || body.next_cursor === cursor) break;
    cursor = body.next_cursor;
  }
  return ids;
}

interface Scrape {
  placed: number;
  cancelled: number;
  quotesLive: number;
  /** Markets with at least one live quote. */
  marketsQuoted: number;
  pollTicks: number;
  rejections: number;
  riskRefusals: number;
}

function marketsQuoted(text: string): number {
  const quoted = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('makerd_quotes_live{')) continue;
    const market = /market="([^"]*)"/.exec(line)?.[1];
    if (market !== undefined && Number(line.slice(line.lastIndexOf(' ') + 1)) > 0) quoted.add(market);
  }
  return quoted.size;
}

async function scrape(metricsUrl: string): Promise<Scrape | undefined> {
  const text = await metricsText(metricsUrl);
  if (text === undefined) return undefined;
  return {
    placed: metricSum(text, 'makerd_orders_total', { action: 'placed' }) ?? 0,
    cancelled: metricSum(text, 'makerd_orders_total', { action: 'cancelled' }) ?? 0,
    quotesLive: metricSum(text, 'makerd_quotes_live') ?? 0,
    marketsQuoted: marketsQuoted(text),
    pollTicks: metricSum(text, 'makerd_poll_ticks_total') ?? 0,
    rejections: metricSum(text, 'makerd_order_rejections_total') ?? 0,
    riskRefusals: metricSum(text, 'makerd_risk_refusals_total') ?? 0,
  };
}

/** Log lines by pino level name (30 info, 40 warn, 50 error, 60 fatal), and the first error-level line. */
function logSummary(path: string): { counts: Record<string, number>; firstError: string | undefined } {
  const names: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
  const counts: Record<string, number> = {};
  let firstError: string | undefined;
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { counts, firstError };
  }
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let level = 'unparsed';
    try {
      const l = (JSON.parse(line) as { level?: number }).level;
      level = l === undefined ? 'unparsed' : (names[l] ?? String(l));
    } catch {
      // not a log line (e.g. a fatal line on stderr)
    }
    counts[level] = (counts[level] ?? 0) + 1;
    if (firstError === undefined && (level === 'error' || level === 'fatal' || level === 'unparsed')) firstError = line.slice(0, 500);
  }
  return { counts, firstError };
}

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quick = options?.quick === true;
  const quotingS = quick ? QUICK_QUOTING_S : QUOTING_S;
  const samplesAt: readonly number[] = quick ? QUICK_SAMPLES_AT_S : SAMPLES_AT_S;
  const dir = mkdtempSync(join(tmpdir(), 'makerd-bench-rss-'));
  const simErr = openSync(join(dir, 'sim.stderr'), 'w');
  const daemonOutPath = join(dir, 'daemon.stdout');
  const daemonErrPath = join(dir, 'daemon.stderr');
  const daemonOut = openSync(daemonOutPath, 'w');
  const daemonErr = openSync(daemonErrPath, 'w');
  let sim: ChildProcess | undefined;
  let daemon: ChildProcess | undefined;
  let ok = false;
  const fail = (message: string): Error => {
    const out = [...tail(daemonOutPath, 5), ...tail(daemonErrPath, 5)].join('\n');
    return new Error(`${message} (logs kept in ${dir})${out === '' ? '' : `\n--- daemon output (last lines):\n${out}`}`);
  };
  try {
    sim = spawn(process.execPath, [BIN, 'sim', '--markets', String(SIM_MARKETS), '--seed', 'bench-rss', '--port', '0'], {
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', simErr],
    });
    const banner = JSON.parse(await firstLine(sim, 30_000)) as Banner;
    const ids = await marketIds(banner.baseUrl);
    if (ids.length < MARKETS) throw new Error(`the simulator has ${ids.length} quotable markets, ${MARKETS} needed`);
    const markets = ids.slice(0, MARKETS);

    const metricsPort = await freePort();
    const metricsUrl = `http://127.0.0.1:${metricsPort}`;
    const dataDir = join(dir, 'data');
    const spawnedAt = performance.now();
    daemon = spawn(process.execPath, [BIN, 'run'], {
      env: cleanEnv({
        MAKERD_VENUE_MODE: 'live',
        MAKERD_VENUE_BASE_URL: banner.baseUrl,
        MAKERD_VENUE_WS_URL: banner.wsUrl,
        MAKERD_VENUE_ADDRESS: banner.address,
        MAKERD_VENUE_API_KEY: banner.apiKey,
        MAKERD_VENUE_PASSPHRASE: banner.passphrase,
        MAKERD_VENUE_SECRET: banner.secret,
        MAKERD_MARKETS: markets.join(','),
        MAKERD_POLLER_MAX_TOKENS: String(2 * MARKETS),
        MAKERD_METRICS_PORT: String(metricsPort),
        MAKERD_DATA_DIR: dataDir,
        MAKERD_LOG_LEVEL: 'warn',
        MAKERD_STREAM_MARKET: 'on',
        MAKERD_STREAM_USER: 'on',
      }),
      stdio: ['ignore', daemonOut, daemonErr],
    });
    const pid = daemon.pid;
    if (pid === undefined) throw new Error('makerd run did not start');

    // Quoting starts with the first order placed.
    let first: Scrape | undefined;
    for (;;) {
      if (daemon.exitCode !== null || daemon.signalCode !== null)
        throw fail(`makerd run exited (code ${daemon.exitCode}, signal ${daemon.signalCode}) before quoting`);
      if (performance.now() - spawnedAt > START_TIMEOUT_MS) throw fail(`makerd run placed no order within ${START_TIMEOUT_MS / 1000} s`);
      const s = await scrape(metricsUrl);
      if (s !== undefined && s.placed > 0) {
        first = s;
        break;
      }
      await sleep(250);
    }
    const quotingAt = performance.now();
    const ticksPerSecond = clockTicksPerSecond();
    const cpuAtStart = cpuSeconds(pid, ticksPerSecond);
    const startupS = (quotingAt - spawnedAt) / 1000;
    const rssAt: Record<number, number> = {};
    let peakSampled = 0;
    for (let s = 1; s <= quotingS; s++) {
      await sleep(Math.max(0, quotingAt + s * 1000 - performance.now()));
      if (daemon.exitCode !== null || daemon.signalCode !== null)
        throw fail(`makerd run exited (code ${daemon.exitCode}, signal ${daemon.signalCode}) after ${s} s of quoting`);
      const mb = procMb(pid, 'VmRSS');
      if (mb === undefined) throw fail("could not read the daemon's VmRSS");
      peakSampled = Math.max(peakSampled, mb);
      if (samplesAt.includes(s)) rssAt[s] = mb;
    }
    const hwm = procMb(pid, 'VmHWM');
    const cpuAtEnd = cpuSeconds(pid, ticksPerSecond);
    const cpuPct =
      cpuAtStart === undefined || cpuAtEnd === undefined
        ? undefined
        : (100 * (cpuAtEnd - cpuAtStart)) / ((performance.now() - quotingAt) / 1000);
    const last = await scrape(metricsUrl);
    if (last === undefined) throw fail(`/metrics did not answer after ${quotingS} s of quoting`);
    if (!(last.quotesLive > 0) || !(last.placed > 0)) throw fail(`not quoting after ${quotingS} s: ${JSON.stringify(last)}`);

    const stopStarted = performance.now();
    const stopped = await stopChild(daemon, STOP_TIMEOUT_MS);
    const stopS = (performance.now() - stopStarted) / 1000;
    daemon = undefined;
    let openAfterExit: number | undefined;
    try {
      const res = await fetch(`${banner.baseUrl}/_sim/stats`);
      if (res.ok) openAfterExit = ((await res.json()) as { open_orders?: number }).open_orders;
    } catch {
      // the stats route is a convenience; the figure is optional
    }
    const logs = logSummary(daemonOutPath);
    const stderrLines = tail(daemonErrPath, 3);

    const [early, mid, end] = samplesAt as [number, number, number];
    const rss60 = rssAt[end]!;
    ok = true;
    return {
      quoting_s: quotingS,
      scenario: `makerd run (live mode, log level warn, defaults: bands, 1 s polls, both streams) quoting ${MARKETS} markets = ${2 * MARKETS} tokens of a separate makerd sim process (${SIM_MARKETS} markets, flow and edge limits on); VmRSS from /proc after 10, 30 and 60 s of quoting (from the first order placed)`,
      rss_mb_500: round(rss60, 1),
      [`rss_mb_500_at_${early}s`]: round(rssAt[early]!, 1),
      [`rss_mb_500_at_${mid}s`]: round(rssAt[mid]!, 1),
      rss_mb_500_peak_sampled: round(peakSampled, 1),
      rss_mb_500_hwm: hwm === undefined ? null : round(hwm, 1),
      target_rss_mb: TARGET_RSS_MB,
      within_target: rss60 <= TARGET_RSS_MB,
      startup_s: round(startupS, 1),
      orders_placed: last.placed,
      orders_placed_at_start: first.placed,
      orders_cancelled: last.cancelled,
      quotes_live: last.quotesLive,
      markets_quoted: last.marketsQuoted,
      daemon_cpu_pct: cpuPct === undefined ? null : round(cpuPct, 1),
      poll_ticks: last.pollTicks,
      order_rejections: last.rejections,
      risk_refusals: last.riskRefusals,
      exit_code: stopped.code,
      exit_signal: stopped.signal,
      killed_after_timeout: stopped.killed,
      stop_s: round(stopS, 1),
      sim_open_orders_after_exit: openAfterExit ?? null,
      daemon_log_lines: logs.counts,
      daemon_first_error_line: logs.firstError ?? null,
      daemon_stderr_tail: stderrLines,
    };
  } finally {
    if (daemon !== undefined) await stopChild(daemon, 5_000);
    if (sim !== undefined) await stopChild(sim, 5_000);
    for (const fd of [simErr, daemonOut, daemonErr]) closeSync(fd);
    // Kept after a failure, for its logs.
    if (ok) rmSync(dir, { recursive: true, force: true });
  }
}
