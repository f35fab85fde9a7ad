/**
 * resolveBindings / toBinding / applyReload: which strategy and parameters quote each market, the
 * CONFIG errors that name the market and strategy, and what a reload keeps.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCode, MakerdError } from '../../src/errors.js';
import type { Strategy } from '../../src/strategy/strategy.js';
import {
  applyReload,
  resolveBindings,
  selectorRewardSettings,
  toBinding,
  type SelectedForBinding,
  type StrategyConfig,
} from '../../src/trading/market-bindings.js';
import type { AvellanedaParams, AvellanedaState } from '../../strategies/avellaneda.js';
import avellaneda from '../../strategies/avellaneda.js';
import bands, { type BandsParams } from '../../strategies/bands.js';

const registry: ReadonlyMap<string, Strategy> = new Map<string, Strategy>([
  ['bands', bands as Strategy],
  ['avellaneda', avellaneda as Strategy],
]);

const A = '0xaaa';
const B = '0xbbb';
const C = '0xccc';
const sel = (conditionId: string, entry: number | 'selector'): SelectedForBinding => ({
  conditionId,
  tokens: [`${conditionId}:0`, `${conditionId}:1`],
  entry,
});

const DEFAULT_BAND = { minMargin: '0.02', avgMargin: '0.04', maxMargin: '0.06', minAmount: '5', avgAmount: '10', maxAmount: '15' };
const OWN_BAND = { minMargin: '0', avgMargin: '0.01', maxMargin: '0.02', minAmount: '1', avgAmount: '2', maxAmount: '3' };

function config(markets: StrategyConfig['markets'] = []): StrategyConfig {
  return { strategy: { name: 'bands', params: { bands: [DEFAULT_BAND], sides: 'bid' } }, markets };
}

/** bands params as text: "bid [0.02 0.04 0.06 | 5 10 15]". */
function showBands(p: unknown): string {
  const b = p as BandsParams;
  return `${b.sides} ${b.bands.map((x) => `[${x.minMargin} ${x.avgMargin} ${x.maxMargin} | ${x.minAmount} ${x.avgAmount} ${x.maxAmount}]`).join(' ')}`;
}

function configError(fn: () => unknown): MakerdError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(MakerdError);
    expect((err as MakerdError).code).toBe(ErrorCode.CONFIG);
    return err as MakerdError;
  }
  throw new Error('expected a CONFIG error');
}

describe('resolveBindings', () => {
  it('a market found by the selector gets the default strategy and parameters', () => {
    const [r] = resolveBindings([sel(A, 'selector')], config(), registry);
    expect(r!.conditionId).toBe(A);
    expect(r!.tokens).toEqual([`${A}:0`, `${A}:1`]);
    expect(r!.strategy).toBe(bands);
    expect(showBands(r!.params)).toBe('bid [0.02 0.04 0.06 | 5 10 15]');
    expect(r!.state).toBeUndefined();
  });

  it('a market entry without strategy or params gets the defaults, and its configured state', () => {
    const [r] = resolveBindings([sel(A, 0)], config([{ market: A, state: 'REDUCING' }]), registry);
    expect(r!.strategy).toBe(bands);
    expect(showBands(r!.params)).toBe('bid [0.02 0.04 0.06 | 5 10 15]');
    expect(r!.state).toBe('REDUCING');
  });

  it('a market entry own params replace the defaults entirely (schema defaults fill the rest)', () => {
    const [r] = resolveBindings([sel(A, 0)], config([{ market: A, params: { bands: [OWN_BAND] } }]), registry);
    expect(r!.strategy).toBe(bands);
    // sides is not taken from the default params ('bid') but from the schema default ('both').
    expect(showBands(r!.params)).toBe('both [0 0.01 0.02 | 1 2 3]');
  });

  it('naming the default strategy explicitly, without params, still uses the default params', () => {
    const [r] = resolveBindings([sel(A, 0)], config([{ market: A, strategy: 'bands' }]), registry);
    expect(showBands(r!.params)).toBe('bid [0.02 0.04 0.06 | 5 10 15]');
  });

  it('a market entry own strategy and params', () => {
    const [r] = resolveBindings(
      [sel(A, 0)],
      config([{ market: A, strategy: 'avellaneda', params: { gamma: 0.2, size: '7.5', levels: 2 } }]),
      registry,
    );
    expect(r!.strategy).toBe(avellaneda);
    const p = r!.params as AvellanedaParams;
    expect([p.gamma, p.size.toFixed(), p.levels, p.k, p.maxInventory.toFixed()]).toEqual([0.2, '7.5', 2, 10, '100']);
  });

  it('another strategy without params gets that strategy own defaults, not the default strategy params', () => {
    const [r] = resolveBindings([sel(A, 0)], config([{ market: A, strategy: 'avellaneda' }]), registry);
    expect(r!.strategy).toBe(avellaneda);
    const p = r!.params as AvellanedaParams;
    expect([p.gamma, p.k, p.size.toFixed(), p.levels, p.minSpread.toFixed()]).toEqual([0.05, 10, '10', 1, '0']);
  });

  it('resolves each market from its own entry, in the order selected', () => {
    const cfg = config([
      { market: B, strategy: 'avellaneda' },
      { market: A, params: { bands: [OWN_BAND] } },
    ]);
    const rs = resolveBindings([sel(A, 1), sel(B, 0), sel(C, 'selector')], cfg, registry);
    expect(rs.map((r) => [r.conditionId, r.strategy.name])).toEqual([
      [A, 'bands'],
      [B, 'avellaneda'],
      [C, 'bands'],
    ]);
    expect(showBands(rs[0]!.params)).toBe('both [0 0.01 0.02 | 1 2 3]');
    expect(showBands(rs[2]!.params)).toBe('bid [0.02 0.04 0.06 | 5 10 15]');
  });

  it('an unknown strategy name is a CONFIG error naming the market and listing the known strategies', () => {
    const err = configError(() => resolveBindings([sel(A, 0)], config([{ market: A, strategy: 'nope' }]), registry));
    expect(err.message).toBe(`market ${A} (nope): unknown strategy "nope" (known: avellaneda, bands)`);
  });

  it('an unknown default strategy fails for a selector market the same way', () => {
    const cfg: StrategyConfig = { strategy: { name: 'grid', params: {} }, markets: [] };
    const err = configError(() => resolveBindings([sel(C, 'selector')], cfg, registry));
    expect(err.message).toBe(`market ${C} (grid): unknown strategy "grid" (known: avellaneda, bands)`);
  });

  it.each([
    [
      'a value out of range',
      { bands: [{ ...OWN_BAND, maxMargin: '-1' }] },
      'params.bands[0].maxMargin must be a decimal >= 0 and <= 1 (got "-1")',
    ],
    ['an unknown parameter', { spread: 1 }, 'params.spread is not a known parameter (known: bands, sides) (got 1)'],
    [
      'a cross-field rule of the strategy',
      { bands: [{ ...OWN_BAND, minAmount: '5' }] },
      'params.bands[0]: minAmount <= avgAmount <= maxAmount is required (got 5, 2, 3)',
    ],
  ])('bad params (%s) are a CONFIG error that starts with "market <id> (<strategy>): params."', (_what, params, rest) => {
    const err = configError(() => resolveBindings([sel(A, 0)], config([{ market: A, params }]), registry));
    expect(err.message.startsWith(`market ${A} (bands): params.`)).toBe(true);
    expect(err.message).toBe(`market ${A} (bands): ${rest}`);
  });

  it('bad default params name the market they were resolved for', () => {
    const cfg: StrategyConfig = { strategy: { name: 'bands', params: { sides: 'up' } }, markets: [] };
    const err = configError(() => resolveBindings([sel(C, 'selector')], cfg, registry));
    expect(err.message).toBe(`market ${C} (bands): params.sides must be one of "both", "bid", "ask" (got "up")`);
  });

  it('bad params for another strategy name that strategy', () => {
    const err = configError(() =>
      resolveBindings([sel(A, 0)], config([{ market: A, strategy: 'avellaneda', params: { levels: 0 } }]), registry),
    );
    expect(err.message).toBe(`market ${A} (avellaneda): params.levels must be an integer >= 1 and <= 20 (got 0)`);
  });
});

describe('toBinding and applyReload', () => {
  it('toBinding starts from the strategy initial state', () => {
    const [a, b] = resolveBindings([sel(A, 'selector'), sel(B, 0)], config([{ market: B, strategy: 'avellaneda' }]), registry).map(
      toBinding,
    );
    expect(a!.state).toBeNull();
    expect(b!.state).toEqual({ lastX: undefined, lastMs: undefined, weightedVar: 0, weight: 0, samples: 0 });
    expect(a!.params).toBeDefined();
  });

  it('same strategy: new parameters, state kept; another strategy: its fresh state; markets not reloaded untouched', () => {
    const start = config([
      { market: A, strategy: 'avellaneda' },
      { market: B, strategy: 'avellaneda' },
    ]);
    const live = resolveBindings([sel(A, 0), sel(B, 1), sel(C, 'selector')], start, registry).map(toBinding);
    const learned: AvellanedaState = { lastX: 0.1, lastMs: 1_000, weightedVar: 0.5, weight: 2, samples: 40 };
    live[0]!.state = learned;
    live[1]!.state = learned;
    const cParams = live[2]!.params;

    const next = config([
      { market: A, strategy: 'avellaneda', params: { gamma: 0.3 } },
      { market: B, strategy: 'bands', params: { bands: [OWN_BAND] } },
    ]);
    const reloaded = resolveBindings([sel(A, 0), sel(B, 1)], next, registry);
    expect(applyReload(live, reloaded)).toBe(2);

    expect(live[0]!.strategy).toBe(avellaneda);
    expect((live[0]!.params as AvellanedaParams).gamma).toBe(0.3);
    expect(live[0]!.state).toBe(learned);

    expect(live[1]!.strategy).toBe(bands);
    expect(showBands(live[1]!.params)).toBe('both [0 0.01 0.02 | 1 2 3]');
    expect(live[1]!.state).toBeNull();

    expect(live[2]!.params).toBe(cParams);
  });

  it('the reward-aware settings (params.rewards) reach the binding and follow a reload', () => {
    const live = resolveBindings([sel(A, 0)], config([{ market: A, params: { rewards: { enabled: true, maxSize: '80' } } }]), registry).map(
      toBinding,
    );
    expect([live[0]!.rewards?.enabled, live[0]!.rewards?.maxSize.toFixed()]).toEqual([true, '80']);
    applyReload(live, resolveBindings([sel(A, 0)], config([{ market: A }]), registry));
    expect(live[0]!.rewards?.enabled).toBe(false);
  });

  it('switching back to a strategy starts it from its initial state again', () => {
    const live = resolveBindings([sel(A, 0)], config([{ market: A, strategy: 'avellaneda' }]), registry).map(toBinding);
    live[0]!.state = { lastX: 0.1, lastMs: 1_000, weightedVar: 0.5, weight: 2, samples: 40 };
    applyReload(live, resolveBindings([sel(A, 0)], config([{ market: A }]), registry));
    expect(live[0]!.strategy).toBe(bands);
    applyReload(live, resolveBindings([sel(A, 0)], config([{ market: A, strategy: 'avellaneda' }]), registry));
    expect(live[0]!.state).toEqual({ lastX: undefined, lastMs: undefined, weightedVar: 0, weight: 0, samples: 0 });
  });
});

describe('selectorRewardSettings', () => {
  const shown = (r: ReturnType<typeof selectorRewardSettings>) =>
    [r.enabled, r.spreadFraction.toFixed(), r.sizeMultiple.toFixed(), r.maxSize.toFixed(), r.maxInventory.toFixed()].join(' ');

  it("the default strategy's params.rewards over its defaults; a market entry's own params are not the selector's", () => {
    const cfg: StrategyConfig = {
      strategy: {
        name: 'bands',
        params: { bands: [DEFAULT_BAND], rewards: { enabled: true, maxInventory: '250', spreadFraction: '0.3' } },
      },
      markets: [{ market: A, params: { rewards: { enabled: false, maxInventory: '5' } } }],
    };
    expect(shown(selectorRewardSettings(cfg, registry))).toBe('true 0.3 1 200 250');
    expect(shown(selectorRewardSettings(config(), registry))).toBe('false 0.5 1 200 100');
    const withDefaults = new Map<string, Strategy>([
      ['bands', { ...(bands as Strategy), rewardDefaults: { enabled: true, maxSize: '400' } }],
    ]);
    expect(shown(selectorRewardSettings(config(), withDefaults))).toBe('true 0.5 1 400 100');
  });

  it('a bad value is the same CONFIG error as at start-up, naming strategy.params', () => {
    const cfg: StrategyConfig = {
      strategy: { name: 'bands', params: { bands: [DEFAULT_BAND], rewards: { maxInventory: '-1' } } },
      markets: [],
    };
    expect(configError(() => selectorRewardSettings(cfg, registry)).message).toMatch(
      /strategy\.params \(bands\).*params\.rewards\.maxInventory/,
    );
  });
});
