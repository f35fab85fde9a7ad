/**
 * `daemon_live_500` (issue 17), and design.md "RSS": `makerd run` live against `makerd sim` at
 * 500 tokens for 10 minutes, once per strategy (bands, then avellaneda), reporting from the
 * daemon's own metrics.
 *
 * Two child processes per strategy, as an operator would run them: `makerd sim --markets 250
 * --sampling-share 1` (every market a sampling market; its first stdout line is the JSON banner)
 * and `makerd run` in live mode against it with `selector.top` 250 (500 tokens), both streams on,
 * log level warn, everything else at its defaults (1 s polls, the strategy's default parameters,
 * the simulator's order flow and edge limits on). Quoting has started when /metrics first shows an
 * order placed; from then on the bench reads VmRSS every second, /metrics every 5 s, and at the
 * end: tick-to-dispatch p50/p99 from the daemon's `makerd_tick_to_dispatch_seconds` buckets over
 * the quoting window (interpolated inside a bucket, as Prometheus' histogram_quantile), event-loop
 * lag p99 (the median, and the largest, of the 5 s p99s prom-client reports), RSS at 60 s and at
 * the end, CPU seconds per minute (/proc), orders placed per second, the write budget's use (the
 * largest share of the venue's POST /order and DELETE /order burst and sustained windows seen in
 * the limiter's own windows), 429s answered to the daemon, windows exceeded (the simulator's
 * `edge_throttled_total`: requests its section-8 windows refused), and quote fidelity (mean of
 * `makerd_quote_fidelity_ratio` over the markets). Then SIGTERM (the daemon cancels its orders and
 * exits) and the simulator stops; both are killed on any failure.
 *
 * `rss_mb_500` (design.md: RSS after 60 s of quoting 500 tokens, defaults, i.e. bands) is the bands
 * run's 60 s reading. `--quick`: 60 s per strategy instead of 600.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BIN, cleanEnv, freePort, procMb, sleep, stopChild, tail } from './daemon.js';
import {
  bucketDelta,
  clockTicksPerSecond,
  cpuSeconds,
  histogramCount,
  histogramQuantile,
  type LiveScrape,
  scrapeLive,
} from './live-metrics.js';
import type { SimBanner } from '../src/sim/simulator.js';
import type { BenchOptions } from './run.js';
import { median, round } from './stats.js';

const MARKETS = 250;
const STRATEGIES = ['bands', 'avellaneda'] as const;
type StrategyName = (typeof STRATEGIES)[number];
const QUOTING_S = 600;
const QUICK_QUOTING_S = 60;
const RSS_AT_S = 60;
const SCRAPE_EVERY_S = 5;
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;
const WINDOWS = ['POST /order|burst', 'POST /order|sustained', 'DELETE /order|burst', 'DELETE /order|sustained'] as const;

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

async function simStats(baseUrl: string): Promise<{ edge_throttled_total?: number; throttled_total?: number; open_orders?: number }> {
  try {
    const res = await fetch(`${baseUrl}/_sim/stats`, { signal: AbortSignal.timeout(5_000) });
    return res.ok ? ((await res.json()) as Record<string, number>) : {};
  } catch {
    return {};
  }
}

const ms = (s: number): number | null => (Number.isFinite(s) ? round(s * 1000, 2) : null);

/** One strategy's run: its figures, keyed without the `daemon_live_500_<strategy>_` prefix. */
async function runStrategy(strategy: StrategyName, quotingS: number): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), `makerd-bench-live-${strategy}-`));
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
    return new Error(`${strategy}: ${message} (logs kept in ${dir})${out === '' ? '' : `\n--- daemon output (last lines):\n${out}`}`);
  };
  const exitedText = (c: ChildProcess): string => `code ${c.exitCode}, signal ${c.signalCode}`;
  try {
    sim = spawn(
      process.execPath,
      [BIN, 'sim', '--markets', String(MARKETS), '--sampling-share', '1', '--seed', `bench-live-${strategy}`, '--port', '0'],
      { env: cleanEnv(), stdio: ['ignore', 'pipe', simErr] },
    );
    const banner = JSON.parse(await firstLine(sim, 30_000)) as SimBanner;
    const metricsPort = await freePort();
    const metricsUrl = `http://127.0.0.1:${metricsPort}`;
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
        MAKERD_SELECTOR_TOP: String(MARKETS),
        MAKERD_POLLER_MAX_TOKENS: String(2 * MARKETS),
        MAKERD_STRATEGY: strategy,
        MAKERD_METRICS_PORT: String(metricsPort),
        MAKERD_DATA_DIR: join(dir, 'data'),
        MAKERD_LOG_LEVEL: 'warn',
        MAKERD_STREAM_MARKET: 'on',
        MAKERD_STREAM_USER: 'on',
      }),
      stdio: ['ignore', daemonOut, daemonErr],
    });
    const pid = daemon.pid;
    if (pid === undefined) throw new Error('makerd run did not start');

    // Quoting starts with the first order placed.
    let first: LiveScrape | undefined;
    for (;;) {
      if (daemon.exitCode !== null || daemon.signalCode !== null) throw fail(`makerd run exited (${exitedText(daemon)}) before quoting`);
      if (performance.now() - spawnedAt > START_TIMEOUT_MS) throw fail(`makerd run placed no order within ${START_TIMEOUT_MS / 1000} s`);
      const s = await scrapeLive(metricsUrl);
      if (s !== undefined && s.placed > 0) {
        first = s;
        break;
      }
      await sleep(250);
    }
    const quotingAt = performance.now();
    const startupS = (quotingAt - spawnedAt) / 1000;
    const ticksPerSecond = clockTicksPerSecond();
    const cpuAtStart = cpuSeconds(pid, ticksPerSecond);
    const simAtStart = await simStats(banner.baseUrl);
    let rss60: number | undefined;
    let rssPeak = 0;
    const lagP99s: number[] = [];
    const peakUse = new Map<string, number>(WINDOWS.map((w) => [w, 0]));
    const fidelitySamples: number[] = [];
    let last: LiveScrape = first;
    for (let s = 1; s <= quotingS; s++) {
      await sleep(Math.max(0, quotingAt + s * 1000 - performance.now()));
      if (daemon.exitCode !== null || daemon.signalCode !== null)
        throw fail(`makerd run exited (${exitedText(daemon)}) after ${s} s of quoting`);
      const mb = procMb(pid, 'VmRSS');
      if (mb === undefined) throw fail("could not read the daemon's VmRSS");
      rssPeak = Math.max(rssPeak, mb);
      if (s === RSS_AT_S) rss60 = mb;
      if (s % SCRAPE_EVERY_S !== 0 && s !== quotingS) continue;
      const scrape = await scrapeLive(metricsUrl);
      if (scrape === undefined) continue;
      last = scrape;
      if (scrape.eventLoopLagP99S !== undefined) lagP99s.push(scrape.eventLoopLagP99S);
      for (const w of WINDOWS) {
        const u = scrape.windows.get(w);
        if (u !== undefined) peakUse.set(w, Math.max(peakUse.get(w)!, u.used / u.venueCapacity));
      }
      if (scrape.fidelity.size > 0) fidelitySamples.push([...scrape.fidelity.values()].reduce((a, b) => a + b, 0) / scrape.fidelity.size);
    }
    const elapsedS = (performance.now() - quotingAt) / 1000;
    const rssEnd = procMb(pid, 'VmRSS');
    const hwm = procMb(pid, 'VmHWM');
    const cpuAtEnd = cpuSeconds(pid, ticksPerSecond);
    const simAtEnd = await simStats(banner.baseUrl);
    if (!(last.quotesLive > 0) || !(last.placed > 0)) throw fail(`not quoting after ${quotingS} s: ${JSON.stringify(last)}`);
    const ticks = bucketDelta(last.tickToDispatch, first.tickToDispatch);
    const fidelityEnd = last.fidelity.size === 0 ? null : [...last.fidelity.values()].reduce((a, b) => a + b, 0) / last.fidelity.size;

    const stopStarted = performance.now();
    const stopped = await stopChild(daemon, STOP_TIMEOUT_MS);
    const stopS = (performance.now() - stopStarted) / 1000;
    daemon = undefined;
    const afterExit = await simStats(banner.baseUrl);
    const logs = logSummary(daemonOutPath);
    const use = (w: (typeof WINDOWS)[number]): number => round(peakUse.get(w)!, 4);
    ok = true;
    return {
      p50_ms: ms(histogramQuantile(ticks, 0.5)),
      p99_ms: ms(histogramQuantile(ticks, 0.99)),
      event_loop_lag_p99_ms: lagP99s.length === 0 ? null : ms(median(lagP99s)),
      event_loop_lag_p99_max_ms: lagP99s.length === 0 ? null : ms(Math.max(...lagP99s)),
      rss_mb_60s: rss60 === undefined ? null : round(rss60, 1),
      rss_mb_end: rssEnd === undefined ? null : round(rssEnd, 1),
      cpu_s_per_min: cpuAtStart === undefined || cpuAtEnd === undefined ? null : round(((cpuAtEnd - cpuAtStart) * 60) / elapsedS, 2),
      orders_placed_per_s: round((last.placed - first.placed) / elapsedS, 2),
      post_burst_use: use('POST /order|burst'),
      post_sustained_use: use('POST /order|sustained'),
      delete_burst_use: use('DELETE /order|burst'),
      delete_sustained_use: use('DELETE /order|sustained'),
      throttles: last.throttles - first.throttles,
      windows_exceeded: (simAtEnd.edge_throttled_total ?? 0) - (simAtStart.edge_throttled_total ?? 0),
      quote_fidelity: fidelityEnd === null ? null : round(fidelityEnd, 4),
      details: {
        quoting_s: round(elapsedS, 1),
        ticks_observed: histogramCount(ticks),
        tick_to_dispatch_p90_ms: ms(histogramQuantile(ticks, 0.9)),
        tick_to_dispatch_buckets: Object.fromEntries([...ticks].map(([le, n]) => [String(le), n])),
        // Work the executor held back (timed apart from the tick, src/execution/dispatch-trace.ts): count, p50, p99 ms.
        dispatch_wait: Object.fromEntries(
          [...last.dispatchWait].map(([cause, b]) => {
            const d = bucketDelta(b, first.dispatchWait.get(cause) ?? new Map());
            return [cause, { count: histogramCount(d), p50_ms: ms(histogramQuantile(d, 0.5)), p99_ms: ms(histogramQuantile(d, 0.99)) }];
          }),
        ),
        rss_mb_peak_sampled: round(rssPeak, 1),
        rss_mb_hwm: hwm === undefined ? null : round(hwm, 1),
        startup_s: round(startupS, 1),
        quote_fidelity_min_sample: fidelitySamples.length === 0 ? null : round(Math.min(...fidelitySamples), 4),
        orders_placed: last.placed - first.placed,
        orders_cancelled: last.cancelled - first.cancelled,
        orders_deferred: last.deferred - first.deferred,
        limiter_deadline_rejections: last.limiterDeadlines - first.limiterDeadlines,
        quotes_live: last.quotesLive,
        markets_quoted: last.marketsQuoted,
        poll_ticks: last.pollTicks - first.pollTicks,
        order_rejections: last.rejections - first.rejections,
        sim_throttled_total: (simAtEnd.throttled_total ?? 0) - (simAtStart.throttled_total ?? 0),
        exit_code: stopped.code,
        exit_signal: stopped.signal,
        killed_after_timeout: stopped.killed,
        stop_s: round(stopS, 1),
        sim_open_orders_after_exit: afterExit.open_orders ?? null,
        daemon_log_lines: logs.counts,
        daemon_first_error_line: logs.firstError ?? null,
        daemon_stderr_tail: tail(daemonErrPath, 3),
      },
    };
  } finally {
    if (daemon !== undefined) await stopChild(daemon, 5_000);
    if (sim !== undefined) await stopChild(sim, 5_000);
    for (const fd of [simErr, daemonOut, daemonErr]) closeSync(fd);
    // Kept after a failure, for its logs.
    if (ok) rmSync(dir, { recursive: true, force: true });
  }
}

export default async function run(options?: BenchOptions): Promise<Record<string, unknown>> {
  const quotingS = options?.quick === true ? QUICK_QUOTING_S : QUOTING_S;
  const only = process.env.MAKERD_BENCH_LIVE_STRATEGIES?.split(',').filter((s) => s !== '');
  const out: Record<string, unknown> = {
    quoting_s: quotingS,
    scenario: `per strategy (${STRATEGIES.join(', then ')}): makerd run (live mode, log level warn, selector.top ${MARKETS} = ${2 * MARKETS} tokens, both streams, 1 s polls, default parameters) against a separate makerd sim (${MARKETS} markets, all sampling, flow and edge limits on) for ${quotingS} s from the first order placed; figures from the daemon's /metrics, /proc and the simulator's /_sim/stats`,
  };
  const details: Record<string, unknown> = {};
  for (const strategy of STRATEGIES) {
    if (only !== undefined && !only.includes(strategy)) continue;
    process.stderr.write(`[bench] daemon-live: ${strategy}, ${quotingS} s of quoting\n`);
    const { details: d, ...figures } = await runStrategy(strategy, quotingS);
    for (const [k, v] of Object.entries(figures)) out[`daemon_live_500_${strategy}_${k}`] = v;
    details[strategy] = d;
    if (strategy === 'bands') out.rss_mb_500 = figures.rss_mb_60s;
  }
  return { ...out, by_strategy: details };
}
