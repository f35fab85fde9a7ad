/**
 * The reward-aware stage end to end in the backtester (the daemon's own path): a market that pays
 * nothing, or whose `rewards` object is malformed, is quoted exactly as without the stage — every
 * figure of the run equal — while a paying market is quoted differently.
 */
import { describe, expect, it } from 'vitest';
import { type BacktestSettings, type RunResult, runBacktest } from '../../src/backtest/run-backtest.js';
import { parseQuotingParams } from '../../src/guard/index.js';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/index.js';
import type { SimCatalog } from '../../src/sim/catalog/index.js';
import { resolveFlowParams } from '../../src/sim/flow/index.js';
import bands from '../../strategies/bands.js';

const settings: BacktestSettings = {
  hours: 0.25,
  markets: 1,
  pollIntervalMs: 2_000,
  staleAfterMs: 10_000,
  flow: resolveFlowParams({ stepMs: 1_000 }),
  fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 },
  markoutHorizonsS: [0, 60],
  risk: DEFAULT_RISK_LIMITS,
  diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
  samples: 10,
};

const withRewards =
  (rewards: unknown) =>
  (c: SimCatalog): SimCatalog => ({
    ...c,
    markets: c.markets.map((m) => ({ ...m, rewards: rewards as SimCatalog['markets'][number]['rewards'] })),
  });

function run(rewards: unknown, enabled: boolean): RunResult {
  const { params, guards, rewards: stage } = parseQuotingParams(bands, { rewards: { enabled } }, 'test');
  return runBacktest({
    seed: 7,
    strategy: { label: 'bands', strategy: bands, params, guards, rewards: stage },
    settings,
    catalog: withRewards(rewards),
  });
}

/** Everything a run reports but the label. */
const figures = (r: RunResult) => ({ ...r, label: undefined });

describe('reward-aware quoting in a backtest', () => {
  it('quotes a market paying nothing, or with a malformed rewards object, exactly as without the stage', () => {
    for (const rewards of [
      { rates: [], min_size: 0, max_spread: 0 },
      { rates: [{ rewards_daily_rate: 50 }], min_size: 50, max_spread: 'wide' },
    ]) {
      const off = run(rewards, false);
      const on = run(rewards, true);
      expect(off.fills).toBeGreaterThan(0);
      expect(figures(on)).toEqual(figures(off));
    }
  });

  it('quotes a paying market differently (the same seed and flow, other orders and fills)', () => {
    const rewards = { rates: [{ asset_address: '0x', rewards_daily_rate: 100 }], min_size: 50, max_spread: 3 };
    const off = run(rewards, false);
    const on = run(rewards, true);
    // bands' default band rests 20 shares a side; the stage makes a side hold 50.
    expect(on.orders).not.toEqual(off.orders);
    expect(on.fills).not.toBe(off.fills);
  });
});
