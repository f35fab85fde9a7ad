/**
 * Which strategy, with which parameters, quotes each selected market: a market's own config entry
 * (`markets[i].strategy`, `markets[i].params`, `markets[i].stopBeforeEndSec`) or the default
 * (`strategy.name`, `strategy.params`, `quoting.stopBeforeEndSec`). Parameters are checked against the strategy's schema here, at start-up and
 * on every SIGHUP, with errors that name the market, the parameter, the value and the rule; a
 * reload that fails leaves every old value in place.
 */
import type { MarketEntry } from '../config/schema.js';
import { type GuardSettings, MarketGuard, parseQuotingParams } from '../guard/index.js';
import type { RewardQuotingSettings } from '../rewards/reward-quoting-settings.js';
import { resolveStrategy } from '../strategy/strategy-registry.js';
import type { Strategy } from '../strategy/strategy.js';
import type { MarketBinding } from './trading-loop.js';

export interface SelectedForBinding {
  readonly conditionId: string;
  readonly tokens: readonly [string, string];
  /** Index of the config entry that selected it, or 'selector'. */
  readonly entry: number | 'selector';
}

export interface StrategyConfig {
  readonly strategy: { readonly name: string; readonly params: Record<string, unknown> };
  readonly markets: readonly MarketEntry[];
  /** quoting.stopBeforeEndSec, the default of markets[i].stopBeforeEndSec; undefined: quotes stop at the end. */
  readonly quoting?: { readonly stopBeforeEndSec: number } | undefined;
}

export interface ResolvedBinding {
  readonly conditionId: string;
  readonly tokens: readonly [string, string];
  readonly strategy: Strategy;
  readonly params: unknown;
  /** The adverse-selection guards' settings (`params.guards` over the strategy's defaults). */
  readonly guards: GuardSettings;
  /** The reward-aware quoting stage's settings (`params.rewards`). */
  readonly rewards: RewardQuotingSettings;
  /** The operator's configured state for this market, if any. */
  readonly state: MarketEntry['state'];
  /** Seconds before the market's end when its quotes are pulled (its entry's, else quoting.stopBeforeEndSec). */
  readonly stopBeforeEndSec: number | undefined;
}

/** Resolves every market's strategy and parameters; throws the first CONFIG error. */
export function resolveBindings(
  selected: readonly SelectedForBinding[],
  config: StrategyConfig,
  registry: ReadonlyMap<string, Strategy>,
): ResolvedBinding[] {
  return selected.map((s) => {
    const entry = s.entry === 'selector' ? undefined : config.markets[s.entry];
    const name = entry?.strategy ?? config.strategy.name;
    const where = `market ${s.conditionId} (${name})`;
    const strategy = resolveStrategy(registry, name, where);
    // A market's own params replace the defaults; the defaults apply only to the default strategy.
    const raw = entry?.params ?? (name === config.strategy.name ? config.strategy.params : {});
    const { params, guards, rewards } = parseQuotingParams(strategy, raw, where);
    const stopBeforeEndSec = entry?.stopBeforeEndSec ?? config.quoting?.stopBeforeEndSec;
    return { conditionId: s.conditionId, tokens: s.tokens, strategy, params, guards, rewards, state: entry?.state, stopBeforeEndSec };
  });
}

/**
 * The reward-aware quoting stage's settings a market the selector picks is quoted with: the
 * default strategy's (`strategy.params.rewards` over its defaults), as resolveBindings binds a
 * selector market. The reward ranking assumes these quotes (src/market/reward-stage-quote.ts).
 */
export function selectorRewardSettings(config: StrategyConfig, registry: ReadonlyMap<string, Strategy>): RewardQuotingSettings {
  const name = config.strategy.name;
  return parseQuotingParams(resolveStrategy(registry, name, 'strategy.name'), config.strategy.params, `strategy.params (${name})`).rewards;
}

export function toBinding(r: ResolvedBinding): MarketBinding {
  return {
    conditionId: r.conditionId,
    tokens: r.tokens,
    strategy: r.strategy,
    params: r.params,
    state: r.strategy.initialState(r.params),
    guard: new MarketGuard(r.conditionId, r.guards),
    rewards: r.rewards,
    stopBeforeEndMs: stopMsOf(r),
  };
}

const stopMsOf = (r: ResolvedBinding): number | undefined => (r.stopBeforeEndSec === undefined ? undefined : r.stopBeforeEndSec * 1000);

/**
 * Applies reloaded parameters to live bindings: same strategy -> new parameters, state kept (the
 * volatility estimate survives a retune); another strategy -> its fresh initial state. Guards
 * take their new settings and keep what they learned (holds, volatility, mark-outs).
 */
export function applyReload(live: readonly MarketBinding[], reloaded: readonly ResolvedBinding[]): number {
  const byMarket = new Map(reloaded.map((r) => [r.conditionId, r]));
  let changed = 0;
  for (const b of live) {
    const r = byMarket.get(b.conditionId);
    if (r === undefined) continue;
    if (r.strategy.name !== b.strategy.name) {
      b.strategy = r.strategy;
      b.state = r.strategy.initialState(r.params);
    }
    b.params = r.params;
    b.rewards = r.rewards;
    b.stopBeforeEndMs = stopMsOf(r);
    if (b.guard === undefined) b.guard = new MarketGuard(r.conditionId, r.guards);
    else b.guard.reconfigure(r.guards);
    changed++;
  }
  return changed;
}
