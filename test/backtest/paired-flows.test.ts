/**
 * `--compare` claims that strategies on one seed face the identical flow. Near the price bounds
 * the venue's automatic tick rule (0.01 -> 0.001 once a midpoint passes 0.96 / 0.04) reads the
 * book, our own orders included, so in a backtest it would let the strategy move the switch — and
 * with it every price the flow quotes afterwards. The backtest turns the book rule off and the flow
 * switches from its fair value: here long, volatile flows started near both bounds must give the
 * same flow digest for every strategy on every seed, and the switch must actually happen.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_LIMITS } from '../../src/risk/risk-limits.js';
import type { SimCatalog } from '../../src/sim/catalog/index.js';
import { resolveFlowParams } from '../../src/sim/flow/index.js';
import { parseStrategyParams } from '../../src/strategy/param-schema.js';
import { builtinStrategiesDir, loadStrategies } from '../../src/strategy/strategy-registry.js';
import { runBacktest, type BacktestSettings, type FlowFactory, type StrategyRun } from '../../src/backtest/run-backtest.js';
import { defaultFlow } from '../../src/backtest/run-backtest.js';

const HOURS = 3;

const settings: BacktestSettings = {
  hours: HOURS,
  markets: 2,
  pollIntervalMs: 5_000,
  staleAfterMs: 10_000,
  // Volatile with frequent large jumps and many informed takers: the markets cross the bounds
  // (and come back) several times in three hours. A 1 s step keeps the test to a few seconds.
  flow: resolveFlowParams({
    stepMs: 1_000,
    makerDepthLevels: 2,
    sigma: 0.02,
    jumpRate: 40 / 3600,
    jumpSize: 0.6,
    informedShare: 0.5,
    A: 0.15,
    k: 80,
  }),
  fee: { rate: 0.25, exponent: 2, takerOnly: true, rebateRate: 0.2 },
  markoutHorizonsS: [0, 60],
  risk: DEFAULT_RISK_LIMITS,
  diff: { repriceTicks: 0, resizeFraction: 0.2, cancelMarketFraction: 0.5 },
  samples: 10,
};

/** Every market on tick 0.01, alternately started at 0.95 and 0.05. */
const nearBounds = (c: SimCatalog): SimCatalog => ({
  ...c,
  markets: c.markets.map((m, i) => ({ ...m, tickSize: '0.01', initialFair: i % 2 === 0 ? '0.95' : '0.05' })),
});

/** The default flow, recording when it moved a market to the fine tick. */
function recordingFlow(switches: string[]): FlowFactory {
  return (ctx) => {
    ctx.exchange.subscribe((e) => {
      if (e.type === 'tick_size_change') switches.push(`${ctx.clock.now()}:${e.tokenId}:${e.newTickSize}`);
    });
    return defaultFlow(ctx);
  };
}

async function strategies(): Promise<StrategyRun[]> {
  const registry = await loadStrategies([builtinStrategiesDir()]);
  const run = (label: string, name: string, raw: unknown): StrategyRun => {
    const strategy = registry.get(name)!;
    return { label, strategy, params: parseStrategyParams(strategy, raw, label) };
  };
  return [
    run('bands', 'bands', {}),
    run('avellaneda-tuned', 'avellaneda', {
      gamma: 0.003,
      k: 10,
      sigmaInitial: 0.01,
      size: '30',
      levels: 2,
      levelSpacing: 0.1,
      maxInventory: '150',
      minSpread: '0.04',
    }),
    // Deliberately aggressive: large quotes one tick from the mid, so that the book's midpoint is
    // mostly ours — the case where the venue's book rule would follow the strategy most.
    run('aggressive', 'bands', {
      bands: [{ minMargin: '0', avgMargin: '0.005', maxMargin: '0.01', minAmount: '50', avgAmount: '100', maxAmount: '150' }],
    }),
  ];
}

describe('paired backtests near the price bounds', () => {
  it('give every strategy the identical flow on every seed, with the fine-tick switch decided by the flow', async () => {
    const runs = await strategies();
    for (const seed of ['11', '12']) {
      const digests = new Map<string, string>();
      const switchLogs = new Map<string, string>();
      const fills = new Map<string, number>();
      for (const s of runs) {
        const switches: string[] = [];
        const r = runBacktest({ seed, strategy: s, settings, flow: recordingFlow(switches), catalog: nearBounds, digestFlow: true });
        digests.set(s.label, r.flowDigest!);
        switchLogs.set(s.label, switches.join('\n'));
        fills.set(s.label, r.fills);
      }
      // The flow's orders are the same for everyone, while the strategies traded differently...
      expect(new Set(digests.values()).size, `seed ${seed}: ${[...digests].join(', ')}`).toBe(1);
      expect(new Set(fills.values()).size).toBeGreaterThan(1);
      // ...and the switch happened (both tokens of both markets), at the same moments for everyone.
      expect(switchLogs.get('bands')!.split('\n')).toHaveLength(4);
      expect(new Set(switchLogs.values()).size).toBe(1);
    }
  }, 60_000);
});
