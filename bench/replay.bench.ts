/**
 * Replay speed (issue 19): a recording of 1 hour of 20 simulated markets (made in-process on the
 * recorder's own taps, src/record/sim-recording.ts: a poll of books and midpoints every second,
 * every market-channel event, the markets' rules), replayed with `bands` (default parameters) as
 * `makerd backtest --replay DIR` does: the recording read and checked (loadReplay) and run through
 * the strategy, guards, risk gate and paper's queue fill model (runReplay). Seconds of wall time
 * for read + run, median of the measured runs (the first, which warms the JIT, is not counted).
 * Also reported: the recording's compression (JSON received / bytes written). Target: <= 10 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadReplay } from '../src/backtest/replay-data.js';
import { runReplay } from '../src/backtest/run-replay.js';
import { recordSimulation } from '../src/record/sim-recording.js';
import { DEFAULT_RISK_LIMITS } from '../src/risk/risk-limits.js';
import { builtinStrategiesDir, loadStrategies, parseStrategyParams } from '../src/strategy/index.js';
import type { BenchOptions } from './run.js';
import { median, round } from './stats.js';

export default async function run(options: BenchOptions): Promise<Record<string, unknown>> {
  const strategies = await loadStrategies([builtinStrategiesDir()]);
  const bands = strategies.get('bands');
  if (bands === undefined) throw new Error('replay bench: the bands strategy is missing');
  const hours = options.quick ? 0.05 : 1;
  const runs = options.quick ? 1 : 2;
  const dir = mkdtempSync(join(tmpdir(), 'makerd-replay-bench-'));
  try {
    const t0 = process.hrtime.bigint();
    const recorded = await recordSimulation({ dir, seed: 'replay-bench', markets: 20, hours });
    const recordS = Number(process.hrtime.bigint() - t0) / 1e9;
    const strategy = { label: 'bands', strategy: bands, params: parseStrategyParams(bands, {}, 'bench') };
    const settings = {
      staleAfterMs: 5_000,
      markoutHorizonsS: [0, 1, 5, 15, 30, 60, 120, 300, 600],
      risk: DEFAULT_RISK_LIMITS,
      diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
      samples: 600,
    };
    const seconds: number[] = [];
    const cpuSeconds: number[] = [];
    const loadSeconds: number[] = [];
    let fills = 0;
    let events = 0;
    for (let i = 0; i <= runs; i++) {
      const c0 = process.cpuUsage();
      const s0 = process.hrtime.bigint();
      const data = loadReplay(dir);
      const s1 = process.hrtime.bigint();
      const r = runReplay({ data, strategy, settings });
      const s2 = process.hrtime.bigint();
      const c = process.cpuUsage(c0);
      if (i === 0) continue;
      cpuSeconds.push((c.user + c.system) / 1e6);
      seconds.push(Number(s2 - s0) / 1e9);
      loadSeconds.push(Number(s1 - s0) / 1e9);
      fills = r.fills;
      events = data.events.length;
    }
    const med = median(seconds);
    return {
      scenario: `a recording of ${hours} h of 20 simulated markets (1 s polls, every stream event), replayed with bands (default parameters)`,
      runs,
      replay_1h_20_markets_s: options.quick ? null : round(med, 2),
      replay_s_all: seconds.map((s) => round(s, 2)),
      replay_read_s: round(median(loadSeconds), 2),
      // On a shared machine the wall time waits for the CPU; this is what the replay used of it.
      replay_cpu_s: round(median(cpuSeconds), 2),
      recording_compression_ratio: round(recorded.compression, 2),
      recordingBytes: recorded.bytesWritten,
      records: recorded.records,
      events,
      fills,
      recordSeconds: round(recordS, 1),
      targetSecondsMax: 10,
      withinTarget: med <= 10,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
