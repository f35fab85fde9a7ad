/**
 * `npm start` is how the README starts the daemon: a SIGTERM to the npm process must reach the
 * daemon (the start script execs node, so npm's forwarded signal lands on it), which stops in
 * order, instead of npm exiting and leaving node running, orphaned, on its port. Its stdout is what
 * the README says: npm's header lines ("> makerd@0.1.0 start", the prestart build's), then makerd's
 * JSON log; with `--silent` the JSON log alone (what `npm start --silent | jq` needs).
 * The first test runs the built daemon in dist/ (npm ci builds it), without the prestart build;
 * the second runs plain `npm start`, build included, in a copy of the package.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { processAlive } from '../support/processes.js';

const root = packageRoot();

const alive = processAlive;

describe('npm start', () => {
  it('forwards SIGTERM to the daemon, which stops in order; no process is left behind', async () => {
    expect(existsSync(join(root, 'dist', 'src', 'cli', 'bin.js')), 'dist/ is built by npm ci (prepare)').toBe(true);
    const dataDir = join(mkdtempSync(join(tmpdir(), 'makerd-npm-')), 'data');
    const npm = spawn('npm', ['start', '--ignore-scripts', '--silent', '--', '--metrics-port', '0', '--data-dir', dataDir], {
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
          daemonPid = Number(
            execFileSync('ps', ['-o', 'pid=', '--ppid', String(npm.pid)], { encoding: 'utf8' })
              .trim()
              .split(/\s+/)[0],
          );
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
    const lines = out.split('\n');
    expect(lines.pop()).toBe(''); // ends with a newline
    // --silent: nothing of npm's, every line is makerd's.
    for (const line of lines) expect(() => JSON.parse(line), `not a JSON log line: ${JSON.stringify(line)}`).not.toThrow();
    const msgs = lines.map((l) => JSON.parse(l).msg as string).filter((m) => !m.startsWith('phase '));
    expect(msgs.slice(-2)).toEqual(['journal flushed', 'stopped']);
  }, 60_000);

  it("plain `npm start` (prestart build included) writes npm's header lines, then only JSON log lines, to stdout", async () => {
    // A copy of the package, so that the prestart build writes its own dist/, not the one other
    // tests run; node_modules is shared.
    const pkg = mkdtempSync(join(tmpdir(), 'makerd-npm-pkg-'));
    try {
      for (const f of ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'])
        copyFileSync(join(root, f), join(pkg, f));
      const compiled = (JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as { include: string[] }).include;
      for (const d of [...compiled, 'config']) cpSync(join(root, d), join(pkg, d), { recursive: true });
      symlinkSync(join(root, 'node_modules'), join(pkg, 'node_modules'), 'dir');
      const npm = spawn('npm', ['start', '--', '--metrics-port', '0', '--data-dir', join(pkg, 'data')], {
        cwd: pkg,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, MAKERD_SIM_MARKETS: '2', MAKERD_SIM_FLOW: 'false' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      npm.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const closed = new Promise<number | null>((resolve) => npm.on('close', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        npm.on('error', reject);
        void closed.then(() => reject(new Error(`npm start ended before quoting; stderr:\n${err}`)));
        npm.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('"msg":"quoting markets"')) resolve();
        });
      });
      npm.kill('SIGTERM');
      expect(await closed).toBe(0);
      expect(existsSync(join(pkg, 'dist', 'src', 'cli', 'bin.js')), 'the prestart build ran').toBe(true);
      const lines = out.split('\n');
      expect(lines.pop()).toBe(''); // ends with a newline
      // npm's header: empty lines and lines that start with "> ", all before makerd's first line.
      const first = lines.findIndex((l) => l.startsWith('{'));
      const header = lines.slice(0, first);
      for (const line of header) expect(line === '' || line.startsWith('> '), `not an npm header line: ${JSON.stringify(line)}`).toBe(true);
      for (const banner of ['> makerd@0.1.0 prestart', '> makerd@0.1.0 build', '> makerd@0.1.0 start']) expect(header).toContain(banner);
      const log = lines.slice(first);
      for (const line of log) expect(() => JSON.parse(line), `not a JSON log line: ${JSON.stringify(line)}`).not.toThrow();
      const msgs = log.map((l) => JSON.parse(l).msg as string).filter((m) => !m.startsWith('phase '));
      expect(msgs.slice(-2)).toEqual(['journal flushed', 'stopped']);
      expect(err).toBe('');
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  }, 180_000);
});
