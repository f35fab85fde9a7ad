/**
 * The summary's mark-out figures on a hand-made case, to the last digit: mark-out per share at 5,
 * 60 and 300 s, the adverse-fill share (of filled shares, at the main horizon), the guard-time
 * means, and the comparison's mean/sd of PnL.
 *
 * Market m, mid0 = outcome 0's midpoint (outcome 1's is 1 - mid0). Fills at t = 0 with mid0 0.51:
 *   A: BUY outcome 0, 10 @ 0.50        B: SELL outcome 1, 30 @ 0.49 (outcome 1's mid 0.49)
 * Polls: t = 5 s mid0 0.52; t = 60 s mid0 0.47; t = 300 s mid0 0.50.
 *   h = 0:   A +0.01 x 10, B 0 x 30            -> 0.1 / 40 =  0.0025; adverse none (0 is not)
 *   h = 5:   A +0.02 x 10, B +0.01 x 30        -> 0.5 / 40 =  0.0125; adverse none
 *   h = 60:  A -0.03 x 10, B -0.04 x 30        -> -1.5 / 40 = -0.0375; adverse 40 shares, 2 fills
 *   h = 300: A 0 x 10,     B -0.01 x 30        -> -0.3 / 40 = -0.0075; adverse 30 shares, 1 fill
 * A second run has fill A alone: 0.02 at 5 s, -0.03 at 60 s, 0 at 300 s; adverse 10/10 at 60 s,
 * 0/10 at 300 s.
 */
import { describe, expect, it } from 'vitest';
import { comparison, reportJson, type BacktestReport } from '../../src/backtest/backtest-report.js';
import { MarkoutTracker } from '../../src/backtest/markout.js';
import type { GuardSeconds, RunResult } from '../../src/backtest/run-backtest.js';
import { summarise } from '../../src/backtest/summary.js';
import { Decimal, ZERO } from '../../src/money.js';
import type { Fill } from '../../src/portfolio/fill.js';
import { makerFill } from '../support/maker-fill.js';

const d = (x: string | number) => new Decimal(x);

/** A maker fill in market m. */
function fill(id: string, outcomeIndex: 0 | 1, side: 'BUY' | 'SELL', price: string, size: number): Fill {
  return makerFill(id, 'm', outcomeIndex, side, price, size);
}

function tracked(fills: readonly Fill[]) {
  const t = new MarkoutTracker([0, 5, 60, 300]);
  for (const f of fills) t.onFill(f, 0, d('0.51'));
  t.onMid('m', 5_000, d('0.52'));
  t.onMid('m', 60_000, d('0.47'));
  t.onMid('m', 300_000, d('0.50'));
  return t.figures();
}

const NO_GUARD: GuardSeconds = { bid: { pulled: 0, widened: 0 }, ask: { pulled: 0, widened: 0 } };

function run(seed: string, totalPnl: number, fills: readonly Fill[], guardSeconds = NO_GUARD): RunResult {
  return {
    seed,
    label: 'x',
    realizedPnl: d(totalPnl),
    unrealizedPnl: ZERO,
    totalPnl: d(totalPnl),
    settlement: ZERO,
    rewards: ZERO,
    total: d(totalPnl),
    fills: fills.length,
    volumeShares: ZERO,
    volumeNotional: ZERO,
    fees: ZERO,
    rebates: ZERO,
    maxInventory: d(10),
    finalInventory: ZERO,
    twoSidedShare: 1,
    markouts: tracked(fills),
    series: [],
    orders: { placed: 0, cancelled: 0, kept: 0, refused: 0 } as unknown as RunResult['orders'],
    evaluations: 0,
    strategyErrors: 0,
    flowOrders: 0,
    flowDigest: undefined,
    marketTimeS: 300,
    guardErrors: 0,
    guardSeconds,
  };
}

const A = fill('a', 0, 'BUY', '0.50', 10);
const B = fill('b', 1, 'SELL', '0.49', 30);

describe('mark-out and adverse fills of one run', () => {
  it('are exact at every horizon', () => {
    const at = (h: number) => tracked([A, B]).find((m) => m.horizonS === h)!;
    expect([0, 5, 60, 300].map((h) => at(h).perShare!.toFixed())).toEqual(['0.0025', '0.0125', '-0.0375', '-0.0075']);
    expect([0, 5, 60, 300].map((h) => [at(h).adverseShares.toFixed(), at(h).adverseFills])).toEqual([
      ['0', 0],
      ['0', 0],
      ['40', 2],
      ['30', 1],
    ]);
  });
});

describe('the summary over runs', () => {
  const runs = [
    run('1', 1, [A, B], { bid: { pulled: 10, widened: 20 }, ask: { pulled: 0, widened: 5 } }),
    run('2', 3, [A], { bid: { pulled: 30, widened: 0 }, ask: { pulled: 4, widened: 6 } }),
  ];

  it('gives mark-out at 5, 60 and 300 s and the adverse share of filled shares at the main horizon', () => {
    const s = summarise('x', 'x', {}, runs, 300).stats;
    expect(s.markout5.mean).toBeCloseTo(0.01625, 15);
    expect(s.markout60.mean).toBeCloseTo(-0.03375, 15);
    expect(s.markout300.mean).toBeCloseTo(-0.00375, 15);
    expect(s.markout.mean).toBe(s.markout300.mean);
    // Run 1: 30 of 40 shares adverse at 300 s; run 2: 0 of 10.
    expect(s.adverseShare.mean).toBe(0.375);
    expect(s.adverseShare.sd).toBeCloseTo(0.75 / Math.SQRT2, 15);
    expect(summarise('x', 'x', {}, runs, 60).stats.adverseShare.mean).toBe(1);
  });

  it('gives the mean guard time per side over the runs', () => {
    const g = summarise('x', 'x', {}, [...runs, run('3', 0, [A])], 60).guardSeconds!;
    expect(g).toEqual({ bid: { pulled: 40 / 3, widened: 20 / 3 }, ask: { pulled: 4 / 3, widened: 11 / 3 }, n: 3 });
    expect(summarise('x', 'x', {}, runs, 60).guardSeconds).toEqual({
      bid: { pulled: 20, widened: 10 },
      ask: { pulled: 2, widened: 5.5 },
      n: 2,
    });
    expect(summarise('x', 'x', {}, [], 60).guardSeconds).toBeUndefined();
  });

  it('puts mean/sd of PnL in the comparison, next to the paired standard error', () => {
    const other = [run('1', 2, [A]), run('2', 2.5, [A])];
    const report = {
      version: '',
      generatedAt: '',
      settings: { markoutHorizonS: 60 },
      strategies: [
        { summary: summarise('base', 'b', {}, runs, 60), paramsSource: 'defaults', runs },
        { summary: summarise('other', 'o', {}, other, 60), paramsSource: 'defaults', runs: other },
      ],
    } as unknown as BacktestReport;
    expect(comparison(report)).toEqual([
      {
        strategy: 'other',
        against: 'base',
        // Differences per seed: +1, -0.5 -> mean 0.25, sd 1.06066, se 0.75.
        meanPnlDifference: 0.25,
        pairedStandardError: 0.75,
        meanPnlDifferenceInBaseSe: 0.25,
        pnlSdRatio: 0.25,
        maxInventoryRatio: 1,
        // 2.25 / 0.353553 = 6.36396 and 2 / 1.414214 = 1.41421 (4 decimals).
        pnlMeanOverSd: 6.364,
        againstPnlMeanOverSd: Math.round(Math.SQRT2 * 1e4) / 1e4,
        // No rewards in these runs: the figures with rewards are the same, and the ratio of mean
        // totals is 2.25 / 2.
        meanTotalDifference: 0.25,
        totalPairedStandardError: 0.75,
        totalSdRatio: 0.25,
        totalRatio: 1.125,
        totalMeanOverSd: 6.364,
        againstTotalMeanOverSd: Math.round(Math.SQRT2 * 1e4) / 1e4,
      },
    ]);
    const json = reportJson(report) as { strategies: { summary: Record<string, unknown>; guardSeconds?: unknown }[] };
    expect(Object.keys(json.strategies[0]!.summary)).toEqual([
      'totalPnl',
      'settlement',
      'rewards',
      'total',
      'realizedPnl',
      'unrealizedPnl',
      'fills',
      'volumeNotional',
      'fees',
      'rebates',
      'maxInventory',
      'twoSidedShare',
      'markout',
      'markout5',
      'markout60',
      'markout300',
      'adverseShare',
    ]);
    expect(json.strategies[0]!.guardSeconds).toEqual({ bid: { pulled: 20, widened: 10 }, ask: { pulled: 2, widened: 5.5 }, runs: 2 });
    expect(json.strategies[1]!.guardSeconds).toEqual({ bid: { pulled: 0, widened: 0 }, ask: { pulled: 0, widened: 0 }, runs: 2 });
  });
});
