/**
 * The end-of-run figures a strategy's run reports, the same for a synthetic-flow backtest and a
 * replay of a recording: PnL (with its settlement part: markets resolved within the run) and rewards, volumes, inventory, two-sided time, order counts.
 */
import { type Decimal, ZERO } from '../money.js';
import type { MarketGuard } from '../guard/market-guard.js';
import type { Portfolio } from '../portfolio/portfolio.js';
import type { MarkoutTracker } from './markout.js';
import type { GuardSeconds, RunResolution, RunResult, SeriesPoint } from './run-contract.js';
import type { SimExecutor } from './sim-executor.js';
import type { MarketFitFigure } from './run-intensity.js';

/** A market as the run tracked it. */
export interface RunMarket {
  readonly conditionId: string;
  /** The largest absolute net exposure seen. */
  readonly maxAbs: Decimal;
}

export interface RunFigureInput {
  readonly seed: string;
  readonly label: string;
  readonly portfolio: Portfolio;
  readonly exec: SimExecutor;
  readonly markets: ReadonlyMap<string, RunMarket>;
  readonly durationMs: number;
  readonly rewardsEarned: Decimal;
  readonly markouts: MarkoutTracker;
  readonly series: SeriesPoint[];
  readonly evaluations: number;
  readonly strategyErrors: number;
  readonly guardErrors: number;
  readonly guardSeconds: GuardSeconds;
  readonly flowOrders: number;
  readonly flowDigest: string | undefined;
  /** Each market's fitted flow intensity at the end (a synthetic-flow run; a replay has none). */
  readonly intensity?: readonly MarketFitFigure[];
  /** Markets resolved within the run and the account's orders the venue cancelled at an end (`--ends-every`). */
  readonly ends?: { readonly resolved: readonly RunResolution[]; readonly ordersAtEnd: number } | undefined;
}

export function runFigures(i: RunFigureInput): RunResult {
  const totals = i.portfolio.totals();
  const twoSided = i.exec.twoSided.seconds();
  let twoSidedSum = 0;
  let maxInventory = ZERO;
  let finalInventory = ZERO;
  for (const st of i.markets.values()) {
    twoSidedSum += i.durationMs === 0 ? 0 : (twoSided.get(st.conditionId) ?? 0) / (i.durationMs / 1000);
    if (st.maxAbs.gt(maxInventory)) maxInventory = st.maxAbs;
    finalInventory = finalInventory.plus(i.portfolio.netExposure(st.conditionId));
  }
  return {
    seed: i.seed,
    label: i.label,
    realizedPnl: totals.realizedPnl,
    unrealizedPnl: totals.unrealizedPnl,
    totalPnl: totals.totalPnl,
    settlement: totals.settlementPnl,
    ...(i.ends === undefined ? {} : { resolved: i.ends.resolved, ordersAtEnd: i.ends.ordersAtEnd }),
    rewards: i.rewardsEarned,
    total: totals.totalPnl.plus(i.rewardsEarned),
    fills: totals.fills,
    volumeShares: totals.volumeShares,
    volumeNotional: totals.volumeNotional,
    fees: totals.feesPaid,
    rebates: totals.rebatesReceived,
    maxInventory,
    finalInventory,
    twoSidedShare: i.markets.size === 0 ? 0 : twoSidedSum / i.markets.size,
    markouts: i.markouts.figures(),
    series: i.series,
    orders: { ...i.exec.counts },
    evaluations: i.evaluations,
    strategyErrors: i.strategyErrors,
    guardErrors: i.guardErrors,
    guardSeconds: i.guardSeconds,
    flowOrders: i.flowOrders,
    flowDigest: i.flowDigest,
    marketTimeS: i.durationMs / 1000,
    ...(i.intensity === undefined ? {} : { intensity: i.intensity }),
  };
}

/** Adds `dtS` seconds of each market's guard effects at `nowMs` to `seconds` (sampled once per poll). */
export function countGuardTime(
  markets: Iterable<{ readonly guard: MarketGuard | undefined }>,
  seconds: GuardSeconds,
  nowMs: number,
  dtS: number,
): void {
  for (const st of markets) {
    if (st.guard === undefined) continue;
    for (const side of ['bid', 'ask'] as const) {
      const e = st.guard.effect(side, nowMs);
      if (e.pulled) seconds[side].pulled += dtS;
      else if (e.ticks > 0) seconds[side].widened += dtS;
    }
  }
}
