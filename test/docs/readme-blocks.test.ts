/**
 * The README's Live-mode block, run as a user pastes it into bash: from the package's folder,
 * `npx makerd sim` in the background, the wait for its first line, the exports, `npx makerd run`.
 * Only the port (8080) and the two paths (sim.json, ./data-live) are moved to free ones, so that
 * the test neither needs port 8080 nor writes into the checkout. It must quote within 30 s (open
 * orders at the simulator, read with `makerd query orders`), and Ctrl-C (SIGINT to the foreground
 * job: npx, its shell and the daemon) must leave no order; `kill %1` then ends the simulator.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { processAlive } from '../support/processes.js';

const root = packageRoot();

/** The first ```sh block after `heading` in the README. */
function shellBlockAfter(readme: string, heading: string): string {
  const at = readme.indexOf(`\n${heading}\n`);
  if (at < 0) throw new Error(`README has no heading ${heading}`);
  const m = /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  if (m === null) throw new Error(`no sh block after ${heading}`);
  return m[1]!;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const alive = processAlive;

/** The processes of a process group, with their command lines. */
function groupMembers(pgid: number): { pid: number; args: string }[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,pgid=,args='], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
    .filter((m) => m !== null && Number(m[2]) === pgid)
    .map((m) => ({ pid: Number(m![1]), args: m![3]! }));
}

/** Open orders of the simulator's operator account, through `makerd query orders`. */
function openOrders(simJson: string): number {
  const sim = JSON.parse(readFileSync(simJson, 'utf8').split('\n')[0]!) as Record<string, string>;
  const out = execFileSync(process.execPath, [join(root, 'dist', 'src', 'cli', 'bin.js'), 'query', 'orders'], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      MAKERD_VENUE_MODE: 'live',
      MAKERD_VENUE_BASE_URL: sim.baseUrl,
      MAKERD_VENUE_ADDRESS: sim.address,
      MAKERD_VENUE_API_KEY: sim.apiKey,
      MAKERD_VENUE_PASSPHRASE: sim.passphrase,
      MAKERD_VENUE_SECRET: sim.secret,
    },
  });
  const body = JSON.parse(out) as { data?: unknown[] } | unknown[];
  return (Array.isArray(body) ? body : (body.data ?? [])).length;
}

describe("the README's Live-mode block", () => {
  it('pasted into bash on the checkout, quotes within 30 s; Ctrl-C leaves no order, and no process once the simulator is stopped', async () => {
    expect(existsSync(join(root, 'dist', 'src', 'cli', 'bin.js')), 'dist/ is built by npm ci (prepare)').toBe(true);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const block = shellBlockAfter(readme, '## Live mode');
    expect(block).toContain('npx makerd run');
    const dir = mkdtempSync(join(tmpdir(), 'makerd-readme-'));
    const port = await freePort();
    const simJson = join(dir, 'sim.json');
    const script = block.replaceAll('8080', String(port)).replaceAll('./data-live', join(dir, 'data-live')).replaceAll('sim.json', simJson);
    const startedAt = Date.now();
    const bash = spawn('bash', ['-c', script], {
      cwd: root,
      detached: true, // its own process group, as a terminal gives a pasted command line
      env: { PATH: process.env.PATH, HOME: process.env.HOME, MAKERD_METRICS_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    bash.stdout.on('data', (d: Buffer) => (out += d.toString()));
    bash.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // 'exit', not 'close': the simulator in the background holds bash's stderr open until it ends.
    const exited = new Promise<number | null>((resolve) => bash.on('exit', (code) => resolve(code)));
    const pgid = bash.pid!;
    onTestFinished(() => {
      // Whatever happened, nothing of the block outlives the test.
      for (const m of groupMembers(pgid)) if (alive(m.pid)) process.kill(m.pid, 'SIGKILL');
    });
    try {
      await vi.waitFor(
        () => {
          expect(existsSync(simJson)).toBe(true);
          expect(openOrders(simJson)).toBeGreaterThan(0);
        },
        { timeout: 30_000, interval: 500 },
      );
    } catch (e) {
      throw new Error(`${(e as Error).message}\nstderr: ${err}\nstdout: ${out.slice(-3000)}`);
    }
    expect(Date.now() - startedAt).toBeLessThan(30_000);
    const members = groupMembers(pgid);
    // Ctrl-C: the terminal's SIGINT reaches the foreground job (npx makerd run, its shell, the daemon).
    const run = members.filter((m) => m.args.includes('makerd run') || m.args.includes('makerd/dist/src/cli/bin.js run'));
    expect(run.length).toBeGreaterThan(0);
    for (const m of run) process.kill(m.pid, 'SIGINT');
    await exited;
    expect(out).toContain('"msg":"open orders cancelled"');
    expect(openOrders(simJson)).toBe(0);
    // kill %1: the simulator.
    for (const m of members) if (alive(m.pid)) process.kill(m.pid, 'SIGTERM');
    await vi.waitFor(() => expect(members.map((m) => m.pid).filter(alive)).toEqual([]), { timeout: 10_000, interval: 100 });
  }, 90_000);
});
