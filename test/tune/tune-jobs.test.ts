/**
 * `makerd tune --jobs 2`: the runs on the backtest's worker threads (src/backtest/seed-pool.ts,
 * runPoolTasks) give the results file of a run in one thread, byte for byte; Ctrl-C (SIGINT) stops
 * the workers, keeps the runs finished, and the same command finishes the search with that file
 * again. The workers are the compiled package's, so these runs spawn the CLI compiled for this
 * vitest run (compiledPackage()).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledPackage } from '../support/compile-package.js';

let pkg: string;
const dir = mkdtempSync(join(tmpdir(), 'makerd-tune-jobs-'));
beforeAll(async () => {
  pkg = await compiledPackage();
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SEARCH = [
  'tune',
  '--strategy',
  'avellaneda',
  '--kind',
  'busy',
  '--hours',
  '1',
  '--settings',
  '8',
  '--brackets',
  '2',
  '--seeds',
  '4',
  '--min-seeds',
  '1',
  '--validation-seeds',
  '2',
];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function makerd(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(pkg, 'src', 'cli', 'bin.js'), ...args],
      { env: { PATH: process.env.PATH }, maxBuffer: 64 << 20, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : null, stdout, stderr }),
    );
  });
}

describe('makerd tune --jobs 2', () => {
  it('writes the results file of --jobs 1, byte for byte', async () => {
    const [one, two] = await Promise.all([
      makerd([...SEARCH, '--jobs', '1', '--results', join(dir, 'one.json'), '--no-progress']),
      makerd([...SEARCH, '--jobs', '2', '--results', join(dir, 'two.json'), '--no-progress']),
    ]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    const text = readFileSync(join(dir, 'two.json'), 'utf8');
    expect(text).toBe(readFileSync(join(dir, 'one.json'), 'utf8'));
    expect(two.stdout).toBe(one.stdout);
    const runs = Object.values((JSON.parse(text) as { runs: Record<string, object> }).runs).reduce((a, r) => a + Object.keys(r).length, 0);
    // Each bracket: 4 settings on seed 1, 2 on seed 2, 1 on seeds 3-4, its winner on 2 validation seeds.
    expect(runs).toBe(2 * (4 + 2 + 2 + 2));
  }, 180_000);

  it('Ctrl-C keeps the runs finished; the same command then ends with the uninterrupted file', async () => {
    const file = join(dir, 'stopped.json');
    const child: ChildProcess = spawn(process.execPath, [join(pkg, 'src', 'cli', 'bin.js'), ...SEARCH, '--jobs', '2', '--results', file], {
      env: { PATH: process.env.PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let sent = false;
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      // The first settings settled: some runs are done, others not.
      if (!sent && /tune: [1-9]\d*\/8 settings/.test(stderr)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/tune: stopped \(SIGINT\) after \d+ of \d+ run\(s\), kept in/);
    const partial = JSON.parse(readFileSync(file, 'utf8')) as { status: string; runs: Record<string, object> };
    expect(partial.status).toBe('running');
    const kept = Object.values(partial.runs).reduce((a, r) => a + Object.keys(r).length, 0);
    expect(kept).toBeGreaterThan(0);
    const rest = await makerd([...SEARCH, '--jobs', '2', '--results', file, '--no-progress']);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stderr).toContain(`continuing from ${kept} run(s)`);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(dir, 'one.json'), 'utf8'));
  }, 180_000);
});
