/**
 * `npm run soak -- --minutes N`: the fault soak. Starts `makerd sim` (a process, over HTTP), then
 * `makerd run` in live mode against it (another process, with the simulator's credentials, both
 * streams on, a handful of markets, its poller pressing on the venue's POST /books window), then
 * switches the simulator's faults on in turn over N minutes (see plan.ts), stops makerd with
 * SIGTERM and checks the run (see checks.ts). Prints one JSON object on stdout; a progress line
 * per phase on stderr; exit status 0 when every check is ok, 1 when one fails, 2 when the soak
 * itself could not run.
 *
 *   --minutes N      length of the fault schedule (default 2; fractions allowed)
 *   --markets M      markets makerd quotes (default 5)
 *   --seed S         the simulator's seed (default soak)
 *   --keep           keep the data directory (journal) and print where it is
 *   --hostile        the hostile schedule instead (plan.ts HOSTILE_FAULTS: huge books, giant
 *                    answers, a stream flood, a trickle, deep JSON, garbage), with makerd's
 *                    /metrics read every 250 ms and four more checks (checks.ts hostileChecks)
 *   --break MODE     a deliberately broken run, to see the soak fail: `kill` SIGKILLs makerd
 *                    instead of SIGTERM (orders stay open); `unrecorded-storm` leaves the storm
 *                    out of the record (its 429s count as outside storms)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { evaluateSoak, failures, hostileSummary, type Check, type HostileWindow, type ThrottleSample, type TimeRange } from './checks.js';
import { journalFills, venueFills } from './fills.js';
import { metricSum } from './metrics-text.js';
import { planHostilePhases, planPhases, type FaultSpec, type MetricSelector } from './plan.js';
import { baseEnv, crashLines, startChild, type Child, type LogLine } from './processes.js';

export type BreakMode = 'none' | 'kill' | 'unrecorded-storm';

export interface SoakOptions {
  readonly minutes: number;
  readonly markets: number;
  readonly seed: string;
  readonly keep: boolean;
  readonly breakMode: BreakMode;
  /** The hostile schedule (plan.ts HOSTILE_FAULTS) instead of the standard one. */
  readonly hostile: boolean;
}

export class SoakUsageError extends Error {}

export function parseSoakArgs(argv: readonly string[]): SoakOptions {
  let minutes = 2;
  let markets = 5;
  let seed = 'soak';
  let keep = false;
  let breakMode: BreakMode = 'none';
  let hostile = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new SoakUsageError(`soak: ${a} needs a value`);
      return v;
    };
    switch (a) {
      case '--minutes': {
        const v = value();
        minutes = Number(v);
        if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 24 * 60)
          throw new SoakUsageError(`soak: --minutes must be a number of minutes in (0, 1440] (got ${v})`);
        break;
      }
      case '--markets': {
        const v = value();
        markets = Number(v);
        if (!Number.isInteger(markets) || markets < 1 || markets > 50)
          throw new SoakUsageError(`soak: --markets must be a whole number in [1, 50] (got ${v})`);
        break;
      }
      case '--seed':
        seed = value();
        break;
      case '--keep':
        keep = true;
        break;
      case '--hostile':
        hostile = true;
        break;
      case '--break': {
        const v = value();
        if (v !== 'kill' && v !== 'unrecorded-storm') throw new SoakUsageError(`soak: --break must be kill or unrecorded-storm (got ${v})`);
        breakMode = v;
        break;
      }
      default:
        throw new SoakUsageError(
          `soak: unknown argument ${a} (usage: npm run soak -- --minutes N [--markets M] [--seed S] [--keep] [--hostile] [--break kill|unrecorded-storm])`,
        );
    }
  }
  return { minutes, markets, seed, keep, breakMode, hostile };
}

interface Banner {
  readonly baseUrl: string;
  readonly address: string;
  readonly apiKey: string;
  readonly passphrase: string;
  readonly secret: string;
}

/** Time left after a storm for its last 429s to reach makerd's counters before the next sample. */
const SETTLE_MS = 2_000;
const SIM_MARKETS = 10;
/** How long a fault phase may run over its slice while the fault has not yet touched a request. */
const EVIDENCE_WAIT_MS = 10_000;
const EVIDENCE_POLL_MS = 100;
/** makerd's poll interval in the soak (MAKERD_POLLER_INTERVAL_MS): the bound of its event-loop lag under a hostile fault. */
const POLL_INTERVAL_MS = 100;
/** Hostile schedule: /metrics read this often, given up on after this long (a frozen loop answers late or never). */
const MONITOR_EVERY_MS = 250;
const MONITOR_TIMEOUT_MS = 10_000;
/** A phase-boundary reading waits longer: the schedule needs it, a freeze is recorded by the monitor. */
const SAMPLE_TIMEOUT_MS = 60_000;
/** How long a hostile fault may run over its slice while makerd's counters have not moved yet (a trickled GET /data/orders takes its sync interval, 5 s, plus 4 s). */
const HOSTILE_EVIDENCE_WAIT_MS = 20_000;
/** Hostile schedule: the venue's open orders are read this long after makerd exited. */
const ORDERS_READ_AFTER_EXIT_MS = 5_000;

const here = dirname(fileURLToPath(import.meta.url));
/** The makerd executable compiled next to this file (dist/soak/run.js -> dist/src/cli/bin.js). */
const BIN = join(here, '..', 'src', 'cli', 'bin.js');

const started = Date.now();
function progress(text: string): void {
  process.stderr.write(`[soak ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}\n`);
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

interface SimStats {
  fault_bytes_sent?: Record<string, number>;
  process_resident_memory_bytes?: number;
  edge_throttled_total: number;
  edge_throttled_by_scope: Record<string, number>;
  throttled_total: number;
  requests_total: number;
  requests_by_route: Record<string, number>;
  responses_by_status: Record<string, number>;
  faults_injected: Record<string, number>;
  ws_connections_total: number;
  open_orders: number;
  fills_total: number;
}

export interface SoakReport {
  readonly ok: boolean;
  readonly date: string;
  readonly minutes: number;
  readonly markets: number;
  readonly seed: string;
  readonly break?: BreakMode;
  readonly hostile?: boolean;
  readonly phases: { name: string; from: string; to: string }[];
  readonly storms: { from: string; to: string }[];
  readonly sim: Record<string, unknown>;
  readonly makerd: Record<string, unknown>;
  /** The hostile schedule: each fault's readings (checks.ts hostileSummary) and when it ran. */
  readonly hostileFaults?: Record<string, unknown>[];
  readonly checks: Check[];
  readonly failed: string[];
  readonly dataDir?: string;
}

export async function runSoak(o: SoakOptions): Promise<SoakReport> {
  const root = mkdtempSync(join(tmpdir(), 'makerd-soak-'));
  const dataDir = join(root, 'data');
  const children: Child[] = [];
  try {
    // 1. The simulator, alone, over HTTP.
    const sim = startChild(
      'makerd sim',
      BIN,
      ['sim', '--port', '0', '--seed', o.seed, '--markets', String(SIM_MARKETS), '--world', 'demo'],
      {
        ...baseEnv(),
        MAKERD_LOG_LEVEL: 'warn',
      },
    );
    children.push(sim);
    const banner = (await sim.line((l) => typeof l.baseUrl === 'string', 30_000)) as unknown as Banner;
    const base = banner.baseUrl;
    const credentials = { address: banner.address, apiKey: banner.apiKey, passphrase: banner.passphrase, secret: banner.secret };
    const setFaults = (patch: Record<string, unknown>): Promise<unknown> =>
      json(`${base}/_sim/faults`, { method: 'POST', body: JSON.stringify(patch), headers: { 'content-type': 'application/json' } });
    const simStats = (): Promise<SimStats> => json<SimStats>(`${base}/_sim/stats`);
    progress(`simulator listening at ${base} (seed ${o.seed}, ${SIM_MARKETS} markets)`);

    // 2. makerd, live mode, against it.
    const makerd = startChild('makerd run', BIN, ['run'], {
      ...baseEnv(),
      MAKERD_VENUE_MODE: 'live',
      MAKERD_VENUE_BASE_URL: base,
      MAKERD_VENUE_ADDRESS: credentials.address,
      MAKERD_VENUE_API_KEY: credentials.apiKey,
      MAKERD_VENUE_PASSPHRASE: credentials.passphrase,
      MAKERD_VENUE_SECRET: credentials.secret,
      MAKERD_SELECTOR_TOP: String(o.markets),
      MAKERD_STREAM_USER: 'on',
      MAKERD_STREAM_MARKET: 'on',
      // A poll every 100 ms asks for 100 POST /books per 10 s against the venue's 80: the limiter,
      // not the schedule, keeps makerd inside the window. Likewise the fill poll and GET /data/trades.
      MAKERD_POLLER_INTERVAL_MS: String(POLL_INTERVAL_MS),
      MAKERD_PORTFOLIO_POLL_INTERVAL_MS: '50',
      MAKERD_DATA_DIR: dataDir,
      MAKERD_METRICS_PORT: '0',
      MAKERD_LOG_LEVEL: 'info',
    });
    children.push(makerd);
    const metricsUrl = String(
      (await makerd.line((l) => l.msg === 'metrics server listening (/metrics, /healthz, /readyz, /status)', 60_000)).url,
    );
    await makerd.line((l) => l.msg === 'quoting markets', 120_000);
    progress(`makerd quoting ${o.markets} markets (metrics at ${metricsUrl})`);
    // Every reading of makerd's /metrics is kept (the hostile checks read RSS and event-loop lag
    // from them); one that fails or times out is kept as failed.
    const readings: Reading[] = [];
    const samples: ThrottleSample[] = [];
    let lastText = '';
    let lastGoodText = '';
    const read = async (timeoutMs: number): Promise<string | undefined> => {
      const t0 = Date.now();
      try {
        const text = await (await fetch(`${metricsUrl}/metrics`, { signal: AbortSignal.timeout(timeoutMs) })).text();
        readings.push({
          atMs: Date.now(),
          ok: true,
          scrapeMs: Date.now() - t0,
          rss: metricSum(text, 'makerd_process_resident_memory_bytes'),
          lagP99: metricSum(text, 'makerd_nodejs_eventloop_lag_p99_seconds'),
          lagMax: metricSum(text, 'makerd_nodejs_eventloop_lag_max_seconds'),
        });
        lastGoodText = text;
        return text;
      } catch {
        readings.push({ atMs: Date.now(), ok: false, scrapeMs: Date.now() - t0 });
        return undefined;
      }
    };
    /** A reading at a phase boundary; one that fails leaves a gap in the 429 samples (and lastText as it was). */
    const sample = async (): Promise<number> => {
      const text = await read(SAMPLE_TIMEOUT_MS);
      const atMs = Date.now();
      if (text !== undefined) {
        lastText = text;
        samples.push({ atMs, throttled: metricSum(lastText, 'makerd_venue_requests_total', { outcome: '429' }) ?? 0 });
      }
      return atMs;
    };
    // The hostile schedule reads /metrics every MONITOR_EVERY_MS all along (the phase-boundary
    // readings come on top).
    // The simulator's own RSS is read with them: the hostile answers must not grow it.
    const simRss: { atMs: number; bytes: number }[] = [];
    let monitoring = o.hostile;
    const monitor = (async () => {
      while (monitoring && !makerd.ended()) {
        const t0 = Date.now();
        await Promise.all([
          read(MONITOR_TIMEOUT_MS),
          simStats().then(
            (s) => {
              if (s.process_resident_memory_bytes !== undefined) simRss.push({ atMs: Date.now(), bytes: s.process_resident_memory_bytes });
            },
            () => undefined,
          ),
        ]);
        await delay(Math.max(0, MONITOR_EVERY_MS - (Date.now() - t0)));
      }
    })();
    const wsAtStart = (await simStats()).ws_connections_total;
    // How close to the venue's windows makerd ran: the edge's own count, read once a second (so
    // the peak shown is a lower bound), for every window makerd touched.
    const peakUse = new Map<string, { used: number; capacity: number }>();
    const limitsTimer = setInterval(() => {
      json<{ windows: { scope: string; capacity: number; used: number }[] }>(`${base}/_sim/limits`).then(
        (l) => {
          for (const w of l.windows)
            if (w.used > (peakUse.get(w.scope)?.used ?? 0)) peakUse.set(w.scope, { used: w.used, capacity: w.capacity });
        },
        () => undefined,
      );
    }, 1_000);
    limitsTimer.unref();

    // What proves a fault applied: the simulator's own counts, and the sockets it dropped (every
    // connection after the first of each stream is a reconnection).
    const evidenceAt = (stats: SimStats): Record<string, number> => ({
      ...stats.faults_injected,
      ws_reconnects: stats.ws_connections_total - wsAtStart,
    });
    const awaitEvidence = async (f: FaultSpec, before: Record<string, number>): Promise<void> => {
      const until = Date.now() + EVIDENCE_WAIT_MS;
      for (;;) {
        const now = evidenceAt(await simStats());
        if (f.evidence.every((k) => (now[k] ?? 0) > (before[k] ?? 0)) || Date.now() >= until || makerd.ended()) return;
        await delay(EVIDENCE_POLL_MS);
      }
    };
    // A hostile fault is held until the simulator shows it applied and one of makerd's counters
    // for it moved, for at most HOSTILE_EVIDENCE_WAIT_MS more.
    const awaitHostileEvidence = async (f: FaultSpec, before: Record<string, number>, metricsBefore: string): Promise<void> => {
      const until = Date.now() + HOSTILE_EVIDENCE_WAIT_MS;
      for (;;) {
        const now = evidenceAt(await simStats());
        const applied = f.evidence.every((k) => (now[k] ?? 0) > (before[k] ?? 0));
        const text = await read(MONITOR_TIMEOUT_MS);
        const moved = text !== undefined && Object.values(counterDeltas(f.moves ?? [], metricsBefore, text)).some((d) => d > 0);
        if ((applied && moved) || Date.now() >= until || makerd.ended()) return;
        await delay(MONITOR_EVERY_MS);
      }
    };
    // Each hostile fault's window: from the reading before it is switched on to the start of the
    // next fault (the end of its clean slice), or the last reading.
    const windows: OpenWindow[] = [];
    const closeWindow = (text: string | undefined): void => {
      const w = windows.at(-1);
      if (w === undefined || w.toMs !== undefined) return;
      w.toMs = Date.now();
      w.after = text ?? lastGoodText;
      w.runningAfter = text !== undefined && !makerd.ended();
    };

    // 3. The schedule.
    const totalMs = o.minutes * 60_000;
    const phases = o.hostile ? planHostilePhases(totalMs) : planPhases(totalMs);
    // Each phase lasts its whole slice from when it really starts: when one runs over (the settle
    // after a storm), the schedule slips instead of the next phases shrinking, which matters with
    // the short slices of the in-test soak (about 1.4 s at --minutes 0.5).
    let next = Date.now();
    const ran: { name: string; from: string; to: string }[] = [];
    const storms: TimeRange[] = [];
    const switchedOn = new Set<string>();
    let rssStart: number | undefined;
    let endedEarly = false;
    for (const [i, p] of phases.entries()) {
      if (makerd.ended()) {
        endedEarly = true;
        break;
      }
      await delay(Math.max(0, next - Date.now()));
      const startedAt = Date.now();
      next = startedAt + p.durationMs;
      const from = await sample();
      if (p.fault !== undefined && rssStart === undefined) rssStart = metricSum(lastText, 'makerd_process_resident_memory_bytes');
      if (o.hostile && p.fault !== undefined) {
        const fresh = samples.at(-1)?.atMs === from ? lastText : undefined;
        closeWindow(fresh);
        windows.push({ fault: p.fault, fromMs: from, before: fresh ?? lastGoodText });
      }
      progress(`phase ${i + 1}/${phases.length} ${p.name} for ${(p.durationMs / 1000).toFixed(1)} s`);
      const evidenceBefore = p.fault === undefined ? {} : evidenceAt(await simStats());
      if (p.fault !== undefined) {
        await setFaults(p.fault.on(p.durationMs));
        switchedOn.add(p.fault.name);
      }
      await delay(Math.max(0, next - Date.now()));
      // A slice of about a second can pass without the fault touching a request when the daemon
      // gets little CPU (a loaded CI machine): hold the fault until the simulator shows it applied,
      // for at most EVIDENCE_WAIT_MS more, so the run tests the fault instead of the machine's load.
      if (p.fault?.moves !== undefined) await awaitHostileEvidence(p.fault, evidenceBefore, windows.at(-1)!.before);
      else if (p.fault !== undefined && p.fault.evidence.length > 0) await awaitEvidence(p.fault, evidenceBefore);
      if (p.fault !== undefined) {
        await setFaults(p.fault.off);
        if (p.fault.name === 'throttle_storm') {
          await delay(SETTLE_MS);
          const to = await sample();
          if (o.breakMode !== 'unrecorded-storm') storms.push({ fromMs: from, toMs: to });
        }
      }
      ran.push({ name: p.name, from: new Date(startedAt).toISOString(), to: new Date(Date.now()).toISOString() });
    }
    if (!endedEarly && makerd.ended()) endedEarly = true;

    // 4. Last readings, then stop makerd.
    const samplesBefore = samples.length;
    const readyEnd = makerd.ended() ? undefined : await sample();
    const endRead = readyEnd !== undefined && samples.length > samplesBefore;
    const rssEnd = endRead ? metricSum(lastText, 'makerd_process_resident_memory_bytes') : undefined;
    closeWindow(endRead ? lastText : undefined);
    monitoring = false;
    await monitor;
    const hostileWindows = windows.map((w) => hostileWindow(w, readings, makerd.lines));
    // A malformed answer is refused as a whole (BAD_RESPONSE), or, when only its levels are bad (a
    // negative size), its book is unusable by that reason. Refusals the hostile faults caused
    // (garbage, deep JSON) are theirs: malformed_acted_on counts those outside their windows.
    const refusalsIn = (before: string, after: string): number =>
      Object.values(counterDeltas(MALFORMED_REFUSALS, before, after)).reduce((a, b) => a + b, 0);
    const malformedRefusedBeforeStop =
      refusalsIn('', lastText) - windows.reduce((n, w) => n + refusalsIn(w.before, w.after ?? w.before), 0);
    const ordersPlaced = metricSum(lastText, 'makerd_venue_requests_total', { route: 'POST /order', outcome: '200' }) ?? 0;
    clearInterval(limitsTimer);
    const signal = o.breakMode === 'kill' ? 'SIGKILL' : 'SIGTERM';
    progress(`stopping makerd with ${signal}`);
    const stopAt = Date.now();
    if (!makerd.ended()) makerd.proc.kill(signal);
    const exit = await Promise.race([makerd.exited, delay(60_000, undefined, { ref: false })]);
    if (exit === undefined) {
      makerd.proc.kill('SIGKILL');
      await makerd.exited;
    }
    const exitInfo = exit ?? { code: null, signal: 'SIGKILL' as const };
    progress(`makerd ended (code ${exitInfo.code}, signal ${exitInfo.signal}) in ${((Date.now() - stopAt) / 1000).toFixed(1)} s`);
    if (o.hostile) await delay(ORDERS_READ_AFTER_EXIT_MS);

    // 5. The venue's side, read after makerd is gone (its shutdown requests counted) and before
    // the soak's own signed reads, which the edge counts too.
    const stats = await simStats();
    const venue = await venueFills(base, credentials);
    const journal = await journalFills(dataDir);
    const evidence = evidenceAt(stats);
    const faultsNotExercised: string[] = [];
    for (const p of phases) {
      const f = p.fault;
      if (f === undefined || !switchedOn.has(f.name) || f.evidence.length === 0) continue;
      if (!f.evidence.every((k) => (evidence[k] ?? 0) > 0)) faultsNotExercised.push(f.name);
    }
    // Phases never reached (makerd ended early) are not exercised either.
    for (const p of phases) if (p.fault !== undefined && !switchedOn.has(p.fault.name)) faultsNotExercised.push(p.fault.name);
    const malformedServed = Object.entries(stats.faults_injected)
      .filter(([k]) => k.startsWith('malformed_'))
      .reduce((n, [, v]) => n + v, 0);

    const checks = evaluateSoak({
      edgeThrottled: stats.edge_throttled_total,
      edgeThrottledByScope: stats.edge_throttled_by_scope,
      throttleSamples: samples,
      storms,
      journalFills: journal.fills,
      venueFills: venue,
      openOrdersAfter: stats.open_orders,
      makerd: {
        code: exitInfo.code,
        signal: exitInfo.signal,
        endedBeforeStop: endedEarly,
        crashLines: crashLines(makerd.lines, makerd.stderr()),
      },
      malformedServed,
      malformedRefused: malformedRefusedBeforeStop,
      faultsNotExercised,
      rssStartBytes: rssStart,
      rssEndBytes: rssEnd,
      ...(o.hostile ? { hostile: { windows: hostileWindows, pollIntervalMs: POLL_INTERVAL_MS } } : {}),
    });
    const failed = failures(checks);
    const report: SoakReport = {
      ok: failed.length === 0,
      date: new Date().toISOString(),
      minutes: o.minutes,
      markets: o.markets,
      seed: o.seed,
      ...(o.breakMode === 'none' ? {} : { break: o.breakMode }),
      ...(o.hostile ? { hostile: true } : {}),
      phases: ran,
      storms: storms.map((s) => ({ from: new Date(s.fromMs).toISOString(), to: new Date(s.toMs).toISOString() })),
      sim: {
        requests: stats.requests_total,
        requestsByRoute: stats.requests_by_route,
        responsesByStatus: stats.responses_by_status,
        faultsInjected: stats.faults_injected,
        ...(o.hostile ? { faultBytesSent: stats.fault_bytes_sent ?? {} } : {}),
        wsReconnects: evidence.ws_reconnects,
        peakWindowUse: Object.fromEntries(
          [...peakUse]
            .sort(([, a], [, b]) => b.used / b.capacity - a.used / a.capacity)
            .map(([scope, u]) => [scope, `${u.used}/${u.capacity}`]),
        ),
        accountFills: stats.fills_total,
      },
      makerd: {
        ordersPlaced,
        journalFills: journal.fills.length,
        journalWarnings: journal.warnings,
        errorLines: makerd.lines.filter((l) => l.level === 'error').length,
        warnLines: makerd.lines.filter((l) => l.level === 'warn').length,
      },
      ...(o.hostile
        ? {
            hostileFaults: windows.map((w, i) => ({
              fault: w.fault.name,
              from: new Date(w.fromMs).toISOString(),
              to: new Date(w.toMs ?? w.fromMs).toISOString(),
              ...hostileSummary(hostileWindows[i]!),
              simMaxRssMb: mbOf(
                maxDefined(simRss.filter((r) => r.atMs >= w.fromMs && r.atMs <= (w.toMs ?? Date.now())).map((r) => r.bytes)),
              ),
            })),
          }
        : {}),
      checks,
      failed,
      ...(o.keep ? { dataDir } : {}),
    };

    // 6. The simulator goes last.
    sim.proc.kill('SIGTERM');
    await Promise.race([sim.exited, delay(10_000, undefined, { ref: false })]);
    return report;
  } finally {
    for (const c of children) if (!c.ended()) c.proc.kill('SIGKILL');
    if (!o.keep) rmSync(root, { recursive: true, force: true });
  }
}

/** One reading of makerd's /metrics (failed: no answer within its timeout). */
interface Reading {
  readonly atMs: number;
  readonly ok: boolean;
  readonly scrapeMs: number;
  readonly rss?: number | undefined;
  readonly lagP99?: number | undefined;
  readonly lagMax?: number | undefined;
}

interface OpenWindow {
  readonly fault: FaultSpec;
  readonly fromMs: number;
  /** /metrics text at the start and at the end of the window. */
  readonly before: string;
  toMs?: number;
  after?: string;
  runningAfter?: boolean;
}

/** How makerd refuses a malformed answer: whole (BAD_RESPONSE), or the one book whose levels it spoiled. */
const MALFORMED_REFUSALS: readonly MetricSelector[] = [
  { name: 'makerd_poll_requests_failed_total', labels: { code: 'MAKERD_ERR_BAD_RESPONSE' } },
  { name: 'makerd_books_unusable_total', labels: { reason: 'bad-size' } },
  { name: 'makerd_books_unusable_total', labels: { reason: 'price-out-of-range' } },
];

/** `name{a="x",b="y"}` */
export function selectorKey(s: MetricSelector): string {
  const labels = Object.entries(s.labels ?? {});
  return labels.length === 0 ? s.name : `${s.name}{${labels.map(([k, v]) => `${k}="${v}"`).join(',')}}`;
}

/** How much each selected counter rose from `before` to `after` (an absent series counts as 0). */
export function counterDeltas(selectors: readonly MetricSelector[], before: string, after: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of selectors) out[selectorKey(s)] = (metricSum(after, s.name, s.labels) ?? 0) - (metricSum(before, s.name, s.labels) ?? 0);
  return out;
}

const mbOf = (bytes: number | undefined): number | null => (bytes === undefined ? null : Math.round((bytes / 1_048_576) * 10) / 10);

const maxDefined = (xs: readonly (number | undefined)[]): number | undefined =>
  xs.reduce<number | undefined>((m, x) => (x === undefined ? m : m === undefined ? x : Math.max(m, x)), undefined);

/** Distinct messages of a window's warn and error lines shown in the report. */
const MESSAGES_SHOWN = 5;

function hostileWindow(w: OpenWindow, readings: readonly Reading[], lines: readonly LogLine[]): HostileWindow {
  const to = w.toMs ?? Date.now();
  const inside = readings.filter((r) => r.atMs >= w.fromMs && r.atMs <= to);
  const good = inside.filter((r) => r.ok);
  const logged = lines.filter((l) => {
    if (l.level !== 'warn' && l.level !== 'error') return false;
    const at = Date.parse(String(l.time));
    return at >= w.fromMs && at <= to;
  });
  const messages = [...new Set(logged.map((l) => String(l.msg)))].slice(0, MESSAGES_SHOWN);
  return {
    fault: w.fault.name,
    samples: good.length,
    failedScrapes: inside.length - good.length,
    maxRssBytes: maxDefined(good.map((r) => r.rss)),
    maxLagP99Seconds: maxDefined(good.map((r) => r.lagP99)),
    maxLagMaxSeconds: maxDefined(good.map((r) => r.lagMax)),
    maxScrapeMs: maxDefined(inside.map((r) => r.scrapeMs)),
    counterDeltas: counterDeltas(w.fault.moves ?? [], w.before, w.after ?? w.before),
    runningAfter: w.runningAfter === true,
    warnLines: logged.filter((l) => l.level === 'warn').length,
    errorLines: logged.filter((l) => l.level === 'error').length,
    messages,
  };
}

async function main(): Promise<number> {
  let options: SoakOptions;
  try {
    options = parseSoakArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  try {
    const report = await runSoak(options);
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    progress(report.ok ? 'every check ok' : `failed: ${report.failed.join(', ')}`);
    return report.ok ? 0 : 1;
  } catch (err) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: (err as Error).message }, null, 2)}\n`);
    progress(`the soak could not run: ${(err as Error).stack ?? String(err)}`);
    return 2;
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}
