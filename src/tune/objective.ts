/**
 * How `makerd tune` scores a setting from its runs, and its hard limits. The income of a run is
 * its PnL + rewards (the backtest's `total`: trading PnL, realized and unrealized, plus liquidity
 * rewards), one market-day per seed at the default --hours; over the runs of a setting:
 *
 *   mean-sd:K   mean income - K x its standard deviation over the runs (K >= 0): income, less a
 *               price for how much it varies from one market (seed) to the next
 *   mean-se:K   mean income - K x its standard error (sd / sqrt(runs)): a lower confidence bound
 *               on the mean, which shrinks toward the mean as runs are added
 *   mean        the mean income alone (mean-sd:0)
 *
 * Hard limits rule a setting out whatever its score: --max-inventory (any run's largest
 * |inventory| above it) and --max-loss (any run's income below minus it). Statistics are plain
 * numbers over the runs' exact incomes, as the backtest summary's are (src/backtest/summary.ts).
 */
import { Decimal } from '../money.js';
import { stat } from '../backtest/summary.js';

export interface Objective {
  /** As given, normalised (`mean-sd:1`). */
  readonly text: string;
  readonly kind: 'mean' | 'mean-sd' | 'mean-se';
  readonly k: number;
}

export const OBJECTIVE_FORMS = 'mean, mean-sd:K or mean-se:K (K a number >= 0)';

/** The objective `text` names, or why it names none. */
export function parseObjective(text: string): Objective | { readonly problem: string } {
  if (text === 'mean') return { text, kind: 'mean', k: 0 };
  const m = /^(mean-sd|mean-se):(\d+(?:\.\d+)?)$/.exec(text);
  if (m === null) return { problem: `unknown objective ${JSON.stringify(text)}: must be ${OBJECTIVE_FORMS}` };
  const k = Number(m[2]);
  return { text: `${m[1]}:${k}`, kind: m[1] as 'mean-sd' | 'mean-se', k };
}

/** A run's figures as the results file keeps them: money as exact text (6 decimals), counts as numbers. */
export interface RunFigures {
  /** PnL + rewards: the income the objective scores. */
  readonly total: string;
  readonly totalPnl: string;
  readonly rewards: string;
  /** Largest |net exposure| of any market at any moment, shares. */
  readonly maxInventory: string;
  readonly fills: number;
  readonly volume: string;
}

/** The figures of a group of runs that tune reports (numbers: they describe a sample). */
export interface Scored {
  readonly runs: number;
  readonly mean: number;
  readonly sd: number;
  readonly se: number;
  readonly score: number;
  /** Means over the runs of PnL alone, rewards alone, fills, and the largest inventory of any run. */
  readonly meanPnl: number;
  readonly meanRewards: number;
  readonly meanFills: number;
  readonly maxInventory: number;
}

const r8 = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e8) / 1e8 : x);

/** The score and figures of `runs` (in seed order) under `objective`. */
export function scoreRuns(objective: Objective, runs: readonly RunFigures[]): Scored {
  const total = stat(runs.map((r) => Number(r.total)));
  const mean = (f: (r: RunFigures) => number): number =>
    runs.length === 0 ? Number.NaN : runs.reduce((a, r) => a + f(r), 0) / runs.length;
  const penalty = objective.kind === 'mean-sd' ? total.sd : objective.kind === 'mean-se' ? total.se : 0;
  let maxInventory = 0;
  for (const r of runs) maxInventory = Math.max(maxInventory, Number(r.maxInventory));
  return {
    runs: runs.length,
    mean: r8(total.mean),
    sd: r8(total.sd),
    se: r8(total.se),
    score: r8(total.mean - objective.k * penalty),
    meanPnl: r8(mean((r) => Number(r.totalPnl))),
    meanRewards: r8(mean((r) => Number(r.rewards))),
    meanFills: r8(mean((r) => r.fills)),
    maxInventory,
  };
}

export interface Limits {
  /** Shares (decimal text); undefined: none. */
  readonly maxInventory: string | undefined;
  /** USDC (decimal text): a run whose income is below minus this breaks it; undefined: none. */
  readonly maxLoss: string | undefined;
}

/** The first limit a run breaks, in words, or undefined. */
export function limitBreach(limits: Limits, runs: readonly (RunFigures & { readonly seed: string })[]): string | undefined {
  for (const r of runs) {
    if (limits.maxInventory !== undefined && new Decimal(r.maxInventory).gt(limits.maxInventory))
      return `seed ${r.seed}: largest |inventory| ${r.maxInventory} shares > --max-inventory ${limits.maxInventory}`;
    if (limits.maxLoss !== undefined && new Decimal(r.total).lt(new Decimal(limits.maxLoss).neg()))
      return `seed ${r.seed}: income ${r.total} USDC < -(--max-loss ${limits.maxLoss})`;
  }
  return undefined;
}
