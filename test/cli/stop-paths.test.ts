/**
 * Every way a daemon process is stopped leaves no order at the venue: a crash (an uncaught
 * exception, an unhandled rejection) runs the orderly stop and exits 1; a stdout whose reader went
 * away (EPIPE) is not fatal, and the SIGINT that follows stops it in order; the end of the npm or
 * npx process that started it (a shell between them that died of the SIGTERM) is a stop request;
 * the hangup of its terminal (SIGHUP, the terminal gone) is a stop, not a reload. Runs the
 * package compiled for this vitest run, in live mode against a simulator in this process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledPackage } from '../support/compile-package.js';
import { daemonOrdersResting, openOrdersAt, type QuotedSim, startQuotedSim } from '../support/quoted-sim.js';
import { rest, synthetic } from '../sim/server/trade-helpers.js';
import { processAlive } from '../support/processes.js';

let pkg: string;
let bin: string;
const sims: QuotedSim[] = [];

beforeAll(async () => {
  pkg = await compiledPackage();
  bin = join(pkg, 'src', 'cli', 'bin.js');
}, 180_000);

afterEach(async () => {
  for (const s of sims.splice(0)) await s.harness.close().catch(() => undefined);
});

async function quoted(extra: NodeJS.ProcessEnv = {}): Promise<QuotedSim> {
  const s = await startQuotedSim({ MAKERD_SHUTDOWN_DEADLINE_MS: '10000', ...extra });
  sims.push(s);
  return s;
}

interface Run {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<number | null>;
}

function watch(child: ChildProcess): Run {
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

const alive = processAlive;

/** JSON log records of a daemon's stdout (non-JSON lines skipped). */
function records(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** A strategy module: bands, which once `trigger` exists fails outside the loop's reach. */
function crashingStrategy(dir: string, trigger: string, how: 'throw' | 'reject'): void {
  const bands = pathToFileURL(join(pkg, 'strategies', 'bands.js')).href;
  const fail =
    how === 'throw'
      ? "setImmediate(() => { throw new Error('crashy: a bug in a timer'); });"
      : "void Promise.reject(new Error('crashy: a promise nobody awaited'));";
  writeFileSync(
    join(dir, 'crashy.js'),
    `import { existsSync } from 'node:fs';
import bands from ${JSON.stringify(bands)};
let failed = false;
export default {
  ...bands,
  name: 'crashy',
  description: 'bands, failing once the trigger file exists',
  quote(view, params, state) {
    if (!failed && existsSync(${JSON.stringify(trigger)})) {
      failed = true;
      ${fail}
    }
    return bands.quote(view, params, state);
  },
};
`,
  );
}

describe('stopping is always safe', () => {
  for (const how of ['throw', 'reject'] as const) {
    it(`a crash (${how === 'throw' ? 'uncaught exception' : 'unhandled rejection'}) in the trading loop: logged with its stack, orders cancelled, exit 1`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'makerd-crashy-'));
      const trigger = join(dir, 'fail-now');
      crashingStrategy(dir, trigger, how);
      const s = await quoted({ MAKERD_STRATEGY_DIR: dir, MAKERD_STRATEGY: 'crashy', MAKERD_POLLER_INTERVAL_MS: '50' });
      const run = watch(
        spawn(process.execPath, [bin, 'run'], { env: { PATH: process.env.PATH, ...s.env }, stdio: ['ignore', 'pipe', 'pipe'] }),
      );
      await daemonOrdersResting(s.harness).catch((e: Error) => {
        throw new Error(`${e.message}\nstdout: ${run.stdout().slice(-3000)}\nstderr: ${run.stderr()}`);
      });
      writeFileSync(trigger, '');
      // A new order in the book: the market is evaluated again, and the strategy fails.
      const token = s.harness.sim.world.lookup.tokens().find((t) => t.conditionId === s.env.MAKERD_MARKETS && t.outcomeIndex === 0)!;
      rest(s.harness, synthetic(s.harness, 1), token.tokenId, 'BUY', '0.41', '10');
      expect(await run.exited).toBe(1);
      expect(openOrdersAt(s.harness)).toBe(0);
      const log = records(run.stdout());
      const crash = log.find((l) => typeof l.msg === 'string' && l.msg.startsWith('crashed ('));
      expect(crash, run.stdout()).toBeDefined();
      expect(String((crash!.err as { stack?: string }).stack)).toContain('crashy.js');
      expect(log.map((l) => l.msg)).toContain('open orders cancelled');
      expect(run.stderr()).toContain('makerd: fatal: crashy:');
      // The data directory says how the run ended, for the next start-up.
      const last = JSON.parse(readFileSync(join(s.env.MAKERD_DATA_DIR!, 'last-run.json'), 'utf8')) as Record<string, unknown>;
      expect(last).toMatchObject({ state: 'crashed', exitCode: 1, reason: how === 'throw' ? 'uncaughtException' : 'unhandledRejection' });
    }, 40_000);
  }

  it('a stdout whose reader went away (EPIPE) is not fatal; SIGINT then stops in order, 0 orders left', async () => {
    const s = await quoted({ MAKERD_POLLER_INTERVAL_MS: '50', MAKERD_LOG_LEVEL: 'debug' });
    const run = watch(
      spawn(process.execPath, [bin, 'run'], { env: { PATH: process.env.PATH, ...s.env }, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    await daemonOrdersResting(s.harness);
    // The reader goes away (`| head`, a Ctrl-C'd jq): our end of the pipe closes.
    run.child.stdout!.destroy();
    await vi.waitFor(() => expect(run.stderr()).toContain('makerd: stdout closed (EPIPE)'), { timeout: 10_000, interval: 50 });
    // Still running, still quoting.
    expect(alive(run.child.pid!)).toBe(true);
    expect(openOrdersAt(s.harness)).toBe(2);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
    expect(openOrdersAt(s.harness)).toBe(0);
  }, 40_000);

  it('started by npm or npx through a shell: SIGTERM kills the shell, the daemon sees its parent go and stops in order', async () => {
    const s = await quoted();
    // What `npx makerd run` starts: npm -> sh -c "makerd run" -> node; the shell is the parent here.
    const shell = watch(
      spawn('sh', ['-c', `"${process.execPath}" "${bin}" run; echo shell-after-daemon`], {
        env: { PATH: process.env.PATH, ...s.env, npm_command: 'exec' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    await daemonOrdersResting(s.harness);
    shell.child.kill('SIGTERM');
    await shell.exited;
    await vi.waitFor(() => expect(openOrdersAt(s.harness)).toBe(0), { timeout: 5_000, interval: 50 });
    const log = records(shell.stdout());
    await vi.waitFor(() => expect(records(shell.stdout()).map((l) => l.msg)).toContain('stopped'), { timeout: 5_000, interval: 50 });
    expect(log.find((l) => l.msg === 'stopping: no new orders; cancelling open orders')?.signal).toMatch(/^parent exited/);
  }, 40_000);

  it('the hangup of its terminal: SIGHUP with the terminal gone is an orderly stop, 0 orders left', async () => {
    const s = await quoted();
    // A pseudo-terminal (python's pty): the daemon is its session's leader, as in a terminal window.
    const script = `
import os, pty, sys, threading
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
out = []
def drain():
    try:
        while True:
            b = os.read(fd, 65536)
            if not b: break
            out.append(b)
    except OSError:
        pass
threading.Thread(target=drain, daemon=True).start()
sys.stdin.readline()
os.close(fd)
_, status = os.waitpid(pid, 0)
sys.stderr.write(b"".join(out).decode(errors="replace"))
sys.stdout.write("exit %d\\n" % os.waitstatus_to_exitcode(status)); sys.stdout.flush()
`;
    const py = spawn('python3', ['-c', script, process.execPath, bin, 'run'], {
      env: { PATH: process.env.PATH, ...s.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const run = watch(py);
    await daemonOrdersResting(s.harness);
    // The terminal closes.
    py.stdin!.write('\n');
    await run.exited;
    // Exit 0: an orderly stop that verified its cancels (a reload would not have exited at all).
    expect(run.stdout(), run.stderr().slice(-3000)).toBe('exit 0\n');
    expect(openOrdersAt(s.harness)).toBe(0);
  }, 40_000);
});
