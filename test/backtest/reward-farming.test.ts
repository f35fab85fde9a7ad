/**
 * What reward farming is worth on the simulator (docs/rewards.md, "Does farming pay?"): the
 * farming configuration (config/rewards-farming.json) wins a real share of a paying market's pool
 * where the tuned avellaneda earns none, but whether that makes its total (trading + rewards) 1.5x
 * the strategy's alone depends on the pool against the market's trading PnL: not at the catalog's
 * 100 USDC a day, yes at 10,000. Two seeds of half an hour, the default flow; the rewards are credited
 * pro rata, and a share of the pool does not depend on its rate (the sampler only reads the
 * books), so one run at 10,000 a day gives the 100-a-day figure as a hundredth of its rewards.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type BacktestSettings, type RunResult, runBacktest } from '../../src/backtest/run-backtest.js';
import { parseQuotingParams } from '../../src/guard/index.js';
import { Decimal } from '../../src/money.js';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/index.js';
import { resolveFlowParams } from '../../src/sim/flow/index.js';
import avellaneda from '../../strategies/avellaneda.js';

const RATE = 10_000;
const HOURS = 0.5;

const settings: BacktestSettings = {
  hours: HOURS,
  markets: 1,
  pollIntervalMs: 1_000,
  staleAfterMs: 10_000,
  flow: resolveFlowParams({}),
  fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 },
  markoutHorizonsS: [60],
  risk: DEFAULT_RISK_LIMITS,
  diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
  samples: 10,
  rewards: { dailyRate: RATE, maxSpread: 3, minSize: 50 },
};

function run(file: string, seed: number): RunResult {
  const raw = (JSON.parse(readFileSync(file, 'utf8')) as { strategy: { params: Record<string, unknown> } }).strategy.params;
  const { params, guards, rewards } = parseQuotingParams(avellaneda, raw, file);
  return runBacktest({ seed, strategy: { label: file, strategy: avellaneda, params, guards, rewards }, settings });
}

describe('reward farming on the simulator', () => {
  it('wins a share of the pool; 1.5x the total only where the pool is large against trading PnL', () => {
    const sum = (xs: Decimal[]) => xs.reduce((a, b) => a.plus(b), new Decimal(0));
    const seeds = [201, 202];
    const plain = seeds.map((s) => run('config/avellaneda-tuned.json', s));
    const farm = seeds.map((s) => run('config/rewards-farming.json', s));
    // The tuned strategy rests 30 shares where 50 score: it earns nothing.
    expect(plain.every((r) => r.rewards.isZero())).toBe(true);
    const pool = new Decimal(RATE).mul(HOURS).div(24).mul(seeds.length);
    const share = sum(farm.map((r) => r.rewards)).div(pool);
    expect(share.toNumber()).toBeGreaterThan(0.25);
    const base = sum(plain.map((r) => r.total));
    expect(base.toNumber()).toBeGreaterThan(0);
    // At 10,000 USDC a day: more than 1.5x.
    expect(
      sum(farm.map((r) => r.total))
        .div(base)
        .toNumber(),
    ).toBeGreaterThan(1.5);
    // At 100 a day the same quotes earn a hundredth of those rewards: well short of it.
    const at100 = sum(farm.map((r) => r.totalPnl.plus(r.rewards.div(RATE / 100))));
    expect(at100.div(base).toNumber()).toBeLessThan(1.3);
  });
});
