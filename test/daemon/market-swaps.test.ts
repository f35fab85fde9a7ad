/**
 * The selector's swaps wired to a re-ranking (src/daemon/market-swaps.ts), on fakes and a fake
 * clock: a ranking that prefers another market swaps it in (one log line with both markets'
 * expected reward per day, the counter, /status's selector part); explicit `markets` entries are
 * never swapped, and a pick that is one of them does not count as joining.
 */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { checkConfig } from '../../src/daemon/check-config.js';
import { startMarketSwaps } from '../../src/daemon/market-swaps.js';
import type { RerankHooks } from '../../src/daemon/select-markets.js';
import type { SelectionResult } from '../../src/market/market-selection.js';
import type { PickExplanation } from '../../src/market/reward-selector.js';
import type { SelectorStatus } from '../../src/metrics/status.js';
import { Decimal } from '../../src/money.js';
import { fakeQuotedParts, market } from './fake-quoted-parts.js';
import { phaseContext } from './phase-context.js';

function ranking(values: Record<number, string>, picks: number[]): SelectionResult {
  return {
    selected: picks.map(market),
    skipped: [],
    total: picks.length,
    ranking: {
      ranked: Object.entries(values).map(([n, v]) => ({
        market: {} as never,
        rank: { conditionId: `0xm${n}`, value: new Decimal(v), expectedRewardPerDay: new Decimal(v).mul(50) } as never,
        why: {},
      })),
      problems: [],
      unpriced: 0,
    },
  };
}

describe('startMarketSwaps', () => {
  it('swaps a better pick in, logs and counts it, shows it in /status, and leaves explicit entries alone', async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 1));
    const env = {
      MAKERD_SELECTOR_TOP: '2',
      MAKERD_SELECTOR_BY: 'rewards',
      MAKERD_SELECTOR_RERANK_SEC: '600',
      MAKERD_SELECTOR_MIN_HOLD_SEC: '0',
    };
    const { ctx, lines } = phaseContext(undefined, env, clock);
    const strategies = await checkConfig(ctx.config, clock.now());
    const fake = fakeQuotedParts();
    let hooks: RerankHooks | undefined;
    const registry = new Registry();
    const view: { markets: { conditionId: string; tokens: readonly string[] }[]; selector?: () => SelectorStatus } = { markets: [] };
    const swaps = startMarketSwaps(ctx, {
      ...fake.parts,
      shares: { positions: new Map() },
      rerank: (h) => {
        hooks = h;
        h.onArmed?.(clock.now() + 600_000);
        return () => undefined;
      },
      selected: [{ ...market(1), entry: 0 }, market(2)],
      registry,
      view,
      strategies,
    })!;
    expect(view.selector?.()).toMatchObject({ nextRerankAt: '2026-01-01T00:10:00.000Z', lastRerankAt: null, swaps: { in: 0, out: 0 } });
    clock.advance(600_000);
    // The explicit entry 1 is also the best pick; 3 beats 2 by far more than 20 %.
    await hooks!.onRanking!(ranking({ 1: '1', 2: '0.1', 3: '0.5' }, [1, 3]));
    const swapLines = lines.filter((l) => l.msg === 'selector swap');
    expect(swapLines).toEqual([
      expect.objectContaining({
        in: { market: '0xm3', expectedRewardPerDay: '25', value: '0.5' },
        out: { market: '0xm2', expectedRewardPerDay: '5', value: '0.1' },
        reason: 'value 0.5 beats 0.1 by more than selector.swapMargin 0.2',
      }),
    ]);
    expect(swaps.set.stateOf('0xm1')).toBe('quoted');
    expect(swaps.set.stateOf('0xm2')).toBe('cancelling');
    expect(swaps.set.stateOf('0xm3')).toBe('quoted');
    expect(view.markets.map((m) => m.conditionId)).toEqual(['0xm1', '0xm2', '0xm3']);
    expect(view.selector?.()).toEqual({
      quoted: [
        { market: '0xm1', since: '2026-01-01T00:00:00.000Z' },
        { market: '0xm3', since: '2026-01-01T00:10:00.000Z' },
      ],
      leaving: [{ market: '0xm2', state: 'cancelling', since: '2026-01-01T00:10:00.000Z' }],
      lastRerankAt: '2026-01-01T00:10:00.000Z',
      nextRerankAt: '2026-01-01T00:10:00.000Z',
      swaps: { in: 1, out: 1 },
    });
    const metrics = await registry.metrics();
    expect(metrics).toContain('makerd_selector_swaps_total{direction="in"} 1');
    expect(metrics).toContain('makerd_selector_swaps_total{direction="out"} 1');
    // The same ranking again: nothing to do (the explicit entry is not a pick to join).
    lines.length = 0;
    await hooks!.onRanking!(ranking({ 1: '1', 2: '0.1', 3: '0.5' }, [1, 3]));
    expect(lines.filter((l) => l.msg === 'selector swap')).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain('selector re-ranked: same markets');
    swaps.close();
  });

  it("shows the last ranking's picks and why in /status, without re-ranking too (selector.by income, rerankSec 0)", async () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 1));
    const env = { MAKERD_SELECTOR_TOP: '1', MAKERD_SELECTOR_BY: 'income', MAKERD_SELECTOR_RERANK_SEC: '0' };
    const { ctx } = phaseContext(undefined, env, clock);
    const strategies = await checkConfig(ctx.config, clock.now());
    const fake = fakeQuotedParts();
    const view: { markets: { conditionId: string; tokens: readonly string[] }[]; selector?: () => SelectorStatus } = { markets: [] };
    let picks: PickExplanation[] = [{ market: '0xm1', place: 1, why: { incomePerDay: '3.78', incomeReward: '5', value: '0.039375' } }];
    const swaps = startMarketSwaps(ctx, {
      ...fake.parts,
      shares: { positions: new Map() },
      rerank: undefined,
      ends: { meta: () => undefined, replace: async () => [], stopped: () => undefined },
      explain: () => picks,
      selected: [market(1)],
      registry: new Registry(),
      view,
      strategies,
    })!;
    expect(view.selector?.()).toMatchObject({
      lastRerankAt: null,
      ranking: [{ market: '0xm1', place: 1, why: { incomePerDay: '3.78', incomeReward: '5', value: '0.039375' } }],
    });
    picks = [{ market: '0xm2', place: 1, why: { incomePerDay: '1' } }];
    expect(view.selector?.().ranking).toEqual([{ market: '0xm2', place: 1, why: { incomePerDay: '1' } }]);
    swaps.close();
  });
});
