/**
 * `npx makerd …` as the docs show it, from the package's folder (npx links the package and runs
 * its built bin, dist/, through `sh -c`). A SIGTERM to npx kills that shell, not the daemon: the
 * daemon sees its parent go and stops in order (src/lifecycle/parent-watch.ts). And a failing
 * command prints its one line on stderr and nothing on stdout (no npm error object: the
 * repository has no `json=true` in .npmrc).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { daemonOrdersResting, openOrdersAt, type QuotedSim, startQuotedSim } from '../support/quoted-sim.js';
import { processAlive } from '../support/processes.js';

const root = packageRoot();
const sims: QuotedSim[] = [];

afterEach(async () => {
  for (const s of sims.splice(0)) await s.harness.close().catch(() => undefined);
});

/** Every descendant pid of `pid`. */
function descendants(pid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (p: number): void => {
    for (const [child, parent] of rows)
      if (parent === p) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

const alive = processAlive;

function npx(args: string[], env: NodeJS.ProcessEnv) {
  return spawn('npx', args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('npx makerd', () => {
  it('the built bin is executable: npx runs it through sh, and a link made before a rebuild keeps pointing at it', () => {
    const bin = join(root, 'dist', 'src', 'cli', 'bin.js');
    expect(existsSync(bin), 'dist/ is built by npm ci (prepare)').toBe(true);
    // tsc writes files 0644; the build script sets the bit (npm sets it only when it links the package).
    expect(statSync(bin).mode & 0o111).not.toBe(0);
  });

  it('run, then SIGTERM to npx: 0 orders open 5 s after it exits, no makerd process left', async () => {
    expect(existsSync(join(root, 'dist', 'src', 'cli', 'bin.js')), 'dist/ is built by npm ci (prepare)').toBe(true);
    const s = await startQuotedSim({ MAKERD_SHUTDOWN_DEADLINE_MS: '10000' });
    sims.push(s);
    const child = npx(['makerd', 'run'], s.env);
    let err = '';
    let out = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    onTestFinished(() => {
      for (const pid of [child.pid!, ...descendants(child.pid!)]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    });
    // npx links the package into its cache first (seconds on a busy machine).
    await daemonOrdersResting(s.harness, 40_000).catch((e: Error) => {
      throw new Error(`${e.message}; npx stderr: ${err}; stdout: ${out.slice(-3000)}`);
    });
    const daemons = descendants(child.pid!);
    expect(daemons.length).toBeGreaterThan(0);
    child.kill('SIGTERM');
    await closed;
    await vi.waitFor(() => expect(openOrdersAt(s.harness)).toBe(0), { timeout: 5_000, interval: 50 });
    await vi.waitFor(() => expect(daemons.filter(alive)).toEqual([]), { timeout: 5_000, interval: 50 });
  }, 60_000);

  it('a failing command: one line on stderr, nothing on stdout', () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'makerd-npx-')), 'broken.json');
    writeFileSync(broken, '{"risk": ');
    for (const [args, code] of [
      [['makerd', 'check-config', '--config', broken], 1],
      [['makerd', 'no-such-command'], 2],
    ] as const) {
      const r = spawnSyncNpx([...args]);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(/^makerd: /);
      expect(r.status).toBe(code);
    }
  }, 60_000);
});

function spawnSyncNpx(args: string[]): { stdout: string; stderr: string; status: number | null } {
  try {
    const stdout = execFileSync('npx', args, {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: 'pipe',
    });
    return { stdout, stderr: '', status: 0 };
  } catch (e) {
    const x = e as { stdout: string; stderr: string; status: number | null };
    return { stdout: x.stdout, stderr: x.stderr, status: x.status };
  }
}
