/**
 * `makerd backtest --jobs N` (src/backtest/seed-pool.ts): runs on worker threads give the output
 * of a run in one thread, byte for byte (the JSON with its flow digests and every figure; only the
 * time stamp `generatedAt` differs), on two kinds of market; runs come back in seed order; a run
 * that throws in a worker fails the backtest with the error a run in one thread gives, its seed
 * named; invalid --jobs is a usage error. The workers are the compiled package's (a worker thread
 * cannot run the TypeScript sources vitest imports), so these runs spawn the CLI compiled for
 * this vitest run (compiledPackage()).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/run-cli.js';
import { compiledPackage } from '../support/compile-package.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let pkg: string;
const dir = mkdtempSync(join(tmpdir(), 'makerd-backtest-jobs-'));

beforeAll(async () => {
  pkg = await compiledPackage();
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function makerd(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(pkg, 'src', 'cli', 'bin.js'), ...args],
      { env: { PATH: process.env.PATH, ...env }, maxBuffer: 64 << 20, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : null;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The output with its one time stamp blanked. */
const stamped = (json: string): string => json.replace(/"generatedAt": "[^"]*"/, '"generatedAt": "-"');

describe('makerd backtest --jobs: worker threads give the output of one thread', () => {
  const common = ['backtest', '--seeds', '20', '--hours', '0.05', '--json', '--flow-digest', '--no-progress'];
  it.each([
    ['venue world, median markets', ['--kind', 'median', '--strategy', 'bands']],
    [
      'venue world, busy markets',
      ['--kind', 'busy', '--compare', 'bands,avellaneda', '--params', 'avellaneda=config/avellaneda-tuned.json'],
    ],
    [
      'demo world, news flow',
      ['--world', 'demo', '--flow', 'news', '--compare', 'bands,avellaneda', '--params', 'avellaneda=config/avellaneda-tuned.json'],
    ],
  ])('20 seeds, %s: --jobs 2 prints the JSON of --jobs 1, byte for byte, in seed order', async (_flow, extra) => {
    const [one, two] = await Promise.all([makerd([...common, ...extra, '--jobs', '1']), makerd([...common, ...extra, '--jobs', '2'])]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(stamped(two.stdout)).toBe(stamped(one.stdout));
    const out = JSON.parse(two.stdout) as { strategies: { perRun: { seed: string; flowDigest?: string }[] }[] };
    const seeds = Array.from({ length: 20 }, (_, i) => String(i + 1));
    for (const s of out.strategies) {
      expect(s.perRun.map((r) => r.seed)).toEqual(seeds);
      for (const r of s.perRun) expect(r.flowDigest).toMatch(/^[0-9a-f]{16,}$/);
    }
    // Compared strategies face the same flow, seed by seed, across workers too.
    if (out.strategies.length > 1)
      expect(out.strategies[1]!.perRun.map((r) => r.flowDigest)).toEqual(out.strategies[0]!.perRun.map((r) => r.flowDigest));
  });

  it('a run that throws in a worker fails with the error of a run in one thread, its seed named', async () => {
    const strategies = join(dir, 'strategies');
    const errors = pathToFileURL(join(pkg, 'src', 'errors.js')).href;
    rmSync(strategies, { recursive: true, force: true });
    mkdirSync(strategies, { recursive: true });
    writeFileSync(
      join(strategies, 'boom.js'),
      `import { ErrorCode, MakerdError } from ${JSON.stringify(errors)};
export default {
  name: 'boom',
  description: 'throws on its first quote',
  params: {},
  parse: () => ({}),
  initialState: () => ({}),
  quote: () => { throw new MakerdError(ErrorCode.CONFIG, 'boom: no quotes today', { where: 'strategy', field: 'boom' }); },
};
`,
    );
    const args = ['backtest', '--strategy', 'boom', '--seeds', '4', '--seed-start', '7', '--hours', '0.01', '--no-progress'];
    const env = { MAKERD_STRATEGY_DIR: strategies };
    const [one, two] = await Promise.all([makerd([...args, '--jobs', '1'], env), makerd([...args, '--jobs', '2'], env)]);
    expect(one.code).toBe(1);
    expect(one.stderr).toBe('makerd: MAKERD_ERR_CONFIG: backtest: seed 7 (boom): boom: no quotes today\n');
    expect(two.code).toBe(1);
    expect(two.stderr).toBe(one.stderr);
    expect(two.stdout).toBe('');
  });
});

describe('makerd backtest --jobs: usage', () => {
  it.each(['0', '-1', '1.5', 'x', ''])('--jobs %j is a usage error naming the rule', async (value) => {
    const run = await cli(['backtest', '--jobs', value, '--seeds', '1', '--hours', '0.01']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/backtest: --jobs (must be an integer >= 1 and <= 1024 \(got "[^"]*"\)|needs a value)/);
  });

  it('--jobs does not apply to --replay', async () => {
    const run = await cli(['backtest', '--replay', dir, '--jobs', '2']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('backtest: --jobs does not apply to --replay');
  });
});

describe('the default --jobs', () => {
  it('is one thread per core, at most one per run and per 24 market-hours, at least one', async () => {
    const { defaultJobs } = await import('../../src/cli/commands/backtest.js');
    // 20 seeds of a market-day (the command's defaults)
    expect(defaultJobs(2, 20, 480)).toBe(2);
    expect(defaultJobs(1, 20, 480)).toBe(1);
    expect(defaultJobs(8, 20, 480)).toBe(8);
    expect(defaultJobs(8, 3, 72)).toBe(3);
    // 20 seeds of one market-hour: less work than one thread's warm-up is worth
    expect(defaultJobs(8, 20, 20)).toBe(1);
    expect(defaultJobs(8, 20, 48)).toBe(2);
    expect(defaultJobs(16, 0, 0)).toBe(1);
  });
});
