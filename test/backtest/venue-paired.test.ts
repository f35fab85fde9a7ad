/**
 * Paired comparisons stay exactly paired in the venue world: strategies on one seed face the
 * identical flow (the same flow digest), although they trade differently; and the venue world's
 * kinds and flow overrides reach the run.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/risk-limits.js';
import { resolveFlowParams } from '../../src/sim/flow/index.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import { builtinStrategiesDir, loadStrategies } from '../../src/strategy/strategy-registry.js';
import { runBacktest, type BacktestSettings, type StrategyRun } from '../../src/backtest/run-backtest.js';

const settings = (kind: 'busy' | 'quiet', overrides = {}): BacktestSettings => ({
  hours: 3,
  markets: 2,
  pollIntervalMs: 5_000,
  staleAfterMs: 10_000,
  flow: resolveFlowParams({ stepMs: 1_000 }),
  venue: { kind, feeOverride: false, overrides },
  fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 },
  markoutHorizonsS: [0, 60],
  risk: DEFAULT_RISK_LIMITS,
  diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
  samples: 10,
});

async function strategies(): Promise<StrategyRun[]> {
  const registry = await loadStrategies([builtinStrategiesDir()]);
  const run = (label: string, name: string, raw: unknown): StrategyRun => {
    const strategy = registry.get(name)!;
    return { label, strategy, params: parseStrategyParams(strategy, raw, label) };
  };
  return [
    run('bands', 'bands', {}),
    run('avellaneda', 'avellaneda', {}),
    run('tight', 'bands', {
      bands: [{ minMargin: '0', avgMargin: '0.005', maxMargin: '0.01', minAmount: '50', avgAmount: '100', maxAmount: '150' }],
    }),
  ];
}

describe('paired backtests in the venue world', () => {
  it('give every strategy the identical flow on every seed', async () => {
    const runs = await strategies();
    for (const seed of ['21', '22']) {
      const digests = new Set<string>();
      const fills = new Set<number>();
      for (const s of runs) {
        const r = runBacktest({ seed, strategy: s, settings: settings('busy'), digestFlow: true });
        digests.add(r.flowDigest!);
        fills.add(r.fills);
      }
      expect(digests.size, `seed ${seed}`).toBe(1);
      expect(fills.size).toBeGreaterThan(1);
    }
  }, 60_000);

  it('takes the kind of market and the flow overrides', async () => {
    const [bands] = await strategies();
    const run = (s: BacktestSettings) => runBacktest({ seed: '23', strategy: bands!, settings: s, digestFlow: true });
    const busy = run(settings('busy'));
    const quiet = run(settings('quiet'));
    // Busy markets' takers move fair value (informed) and the makers replenish: more flow orders.
    expect(busy.flowOrders).toBeGreaterThan(quiet.flowOrders);
    expect(busy.fills).toBeGreaterThan(quiet.fills);
    const louder = run(settings('quiet', { A: 0.05 }));
    expect(louder.flowDigest).not.toBe(quiet.flowDigest);
    expect(louder.flowOrders).toBeGreaterThan(quiet.flowOrders);
  }, 60_000);
});
