/**
 * The benchmark runner's contract (bench/run.ts), checked cheaply with --quick on the in-process
 * benches: one pure JSON object on stdout with --json, the headline keys of the benches run (flat,
 * numbers), details per bench and machine info, a progress line per bench on stderr, a table
 * without --json, a failing bench named and exit 1, a bench that does not exist yet (the
 * backtester's) reported as null with a note. No timing is checked. Runs a private copy of the
 * package compiled for this vitest run (compiledPackage(); not dist/, which may be stale), so that
 * it tests the sources as they are; a copy, since the tests add and remove bench files in it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { privateCopy } from '../support/compile-package.js';

const root = packageRoot();
let outDir: string;
let runner: string;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bench(args: string[]): Run {
  const r = spawnSync(process.execPath, [runner, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(async () => {
  outDir = await privateCopy(join(root, 'node_modules', '.cache', `makerd-bench-test-${process.pid}`));
  runner = join(outDir, 'bench', 'run.js');
}, 180_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('npm run bench (bench/run.ts)', () => {
  it('the build compiles bench/, and prebench keeps its output off stdout', () => {
    const build = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as { include: string[] };
    expect(build.include).toContain('bench');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.bench).toBe('node dist/bench/run.js');
    // prebench builds when dist/ is stale, printing only on stderr (bench/build-if-stale.mjs).
    expect(pkg.scripts.prebench).toBe('node bench/build-if-stale.mjs');
    const r = spawnSync(process.execPath, [join(root, 'bench', 'build-if-stale.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, MAKERD_BENCH_BUILD_DRY_RUN: '1' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^\[bench\] (dist\/ is up to date|would build)/);
  });

  it('--json prints one JSON object with the keys of the benches run, details, machine info; a progress line per bench on stderr', () => {
    const file = join(outDir, 'report.json');
    const r = bench(['--json', '--quick', '--only', 'signer,limiter', '--out', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('{')).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(r.stdout);
    const report = JSON.parse(r.stdout) as Record<string, unknown> & {
      details: Record<string, unknown>;
      machine: Record<string, unknown>;
      failed: string[];
      quick: boolean;
    };
    for (const key of ['sign_us', 'sign_node_crypto_us', 'limiter_admit_us', 'books_budget_utilization']) {
      expect(typeof report[key], key).toBe('number');
      expect(Number.isFinite(report[key])).toBe(true);
    }
    // Only the benches run are reported.
    for (const key of ['rss_mb_500', 'cancel_all_ms_500', 'tick_to_dispatch_p99_ms_500', 'backtest_24h_s'])
      expect(report).not.toHaveProperty(key);
    expect(Object.keys(report.details).sort()).toEqual(['limiter', 'signer']);
    expect(report.failed).toEqual([]);
    expect(report.quick).toBe(true);
    for (const key of ['node', 'cpus', 'cpu_model', 'load_average_at_start', 'date']) expect(report.machine).toHaveProperty(key);
    for (const name of ['signer', 'limiter']) {
      expect(r.stderr).toMatch(new RegExp(`^\\[bench\\] \\d+/2 ${name}: running$`, 'm'));
      expect(r.stderr).toMatch(new RegExp(`^\\[bench\\] \\d+/2 ${name}: done in `, 'm'));
    }
  }, 60_000);

  it('without --json, a readable table', () => {
    const r = bench(['--quick', '--only', 'signer']);
    expect(r.code, r.stderr).toBe(0);
    expect(() => JSON.parse(r.stdout)).toThrow();
    expect(r.stdout).toMatch(/^sign_us\s+\d/m);
    expect(r.stdout).toMatch(/^sign_node_crypto_us\s+\d/m);
  }, 60_000);

  it('a bench that throws is named, its keys are null, the others still run, exit 1', () => {
    writeFileSync(join(outDir, 'bench', 'boom.bench.js'), "export default async function run() { throw new Error('boom went off'); }\n");
    try {
      const r = bench(['--json', '--quick', '--only', 'boom,signer']);
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout) as { failed: string[]; details: Record<string, { error?: string }>; sign_us: unknown };
      expect(report.failed).toEqual(['boom']);
      expect(report.details.boom?.error).toContain('boom went off');
      expect(typeof report.sign_us).toBe('number');
      expect(r.stderr).toMatch(/boom: FAILED .*boom went off/);
      expect(r.stderr).toMatch(/failed: boom/);
    } finally {
      rmSync(join(outDir, 'bench', 'boom.bench.js'), { force: true });
    }
  }, 60_000);

  it('a bench that does not exist yet reports its key as null with a note', () => {
    rmSync(join(outDir, 'bench', 'backtest.bench.js'), { force: true });
    const r = bench(['--json', '--quick', '--only', 'backtest']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { backtest_24h_s: unknown; notes: string[] };
    expect(report.backtest_24h_s).toBeNull();
    expect(report.notes.some((n) => n.includes('backtest') && n.includes('backtest_24h_s'))).toBe(true);
    expect(r.stderr).toMatch(/backtest: skipped/);
  }, 60_000);

  it('an unknown bench or option is refused with exit 2', () => {
    expect(bench(['--only', 'no-such-bench']).code).toBe(2);
    expect(bench(['--frobnicate']).code).toBe(2);
  }, 60_000);
});
