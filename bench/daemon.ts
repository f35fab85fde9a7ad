/**
 * Shared by the benchmarks that run makerd as a real process (cancel-all, fill-to-requote,
 * daemon-live): spawning `makerd run` in live mode against a simulator, child-process helpers,
 * reading /proc, scraping /metrics, and a static maker ladder for simulator books when the
 * synthetic flow is off. Not a benchmark itself (run.ts only loads `*.bench.js`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningSimulator } from '../src/sim/simulator.js';

const here = dirname(fileURLToPath(import.meta.url));
export const BIN = join(here, '..', 'src', 'cli', 'bin.js');

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The parent's environment without any makerd setting, so that only ours reach the children. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MAKERD_')) env[k] = v;
  return { ...env, ...extra };
}

/** kB of a /proc/<pid>/status field (VmRSS, VmHWM), in MB; undefined once the process is gone. */
export function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? undefined : Number(m[1]) / 1024;
  } catch {
    return undefined;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export const isRunning = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

/** SIGTERM, then SIGKILL after `graceMs`; resolves with how it ended. */
export async function stopChild(
  child: ChildProcess,
  graceMs: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }> {
  const done = exited(child);
  if (!isRunning(child)) return { ...(await done), killed: false };
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const first = await Promise.race([done, new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), graceMs)))]);
  clearTimeout(timer);
  if (first !== undefined) return { ...first, killed: false };
  child.kill('SIGKILL');
  return { ...(await done), killed: true };
}

export function tail(path: string, lines: number): string[] {
  try {
    const text = readFileSync(path, 'utf8').trimEnd();
    return text === '' ? [] : text.split('\n').slice(-lines);
  } catch {
    return [];
  }
}

export async function metricsText(metricsUrl: string): Promise<string | undefined> {
  try {
    const res = await fetch(`${metricsUrl}/metrics`, { signal: AbortSignal.timeout(5_000) });
    return res.ok ? await res.text() : undefined;
  } catch {
    return undefined;
  }
}

export interface DaemonOptions {
  /** The simulator's banner fields (base URL, WebSocket origin, operator credentials). */
  readonly sim: { baseUrl: string; wsUrl: string; address: string; apiKey: string; passphrase: string; secret: string };
  readonly markets: readonly string[];
  /** Further MAKERD_* settings (strategy, risk, streams, ...). */
  readonly env?: Record<string, string>;
  /** Label of the temporary directory. */
  readonly label: string;
}

/** A running `makerd run` with its own data directory, metrics port and log files. */
export class Daemon {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly metricsUrl: string;
  readonly dir: string;
  readonly stdoutPath: string;
  readonly stderrPath: string;
  readonly spawnedAt: number;
  readonly #fds: number[];

  private constructor(child: ChildProcess, metricsUrl: string, dir: string, fds: number[], spawnedAt: number) {
    if (child.pid === undefined) throw new Error('makerd run did not start');
    this.child = child;
    this.pid = child.pid;
    this.metricsUrl = metricsUrl;
    this.dir = dir;
    this.stdoutPath = join(dir, 'daemon.stdout');
    this.stderrPath = join(dir, 'daemon.stderr');
    this.#fds = fds;
    this.spawnedAt = spawnedAt;
  }

  static async start(o: DaemonOptions): Promise<Daemon> {
    const dir = mkdtempSync(join(tmpdir(), `makerd-bench-${o.label}-`));
    const out = openSync(join(dir, 'daemon.stdout'), 'w');
    const err = openSync(join(dir, 'daemon.stderr'), 'w');
    const metricsPort = await freePort();
    const spawnedAt = performance.now();
    const child = spawn(process.execPath, [BIN, 'run'], {
      env: cleanEnv({
        MAKERD_VENUE_MODE: 'live',
        MAKERD_VENUE_BASE_URL: o.sim.baseUrl,
        MAKERD_VENUE_WS_URL: o.sim.wsUrl,
        MAKERD_VENUE_ADDRESS: o.sim.address,
        MAKERD_VENUE_API_KEY: o.sim.apiKey,
        MAKERD_VENUE_PASSPHRASE: o.sim.passphrase,
        MAKERD_VENUE_SECRET: o.sim.secret,
        MAKERD_MARKETS: o.markets.join(','),
        MAKERD_POLLER_MAX_TOKENS: String(Math.max(2, 2 * o.markets.length)),
        MAKERD_METRICS_PORT: String(metricsPort),
        MAKERD_DATA_DIR: join(dir, 'data'),
        MAKERD_LOG_LEVEL: 'warn',
        ...o.env,
      }),
      stdio: ['ignore', out, err],
    });
    return new Daemon(child, `http://127.0.0.1:${metricsPort}`, dir, [out, err], spawnedAt);
  }

  get running(): boolean {
    return isRunning(this.child);
  }

  /** An Error naming what went wrong, with the daemon's last log lines and where the logs are kept. */
  fail(message: string): Error {
    const out = [...tail(this.stdoutPath, 5), ...tail(this.stderrPath, 5)].join('\n');
    return new Error(`${message} (logs kept in ${this.dir})${out === '' ? '' : `\n--- daemon output (last lines):\n${out}`}`);
  }

  /** Throws (with the logs) when the daemon has exited. */
  assertRunning(when: string): void {
    if (!this.running) throw this.fail(`makerd run exited (code ${this.child.exitCode}, signal ${this.child.signalCode}) ${when}`);
  }

  /** Polls `cond` every `everyMs` until true; throws after `timeoutMs` or if the daemon exits. */
  async waitFor(what: string, cond: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 20): Promise<void> {
    const until = performance.now() + timeoutMs;
    for (;;) {
      this.assertRunning(`while waiting for ${what}`);
      if (await cond()) return;
      if (performance.now() > until) throw this.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await sleep(everyMs);
    }
  }

  /** Stops the process (SIGTERM, SIGKILL after `graceMs`), closes the log files; removes them unless `keepLogs`. */
  async stop(graceMs: number, keepLogs: boolean): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }> {
    const r = await stopChild(this.child, graceMs);
    for (const fd of this.#fds.splice(0)) closeSync(fd);
    if (!keepLogs) rmSync(this.dir, { recursive: true, force: true });
    return r;
  }
}

/**
 * A static maker ladder on every token of `markets` (condition ids), placed directly on the
 * exchange by two synthetic accounts: bids 0.40 / 0.39 / 0.38 and asks 0.60 / 0.61 / 0.62,
 * midpoint 0.50. With the synthetic flow off the books then never change by themselves.
 */
export function populateLadders(sim: RunningSimulator, markets: readonly string[]): void {
  const [bidder, asker] = sim.world.catalog.users;
  if (bidder === undefined || asker === undefined) throw new Error('the simulator has fewer than two synthetic users');
  const wanted = new Set(markets);
  for (const t of sim.world.lookup.tokens()) {
    if (!wanted.has(t.conditionId)) continue;
    for (const [i, bid, ask] of [
      [0, '0.40', '0.60'],
      [1, '0.39', '0.61'],
      [2, '0.38', '0.62'],
    ] as const) {
      const size = String(500 + i * 100);
      for (const [acct, side, price] of [
        [bidder, 'BUY', bid],
        [asker, 'SELL', ask],
      ] as const) {
        const r = sim.world.exchange.placeOrder(acct, {
          order: { asset_id: t.tokenId, side, price, size, expiration: '0', client_order_id: '' },
          owner: acct.apiKey,
          orderType: 'GTC',
          postOnly: false,
        });
        if (r.status !== 'live') throw new Error(`maker ladder order on ${t.tokenId} did not rest: ${JSON.stringify(r)}`);
      }
    }
  }
}

/** Condition ids of the simulator's quotable binary markets (catalog order). */
export function quotableMarkets(sim: RunningSimulator): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of sim.world.lookup.tokens()) {
    if (seen.has(t.conditionId)) continue;
    seen.add(t.conditionId);
    out.push(t.conditionId);
  }
  return out;
}
