/**
 * Many runs: every strategy on every seed of one list (so `--compare a,b` puts both strategies on
 * the identical seeds, hence the identical flow: run-backtest.ts), then the summary over runs and
 * the JSON form of it all.
 *
 * Runs are interleaved seed by seed (seed 1: a, b; seed 2: a, b; ...), so a comparison cut short
 * is still balanced and the progress shown is even. runPlanOnWorkers spreads the same runs over
 * worker threads (seed-pool.ts) and gives the identical report. A run that throws stops the plan
 * with its error, the seed and strategy named (seed-wire.ts runError).
 */
import { Decimal } from '../money.js';
import { runBacktest, type BacktestSettings, type FlowFactory, type RunResult, type StrategyRun } from './run-backtest.js';
import { runSeedPool, seedWorkerEntry } from './seed-pool.js';
import { runError } from './seed-wire.js';
import type { StrategySpec } from './strategy-spec.js';
import type { MarketFitFigure } from './run-intensity.js';
import { type GuardSummary, METRICS, summarise, type StrategySummary } from './summary.js';

export interface PlannedStrategy extends StrategyRun {
  /** The parameters as given (before parsing), for the report. */
  readonly rawParams: unknown;
  /** Where they came from: a file, the configuration, or the strategy's defaults. */
  readonly paramsSource: string;
}

export interface BacktestPlan {
  readonly strategies: readonly PlannedStrategy[];
  readonly seeds: readonly string[];
  readonly settings: BacktestSettings;
  /** The main mark-out horizon (s): one of settings.markoutHorizonsS. */
  readonly markoutHorizonS: number;
  readonly digestFlow?: boolean;
  readonly flow?: FlowFactory;
  /** Progress: runs finished (fractional while one runs) out of all. */
  readonly onProgress?: (done: number, total: number, current: { label: string; seed: string }) => void;
  /** For the report's header. */
  readonly version?: string;
  readonly now?: () => Date;
}

export interface ReportSettings {
  readonly runs: number;
  readonly seeds: readonly string[];
  readonly markets: number;
  readonly hours: number;
  readonly pollIntervalMs: number;
  readonly flowStepMs: number;
  /** The simulator's world the runs traded in (src/sim/world): 'venue' or 'demo'. */
  readonly world: 'venue' | 'demo';
  /**
   * The venue world's kind of market, the values given for every market (flags) and whose fee
   * schedules applied ('per market': each market's own; 'given': `fee` for every market).
   */
  readonly venue?: { readonly kind: string; readonly overrides: Readonly<Record<string, number>>; readonly fees: 'per market' | 'given' };
  /** The demo world's flow (the venue world's markets draw their own: `venue`). */
  readonly flow?: {
    /** The profile the parameters started from; flags or keys given may override its values. */
    readonly profile: string;
    readonly A: number;
    readonly k: number;
    readonly sigma: number;
    readonly jumpRatePerHour: number;
    readonly jumpSize: number;
    readonly informedShare: number;
    /** How far ahead informed takers know fair value (0: only a jump 3 s ahead). */
    readonly foresightMs: number;
  };
  readonly fee: BacktestSettings['fee'];
  /** Reward terms of every market (flags), or 'catalog': each market's own, drawn from the seed. */
  readonly rewards: BacktestSettings['rewards'] | 'catalog';
  readonly markoutHorizonS: number;
  readonly markoutHorizonsS: readonly number[];
  /**
   * Markets that end within each run (`--ends-every`: one every `everySec`, resolved
   * `resolveAfterSec` later) and the stop before each end (quoting.stopBeforeEndSec); absent: none ends.
   */
  readonly ends?: { readonly everySec: number; readonly resolveAfterSec: number; readonly stopBeforeEndSec: number };
  /** Set for a replay of a recording (replay-report.ts): the flow and fee figures above do not apply. */
  readonly replay?: ReplaySource;
}

export interface ReplaySource {
  readonly dir: string;
  readonly groups: readonly string[] | undefined;
  readonly records: number;
  /** SHA-256 of the segment files: one digest, identical data. */
  readonly digest: string;
  readonly start: string;
  readonly end: string;
  /** Damaged stretches skipped (torn blocks) and records left out (failed checks). */
  readonly damaged: number;
  readonly problems: number;
}

export interface BacktestReport {
  readonly version: string;
  readonly generatedAt: string;
  readonly settings: ReportSettings;
  readonly strategies: readonly { readonly summary: StrategySummary; readonly paramsSource: string; readonly runs: readonly RunResult[] }[];
}

export function runPlan(plan: BacktestPlan): BacktestReport {
  const total = plan.seeds.length * plan.strategies.length;
  const runs = plan.strategies.map(() => [] as RunResult[]);
  let done = 0;
  for (const seed of plan.seeds) {
    plan.strategies.forEach((s, i) => {
      const current = { label: s.label, seed };
      plan.onProgress?.(done, total, current);
      let result: RunResult;
      try {
        result = runBacktest({
          seed,
          strategy: s,
          settings: plan.settings,
          ...(plan.flow === undefined ? {} : { flow: plan.flow }),
          digestFlow: plan.digestFlow === true,
          ...(plan.onProgress === undefined ? {} : { onProgress: (f: number) => plan.onProgress!(done + f, total, current) }),
        });
      } catch (err) {
        throw runError(err, seed, s.label);
      }
      runs[i]!.push(result);
      done++;
      plan.onProgress?.(done, total, current);
    });
  }
  return planReport(plan, runs);
}

export interface WorkerPlan extends BacktestPlan {
  /** Each strategy as data, for the workers (strategy-spec.ts), in the order of `strategies`. */
  readonly specs: readonly StrategySpec[];
  /** The strategy folders the workers load. */
  readonly strategyDirs: readonly string[];
  /** Worker threads; 1 (or no compiled worker, or a custom flow): runPlan in this thread. */
  readonly jobs: number;
  /** The CLI's stop signal: terminates the workers (BacktestStopped). */
  readonly signal?: AbortSignal;
}

/**
 * runPlan on `jobs` worker threads (seed-pool.ts): the same report, figure for figure. In this
 * thread when `jobs` is 1, when the plan has its own flow (a function, which a worker cannot be
 * sent), or when no compiled worker exists (running from the TypeScript sources).
 */
export async function runPlanOnWorkers(plan: WorkerPlan): Promise<BacktestReport> {
  if (plan.jobs <= 1 || plan.flow !== undefined || seedWorkerEntry() === undefined) return runPlan(plan);
  if (plan.specs.length !== plan.strategies.length) throw new Error('runPlanOnWorkers: one spec per strategy');
  const runs = await runSeedPool({
    strategyDirs: plan.strategyDirs,
    strategies: plan.specs,
    seeds: plan.seeds,
    settings: plan.settings,
    digestFlow: plan.digestFlow === true,
    jobs: plan.jobs,
    ...(plan.onProgress === undefined ? {} : { onProgress: plan.onProgress }),
    ...(plan.signal === undefined ? {} : { signal: plan.signal }),
  });
  return planReport(plan, runs);
}

function planReport(plan: BacktestPlan, runs: readonly (readonly RunResult[])[]): BacktestReport {
  const st = plan.settings;
  return {
    version: plan.version ?? '',
    generatedAt: (plan.now?.() ?? new Date()).toISOString(),
    settings: {
      runs: plan.seeds.length,
      seeds: plan.seeds,
      markets: st.markets,
      hours: st.hours,
      pollIntervalMs: st.pollIntervalMs,
      flowStepMs: st.flow.stepMs,
      ...worldSettings(st),
      fee: st.fee,
      rewards: st.rewards ?? 'catalog',
      markoutHorizonS: plan.markoutHorizonS,
      markoutHorizonsS: st.markoutHorizonsS,
      ...(st.ends === undefined ? {} : { ends: { ...st.ends, stopBeforeEndSec: st.stopBeforeEndSec ?? 0 } }),
    },
    strategies: plan.strategies.map((s, i) => ({
      summary: summarise(s.label, s.strategy.name, s.rawParams, runs[i]!, plan.markoutHorizonS),
      paramsSource: s.paramsSource,
      runs: runs[i]!,
    })),
  };
}

/** The world, and the venue world's kind or the demo world's flow, as the report states them. */
function worldSettings(st: BacktestSettings): Pick<ReportSettings, 'world' | 'venue' | 'flow'> {
  if (st.venue !== undefined) {
    const overrides = Object.fromEntries(Object.entries(st.venue.overrides).filter(([, v]) => v !== undefined)) as Record<string, number>;
    return { world: 'venue', venue: { kind: st.venue.kind, overrides, fees: st.venue.feeOverride ? 'given' : 'per market' } };
  }
  return {
    world: 'demo',
    flow: {
      profile: st.flowProfile ?? 'default',
      A: st.flow.A,
      k: st.flow.k,
      sigma: st.flow.sigma,
      jumpRatePerHour: round(st.flow.jumpRate * 3600, 9),
      jumpSize: st.flow.jumpSize,
      informedShare: st.flow.informedShare,
      foresightMs: st.flow.foresightMs,
    },
  };
}

/** The world and its markets or flow, in words (the table's head and the HTML report's). */
export function worldText(s: ReportSettings): string {
  if (s.venue !== undefined) {
    const given = Object.entries(s.venue.overrides).map(([k, v]) => `${k}=${v}`);
    return `venue world, ${s.venue.kind === 'all' ? 'all kinds of market' : `${s.venue.kind} markets`}${given.length === 0 ? '' : ` (every market ${given.join(', ')})`}`;
  }
  const f = s.flow;
  if (f === undefined) return 'demo world';
  return `demo world, flow profile ${f.profile}: A=${f.A}, k=${f.k}, volatility=${f.sigma}/√s, jumps ${f.jumpRatePerHour}/h, informed share ${f.informedShare}${f.foresightMs > 0 ? ` knowing fair value ${f.foresightMs / 1000} s ahead` : ''}`;
}

/** The reward terms of a report, in words (the table's head and the HTML report's). */
export function rewardsText(r: ReportSettings['rewards']): string {
  if (r === 'catalog') return "liquidity rewards: each market's terms in the catalog";
  if (r === undefined || r.dailyRate === 0) return 'liquidity rewards: none';
  return `liquidity rewards: ${r.dailyRate} USDC/day per market to orders within ${r.maxSpread} cents of the adjusted midpoint, min size ${r.minSize}`;
}

/** Markets ending within the runs, in words; empty when none ends. */
export function endsText(s: Pick<ReportSettings, 'ends'>): string {
  const e = s.ends;
  if (e === undefined) return '';
  return `a market ends every ${e.everySec} s and resolves ${e.resolveAfterSec} s later (settled at 1 / 0), quoting stops ${e.stopBeforeEndSec} s before each end`;
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
/** USDC amounts in JSON: 6 decimals (micro-USDC), half up. */
const usdc = (d: Decimal): string => d.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);

export function runJson(r: RunResult, horizonS: number): Record<string, unknown> {
  const main = r.markouts.find((m) => m.horizonS === horizonS);
  return {
    seed: r.seed,
    realizedPnl: usdc(r.realizedPnl),
    unrealizedPnl: usdc(r.unrealizedPnl),
    totalPnl: usdc(r.totalPnl),
    settlement: usdc(r.settlement),
    ...(r.resolved === undefined
      ? {}
      : {
          resolved: r.resolved.map((x) => ({ market: x.market, winningOutcome: x.winner, settlement: usdc(x.settlement) })),
          ordersAtEnd: r.ordersAtEnd ?? 0,
        }),
    rewards: usdc(r.rewards),
    total: usdc(r.total),
    fills: r.fills,
    volumeShares: r.volumeShares.toFixed(),
    volumeNotional: usdc(r.volumeNotional),
    fees: usdc(r.fees),
    rebates: usdc(r.rebates),
    maxInventory: r.maxInventory.toFixed(),
    finalInventory: r.finalInventory.toFixed(),
    twoSidedShare: round(r.twoSidedShare, 6),
    markout: {
      horizonS,
      perShare: main?.perShare === undefined ? null : main.perShare.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed(8),
      total: main === undefined ? null : usdc(main.total),
      shares: main?.shares.toFixed() ?? null,
      fills: main?.fills ?? 0,
      adverseShares: main?.adverseShares.toFixed() ?? null,
      adverseFills: main?.adverseFills ?? 0,
      unresolved: main?.unresolved ?? 0,
    },
    orders: r.orders,
    evaluations: r.evaluations,
    guardSeconds: r.guardSeconds,
    guardErrors: r.guardErrors,
    flowOrders: r.flowOrders,
    ...(r.flowDigest === undefined ? {} : { flowDigest: r.flowDigest }),
    ...(r.intensity === undefined ? {} : { markets: r.intensity.map(fitJson) }),
  };
}

/**
 * A market's fitted flow intensity (src/market/intensity, both sides together): `fitted_a` takers a
 * second per book side at the midpoint, `fitted_k` per price unit, as the simulator's --flow-a and
 * --flow-k; null when nothing could be fitted. `fit` says whether the daemon would trust it.
 */
const fitJson = (f: MarketFitFigure): Record<string, unknown> => ({
  market: f.market,
  fitted_a: f.a === undefined ? null : Number(f.a.toPrecision(6)),
  fitted_k: f.k === undefined ? null : Number(f.k.toPrecision(6)),
  fit: f.status,
  fitTrades: f.trades,
});

const statJson = (s: {
  mean: number;
  sd: number;
  se: number;
  p5: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  n: number;
}): Record<string, number | null> => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Number.isFinite(v) ? round(v, 8) : null]));

/** The summary JSON (`--json`). */
export function reportJson(report: BacktestReport): Record<string, unknown> {
  const h = report.settings.markoutHorizonS;
  const strategies = report.strategies.map((s) => ({
    label: s.summary.label,
    strategy: s.summary.strategy,
    params: s.summary.params,
    paramsSource: s.paramsSource,
    runs: s.summary.runs,
    seeds: s.summary.seeds,
    summary: Object.fromEntries(METRICS.map((m) => [m.key, statJson(s.summary.stats[m.key])])),
    markoutCurve: s.summary.markoutCurve.map((c) => ({
      horizonS: c.horizonS,
      mean: Number.isFinite(c.mean) ? round(c.mean, 8) : null,
      runs: c.n,
    })),
    ...(s.summary.guardSeconds === undefined ? {} : { guardSeconds: guardJson(s.summary.guardSeconds) }),
    perRun: s.runs.map((r) => runJson(r, h)),
  }));
  const out: Record<string, unknown> = { version: report.version, generatedAt: report.generatedAt, settings: report.settings, strategies };
  if (report.strategies.length > 1) out.comparison = comparison(report);
  return out;
}

const guardJson = (g: GuardSummary): Record<string, unknown> => ({
  bid: { pulled: round(g.bid.pulled, 3), widened: round(g.bid.widened, 3) },
  ask: { pulled: round(g.ask.pulled, 3), widened: round(g.ask.widened, 3) },
  runs: g.n,
});

/** Mean over runs of the total PnL divided by its sd over runs; null for an sd of 0 (one run). */
const meanOverSd = (st: { mean: number; sd: number }): number | null => (st.sd > 0 ? round(st.mean / st.sd, 4) : null);

/**
 * Each strategy against the first, seed by seed (the seeds are shared): mean of the per-seed PnL
 * differences and its standard error, the ratios of PnL sd and mean largest inventory, and each
 * side's mean PnL / sd of PnL over runs.
 */
export function comparison(report: BacktestReport): Record<string, unknown>[] {
  const base = report.strategies[0]!;
  return report.strategies.slice(1).map((s) => {
    const paired = (f: (r: RunResult) => Decimal): { mean: number; se: number } => {
      const diffs = s.runs.map((r, i) => f(r).minus(f(base.runs[i]!)).toNumber());
      const n = diffs.length;
      const mean = diffs.reduce((a, b) => a + b, 0) / n;
      const sd = n > 1 ? Math.sqrt(diffs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
      return { mean, se: sd / Math.sqrt(n) };
    };
    const { mean, se } = paired((r) => r.totalPnl);
    const withRewards = paired((r) => r.total);
    const bs = base.summary.stats;
    const ss = s.summary.stats;
    return {
      strategy: s.summary.label,
      against: base.summary.label,
      meanPnlDifference: round(mean, 6),
      pairedStandardError: round(se, 6),
      meanPnlDifferenceInBaseSe: bs.totalPnl.se > 0 ? round((ss.totalPnl.mean - bs.totalPnl.mean) / bs.totalPnl.se, 3) : null,
      pnlSdRatio: bs.totalPnl.sd > 0 ? round(ss.totalPnl.sd / bs.totalPnl.sd, 4) : null,
      maxInventoryRatio: bs.maxInventory.mean > 0 ? round(ss.maxInventory.mean / bs.maxInventory.mean, 4) : null,
      pnlMeanOverSd: meanOverSd(ss.totalPnl),
      againstPnlMeanOverSd: meanOverSd(bs.totalPnl),
      // The same on income: total = PnL total (rebates and settlement in it) + liquidity rewards.
      meanTotalDifference: round(withRewards.mean, 6),
      totalPairedStandardError: round(withRewards.se, 6),
      totalSdRatio: bs.total.sd > 0 ? round(ss.total.sd / bs.total.sd, 4) : null,
      totalRatio: bs.total.mean !== 0 ? round(ss.total.mean / bs.total.mean, 4) : null,
      totalMeanOverSd: meanOverSd(ss.total),
      againstTotalMeanOverSd: meanOverSd(bs.total),
    };
  });
}
