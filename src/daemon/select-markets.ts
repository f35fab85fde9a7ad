/**
 * Phase select-markets: the markets this daemon (this shard) quotes, each with its strategy and
 * parameters. None left is a configuration error: a daemon that quotes nothing is a mistake.
 */
import type { Registry } from 'prom-client';
import { ErrorCode, MakerdError } from '../errors.js';
import { MidHistory } from '../market/reward-ranking.js';
import { type RerankOptions, startRewardReranking } from '../market/reward-rerank.js';
import { registerSelectorMetrics } from '../metrics/selector-metrics.js';
import { selectConfiguredMarkets } from '../market/configured-markets.js';
import type { SelectedMarket } from '../market/market-selection.js';
import type { Strategy } from '../strategy/strategy.js';
import { type ResolvedBinding, resolveBindings } from '../trading/market-bindings.js';
import type { VenueClient } from '../venue/client.js';
import type { DaemonContext } from './daemon-context.js';

export interface SelectMarketsInput {
  readonly client: VenueClient;
  readonly strategies: ReadonlyMap<string, Strategy>;
  /** For the selector's metric (selector.by = rewards); optional. */
  readonly registry?: Registry | undefined;
}

export interface MarketScope {
  readonly selected: readonly SelectedMarket[];
  readonly bindings: readonly ResolvedBinding[];
  /** Condition ids, in selection order. */
  readonly marketIds: readonly string[];
  /** The same as a set: the markets whose orders this daemon owns (the selector's swaps change it in place). */
  readonly scope: Set<string>;
  /** Both tokens of every market, in selection order. */
  readonly tokens: readonly string[];
  /** With selector.by = rewards and selector.rerankSec > 0: starts the periodic ranking; returns its stop. */
  readonly rerank: ((hooks: RerankHooks) => () => void) | undefined;
}

/** What a re-ranking reports to (market-swaps.ts). */
export type RerankHooks = Pick<RerankOptions, 'onRanking' | 'onArmed'>;

export async function selectMarketScope(
  { config, logger, stop, clock }: DaemonContext,
  { client, strategies, registry }: SelectMarketsInput,
): Promise<MarketScope> {
  const byRewards = config.selector.by === 'rewards' && config.selector.top > 0;
  const rewards = byRewards
    ? {
        midHistory: new MidHistory(),
        loggedProblems: new Set<string>(),
        ...(registry === undefined ? {} : { onRewardsProblem: registerSelectorMetrics(registry) }),
      }
    : {};
  const selected = await selectConfiguredMarkets(client, config, logger, stop, { ...rewards, nowMs: clock.now() });
  if (selected.length === 0)
    throw new MakerdError(ErrorCode.CONFIG, 'no market of this shard can be quoted (see the "market not quoted" lines)', {
      where: 'config',
      field: 'markets',
    });
  // Re-ranking starts once quoting has (market-swaps.ts): a ranking may then change the set.
  const rerank =
    byRewards && config.selector.rerankSec > 0
      ? (hooks: RerankHooks): (() => void) =>
          startRewardReranking(client, {
            clock,
            logger: logger.child({ component: 'selection' }),
            stop,
            periodSec: config.selector.rerankSec,
            spec: { markets: [], selector: config.selector, shard: config.shard },
            quoted: [],
            rewards,
            ...hooks,
          })
      : undefined;
  const bindings = resolveBindings(selected, config, strategies);
  const marketIds = selected.map((m) => m.conditionId);
  return { selected, bindings, marketIds, scope: new Set(marketIds), tokens: selected.flatMap((m) => [...m.tokens]), rerank };
}
