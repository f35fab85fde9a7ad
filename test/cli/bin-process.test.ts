/**
 * The `makerd` executable as a process, the way systemd, Docker and operators run it: exit codes,
 * one-line errors and SIGTERM. Runs the package compiled for this vitest run (compiledPackage(),
 * not dist/, which may be stale), so that it tests the sources as they are now; packageRoot() still
 * finds config/.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { packageRoot } from '../../src/package-root.js';
import { liveEnvFor } from '../support/live-env.js';
import { startSimHarness, type SimHarness } from '../support/sim-harness.js';
import { REPEAT_WINDOW_MS } from '../../src/lifecycle/stop-signals.js';
import { operatorAccount } from '../../src/sim/server/operator-account.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';
import { compiledPackage } from '../support/compile-package.js';

const root = packageRoot();
let bin: string;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the executable; `onStdout` may act on the process (send a signal) as output arrives. */
function makerd(
  args: string[],
  env: NodeJS.ProcessEnv,
  onStdout?: (soFar: string, kill: (s: NodeJS.Signals) => void) => void,
): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      onStdout?.(stdout, (s) => child.kill(s));
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** A loopback port that nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

beforeAll(async () => {
  bin = join(await compiledPackage(), 'src', 'cli', 'bin.js');
}, 180_000);

/** Env for `makerd run` quoting one market of `h`, whose book a synthetic maker holds still. */
function quotingEnv(h: SimHarness, deadlineMs: number): NodeJS.ProcessEnv {
  const token = h.sim.world.lookup.tokens().find((t) => t.outcomeIndex === 0 && t.tickSize.eq('0.01'))!;
  const maker = synthetic(h, 0);
  for (const t of [token.tokenId, token.oppositeTokenId]) {
    rest(h, maker, t, 'BUY', '0.40', '100');
    rest(h, maker, t, 'SELL', '0.60', '100');
  }
  return liveEnvFor(h, {
    MAKERD_MARKETS: token.conditionId,
    MAKERD_METRICS_PORT: '0',
    MAKERD_DATA_DIR: join(mkdtempSync(join(tmpdir(), 'makerd-bin-')), 'data'),
    MAKERD_SHUTDOWN_DEADLINE_MS: String(deadlineMs),
    MAKERD_VENUE_RETRY_MAX_ATTEMPTS: '1',
  });
}

/** Resolves once the daemon's two orders rest at the simulator. */
function resting(h: SimHarness): Promise<void> {
  return vi.waitFor(() => expect((h.sim.stats() as { open_orders: number }).open_orders).toBe(2), { timeout: 10_000 });
}

describe('the makerd executable', () => {
  it('--help lists the commands, exit 0', async () => {
    const r = await makerd(['--help'], {});
    expect(r.code).toBe(0);
    for (const c of ['run', 'sim', 'query', 'cancel', 'cancel-market', 'check-config']) expect(r.stdout).toContain(c);
  });

  it('a venue that refuses connections: exit 1 and one line, also while retries back off', async () => {
    // Reads are retried with a backoff on unref'd timers; the process must wait for them and
    // report, not drop out with Node's silent exit code 13.
    const port = await closedPort();
    const r = await makerd(['query', 'positions', '--user', `0x${'ab'.repeat(20)}`], {
      MAKERD_VENUE_MODE: 'live',
      MAKERD_VENUE_BASE_URL: `http://127.0.0.1:${port}`,
      MAKERD_VENUE_RETRY_MAX_ATTEMPTS: '3',
      MAKERD_VENUE_RETRY_BASE_MS: '50',
    });
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^makerd: MAKERD_ERR_NETWORK: GET \/positions: .*\n$/);
    expect(r.code).toBe(1);
  });

  it('makerd run: SIGTERM stops it in order, exit 0', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-bin-')), 'data');
    let sent = false;
    const r = await makerd(
      ['run'],
      {
        MAKERD_SIM_MARKETS: '2',
        MAKERD_SIM_FLOW: 'false',
        MAKERD_METRICS_PORT: '0',
        MAKERD_POLLER_INTERVAL_MS: '50',
        MAKERD_DATA_DIR: dataDir,
      },
      (out, kill) => {
        if (!sent && out.includes('"msg":"market snapshot"')) {
          sent = true;
          kill('SIGTERM');
        }
      },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const msgs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).msg as string)
      .filter((m) => !m.startsWith('phase '));
    expect(msgs.slice(-4)).toEqual([
      'stopping: no new orders; cancelling open orders',
      'no order placed by this run and none left by an earlier one: nothing to cancel',
      'journal flushed',
      'stopped',
    ]);
  });

  it('installs its signal handlers before it loads the command modules', () => {
    // Node keeps default dispositions until a handler is installed, and static imports are all
    // evaluated first: a handler after them left the loading time (~0.15 s) to the default 143.
    const source = readFileSync(join(root, 'src', 'cli', 'bin.ts'), 'utf8');
    expect(source).not.toMatch(/^import .*from '\.\/cli\.js'/m);
    expect(source.indexOf('process.on(sig')).toBeLessThan(source.indexOf("await import('./cli.js')"));
  });

  it('makerd run: a SIGTERM during start-up is an orderly stop (exit 0, logged)', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-bin-')), 'data');
    let sent = false;
    const r = await makerd(
      ['run'],
      { MAKERD_SIM_MARKETS: '2', MAKERD_SIM_FLOW: 'false', MAKERD_METRICS_PORT: '0', MAKERD_DATA_DIR: dataDir },
      (out, kill) => {
        // The first line comes before the venue, the markets and the reconciliation.
        if (!sent && out.includes('\n')) {
          sent = true;
          kill('SIGTERM');
        }
      },
    );
    expect(r.signal).toBe(null);
    expect(r.code).toBe(0);
    const msgs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).msg as string);
    expect(msgs).not.toContain('quoting markets');
    expect(msgs).toContain('stopping during start-up; cancelling open orders');
    expect(msgs.at(-1)).toBe('stopped');
  });

  it('makerd run: the same stop delivered twice at once (Ctrl-C via npm) is one orderly stop, exit 0', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-bin-')), 'data');
    let sent = false;
    const r = await makerd(
      ['run'],
      {
        MAKERD_SIM_MARKETS: '2',
        MAKERD_SIM_FLOW: 'false',
        MAKERD_METRICS_PORT: '0',
        MAKERD_POLLER_INTERVAL_MS: '50',
        MAKERD_DATA_DIR: dataDir,
      },
      (out, kill) => {
        if (!sent && out.includes('"msg":"market snapshot"')) {
          sent = true;
          // A terminal's Ctrl-C reaches the whole process group, and npm forwards its copy too.
          kill('SIGINT');
          kill('SIGINT');
        }
      },
    );
    expect(r.code).toBe(0);
    const msgs = r.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(msgs).not.toContain('second stop signal: exiting at once; open orders may be left');
    expect(msgs.at(-1)).toBe('stopped');
  });

  it('makerd run: the PROCESS exits within lifecycle.shutdownDeadlineMs of SIGTERM, even with a venue answering after 20 s', async () => {
    const h = await startSimHarness({ markets: 2, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
    try {
      let sent = false;
      let t0 = 0;
      const r = await makerd(['run'], quotingEnv(h, 2_000), (out, kill) => {
        if (!sent && out.includes('"msg":"quoting markets"')) {
          sent = true;
          // The daemon has orders resting when the venue turns slow.
          void resting(h)
            .then(() => h.setFaults({ latencyMs: 20_000 }))
            .then(() => {
              t0 = performance.now();
              kill('SIGTERM');
            });
        }
      });
      const elapsed = performance.now() - t0;
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('"msg":"stopped"');
      // The deadline is "from the stop signal to exit": a grace period after it is not allowed.
      expect(elapsed).toBeLessThan(2_000 + 800);
    } finally {
      await h.close().catch(() => undefined);
    }
  }, 30_000);

  it('makerd run: a second SIGTERM (after the 1 s repeat window) exits 130 at once, naming the live orders', async () => {
    const h = await startSimHarness({ markets: 2, clock: new FakeClock(Date.now()), edgeLimits: { enabled: false } });
    try {
      let sent = false;
      let live: string[] = [];
      const venueIds = (): string[] =>
        h.sim.world.exchange
          .openOrders(operatorAccount(h.credentials), {})
          .map((o) => o.id)
          .sort();
      const r = await makerd(['run'], quotingEnv(h, 20_000), (out, kill) => {
        if (!sent && out.includes('"msg":"quoting markets"')) {
          sent = true;
          void resting(h)
            .then(() => {
              live = venueIds();
              return h.setFaults({ latencyMs: 20_000 });
            })
            .then(() => {
              kill('SIGTERM');
              // The operator's second word, past the window in which a repeat is the same request.
              setTimeout(() => kill('SIGTERM'), REPEAT_WINDOW_MS + 200);
            });
        }
      });
      expect(r.code).toBe(130);
      const fatal = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { msg: string; orderIds: string[] };
      expect(fatal.msg).toBe('second stop signal: exiting at once; open orders may be left');
      // The orders resting at the signal (the shutdown's cancel reached the venue, its answer did not).
      expect([...fatal.orderIds].sort()).toEqual(live);
      expect(live).toHaveLength(2);
      const stopping = r.stdout.split('\n').find((l) => l.includes('"msg":"stopping: no new orders'))!;
      expect(JSON.parse(stopping)).toMatchObject({ signal: 'SIGTERM' });
    } finally {
      await h.close().catch(() => undefined);
    }
  }, 30_000);
});
