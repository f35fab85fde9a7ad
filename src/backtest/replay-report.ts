/**
 * A replay's report (`makerd backtest --replay DIR`): every strategy on the one recording, in the
 * same report as the synthetic backtests (JSON, table, HTML), one run per strategy (seed `replay`),
 * with the recording named in `settings.replay` (its digest shows that compared strategies replayed
 * identical data).
 */
import type { BacktestReport, PlannedStrategy } from './backtest-report.js';
import { summarise } from './summary.js';
import type { ReplayData } from './replay-data.js';
import { runReplay, type ReplayResult, type ReplaySettings } from './run-replay.js';

export interface ReplayPlan {
  readonly data: ReplayData;
  readonly groups: readonly string[] | undefined;
  readonly strategies: readonly PlannedStrategy[];
  readonly settings: ReplaySettings;
  readonly markoutHorizonS: number;
  readonly onProgress?: (done: number, total: number, current: { label: string; seed: string }) => void;
  readonly version?: string;
  readonly now?: () => Date;
}

export function runReplayPlan(plan: ReplayPlan): BacktestReport & { readonly replayRuns: readonly ReplayResult[] } {
  const { data } = plan;
  const total = plan.strategies.length;
  const runs = plan.strategies.map((s, i) => {
    const current = { label: s.label, seed: 'replay' };
    plan.onProgress?.(i, total, current);
    const r = runReplay({
      data,
      strategy: s,
      settings: plan.settings,
      ...(plan.onProgress === undefined ? {} : { onProgress: (f: number) => plan.onProgress!(i + f, total, current) }),
    });
    plan.onProgress?.(i + 1, total, current);
    return r;
  });
  const first = [...data.markets.values()][0];
  return {
    version: plan.version ?? '',
    generatedAt: (plan.now?.() ?? new Date()).toISOString(),
    settings: {
      runs: 1,
      seeds: ['replay'],
      markets: data.markets.size,
      hours: Math.round(((data.endMs - data.startMs) / 3_600_000) * 1e6) / 1e6,
      pollIntervalMs: 0,
      flowStepMs: 0,
      world: 'demo',
      flow: { profile: 'replay', A: 0, k: 0, sigma: 0, jumpRatePerHour: 0, jumpSize: 0, informedShare: 0, foresightMs: 0 },
      fee: {
        rate: first?.fees.rate.toNumber() ?? 0,
        exponent: first?.fees.exponent ?? 0,
        takerOnly: first?.fees.takerOnly ?? true,
        rebateRate: first?.fees.rebateRate.toNumber() ?? 0,
      },
      markoutHorizonS: plan.markoutHorizonS,
      markoutHorizonsS: plan.settings.markoutHorizonsS,
      // Each market's terms as recorded (GET /markets/{id} `rewards`).
      rewards: 'catalog',
      replay: {
        dir: data.dir,
        groups: plan.groups,
        records: data.records,
        digest: data.digest,
        start: new Date(data.startMs).toISOString(),
        end: new Date(data.endMs).toISOString(),
        damaged: data.damage.length,
        problems: data.problems.length,
      },
    },
    strategies: plan.strategies.map((s, i) => ({
      summary: summarise(s.label, s.strategy.name, s.rawParams, [runs[i]!], plan.markoutHorizonS),
      paramsSource: s.paramsSource,
      runs: [runs[i]!],
    })),
    replayRuns: runs,
  };
}
