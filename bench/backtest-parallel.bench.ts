/**
 * Backtest on every core: `makerd backtest` of 20 seeds (bands, default parameters and flow, one
 * market, 24 market-hours each: the command's defaults) with `--jobs 1` (in one thread) and `--jobs 2` (two worker threads,
 * src/backtest/seed-pool.ts), each a fresh process of the compiled CLI so both pay the same start
 * and JIT warm-up. Paired runs in alternating order; the key is the median over pairs of
 * (wall time of --jobs 1) / (wall time of --jobs 2). Each pair's JSON outputs are also compared
 * (all but `generatedAt`): identical, or the bench fails. Target: >= 1.7 on a 2-core machine.
 * Seeds of 24 hours, not one: each worker thread is a V8 isolate of its own that compiles the hot
 * code again (about 3 s of CPU), which 20 one-hour seeds (about 3 s in all) cannot amortize;
 * `--hours 1` is still reported beside it (`backtest_parallel_speedup_1h`, one pair).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childrenCpuSeconds } from './children-cpu.js';
import type { BenchOptions } from './run.js';
import { median, round } from './stats.js';

const SEEDS = 20;

function backtest(bin: string, hours: number, jobs: number): { seconds: number; cpu: number | undefined; json: string } {
  const c0 = childrenCpuSeconds();
  const t0 = process.hrtime.bigint();
  // The demo world: a seed's work is the same from run to run of the bench (the venue world's
  // quiet markets would leave the threads' start-up to dominate).
  const args = [
    bin,
    'backtest',
    '--world',
    'demo',
    '--seeds',
    String(SEEDS),
    '--hours',
    String(hours),
    '--json',
    '--no-progress',
    '--flow-digest',
  ];
  const r = spawnSync(process.execPath, [...args, '--jobs', String(jobs)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const c1 = childrenCpuSeconds();
  const cpu = c0 === undefined || c1 === undefined ? undefined : c1 - c0;
  if (r.status !== 0) throw new Error(`backtest-parallel bench: --jobs ${jobs} exited ${r.status}: ${r.stderr}`);
  return { seconds, cpu, json: r.stdout.replace(/"generatedAt": "[^"]*"/, '"generatedAt": ""') };
}

export default async function run(options: BenchOptions): Promise<Record<string, unknown>> {
  const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli', 'bin.js');
  const hours = options.quick ? 0.02 : 24;
  const pairs = options.quick ? 1 : 3;
  const one: number[] = [];
  const two: number[] = [];
  // CPU seconds of each run (undefined without /proc): --jobs 1's CPU over its wall time is the
  // cores one thread keeps busy (the engine's background compiling and garbage collection).
  const oneCpu: (number | undefined)[] = [];
  const twoCpu: (number | undefined)[] = [];
  const ratios: number[] = [];
  for (let p = 0; p < pairs; p++) {
    // Alternate which goes first, so a drift of the machine's load does not favour one side.
    const order = p % 2 === 0 ? [1, 2] : [2, 1];
    const got = new Map(order.map((jobs) => [jobs, backtest(bin, hours, jobs)] as const));
    const a = got.get(1)!;
    const b = got.get(2)!;
    if (a.json !== b.json) throw new Error('backtest-parallel bench: --jobs 2 printed another JSON than --jobs 1');
    one.push(a.seconds);
    two.push(b.seconds);
    oneCpu.push(a.cpu);
    twoCpu.push(b.cpu);
    ratios.push(a.seconds / b.seconds);
  }
  const short = options.quick ? undefined : [backtest(bin, 1, 1), backtest(bin, 1, 2)];
  return {
    backtest_parallel_speedup_1h: short === undefined ? undefined : round(short[0]!.seconds / short[1]!.seconds, 3),
    scenario: `${SEEDS} seeds x ${hours} market-hour(s) of one market, bands, demo world, default flow; makerd backtest --jobs 1 vs --jobs 2, fresh processes`,
    pairs,
    backtest_parallel_speedup: round(median(ratios), 3),
    speedups: ratios.map((r) => round(r, 3)),
    jobs1_s: one.map((s) => round(s, 2)),
    jobs2_s: two.map((s) => round(s, 2)),
    jobs1_cpu_s: oneCpu.map((s) => (s === undefined ? undefined : round(s, 2))),
    jobs2_cpu_s: twoCpu.map((s) => (s === undefined ? undefined : round(s, 2))),
    jobs1_cores: coresBusy(oneCpu, one),
    identicalJson: true,
    targetMin: 1.7,
    withinTarget: median(ratios) >= 1.7,
  };
}

/** Median over runs of CPU / wall time: the cores a command kept busy (undefined without /proc). */
function coresBusy(cpu: readonly (number | undefined)[], wall: readonly number[]): number | undefined {
  const ratios: number[] = [];
  for (let i = 0; i < wall.length; i++) {
    const c = cpu[i];
    if (c === undefined) return undefined;
    ratios.push(c / wall[i]!);
  }
  return round(median(ratios), 2);
}
