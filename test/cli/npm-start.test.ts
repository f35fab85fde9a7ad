/**
 * `npm start` is how the README starts the daemon: a SIGTERM to the npm process must reach the
 * daemon (the start script execs node, so npm's forwarded signal lands on it), which stops in
 * order, instead of npm exiting and leaving node running, orphaned, on its port.
 * Runs the built daemon in dist/ (npm ci builds it), without the prestart build.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

const root = packageRoot();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('forwards SIGTERM to the daemon, which stops in order; no process is left behind', async () => {
    expect(existsSync(join(root, 'dist', 'src', 'cli', 'bin.js')), 'dist/ is built by npm ci (prepare)').toBe(true);
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-npm-')), 'data');
    const npm = spawn('npm', ['start', '--ignore-scripts', '--', '--metrics-port', '0', '--data-dir', dataDir], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, MAKERD_SIM_MARKETS: '2', MAKERD_SIM_FLOW: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let daemonPid: number | undefined;
    const closed = new Promise<number | null>((resolve) => npm.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      npm.on('error', reject);
      npm.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (daemonPid === undefined && out.includes('"msg":"quoting markets"')) {
          daemonPid = Number(execFileSync('ps', ['-o', 'pid=', '--ppid', String(npm.pid)], { encoding: 'utf8' }).trim().split(/\s+/)[0]);
          resolve();
        }
      });
    });
    expect(daemonPid).toBeGreaterThan(0);
    // npm's child is the daemon itself (a shell in between would not pass the signal on).
    expect(execFileSync('ps', ['-o', 'comm=', '-p', String(daemonPid)], { encoding: 'utf8' }).trim()).toBe('node');
    npm.kill('SIGTERM');
    expect(await closed).toBe(0);
    expect(alive(daemonPid!)).toBe(false);
    const msgs = out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l).msg as string);
    expect(msgs.slice(-2)).toEqual(['journal flushed', 'stopped']);
  }, 60_000);
});
