/**
 * Phase select-markets: the markets this daemon (this shard) quotes, each with its strategy and
 * parameters; none inside its stop window, past its end or without a readable end date
 * (src/market/market-end.ts: counted, logged once). None left is a configuration error: a daemon
 * that quotes nothing is a mistake.
 */
import type { Registry } from 'prom-client';
import type { MakerdConfig } from '../config/schema.js';
import { ErrorCode, MakerdError } from '../errors.js';
import { MidHistory } from '../market/reward-ranking.js';
import type { PickExplanation } from '../market/reward-selector.js';
import { type RerankOptions, startRewardReranking } from '../market/reward-rerank.js';
import { registerSelectorMetrics } from '../metrics/selector-metrics.js';
import { selectConfiguredMarkets, stopBeforeEndMsOf } from '../market/configured-markets.js';
import type { EndReason } from '../market/market-end.js';
import { type SelectedMarket, type SelectionEnds, type SelectOptions, selectMarketsDetailed } from '../market/market-selection.js';
import { registerEndMetrics } from '../metrics/market-end-metrics.js';
import type { Strategy } from '../strategy/strategy.js';
import { type ResolvedBinding, resolveBindings, selectorRewardSettings } from '../trading/market-bindings.js';
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
  /** With selector.by = rewards or income and selector.rerankSec > 0: starts the periodic ranking; returns its stop. */
  readonly rerank: ((hooks: RerankHooks) => () => void) | undefined;
  /** The selections' end check and counters (market-ends.ts reads them too). */
  readonly ends: SelectionEndsOf;
  /** The selector's next `count` markets of this shard, none of `exclude` (an ending market's replacement; none without selector.top). */
  readonly replace: (count: number, exclude: ReadonlySet<string>) => Promise<SelectedMarket[]>;
  /** selector.by rewards or income: the last ranking's picks and why (for /status). */
  readonly explain?: (() => readonly PickExplanation[]) | undefined;
}

/** What a re-ranking reports to (market-swaps.ts). */
export type RerankHooks = Pick<RerankOptions, 'onRanking' | 'onArmed'>;

/**
 * What every selection of the run (at start, each re-ranking, each replacement of an ending
 * market) uses to leave markets out for their end, and what counts them (market-ends.ts too).
 */
export interface SelectionEndsOf {
  readonly ends: SelectionEnds;
  readonly onEndSkip: NonNullable<SelectOptions['onEndSkip']>;
  /** A quoted market stopped for its end: counted once (makerd_markets_stopped_total). */
  readonly stopped: (reason: EndReason) => void;
  /** SIGHUP: the stops of quoting.stopBeforeEndSec and markets[i].stopBeforeEndSec as reloaded. */
  readonly reload: (next: Pick<MakerdConfig, 'markets' | 'quoting'>) => void;
}

/** The selections' end check and its counters (and a log line per market skipped, once). */
export function selectionEnds(ctx: Pick<DaemonContext, 'config' | 'clock' | 'logger'>, registry: Registry | undefined): SelectionEndsOf {
  const counters = registry === undefined ? undefined : registerEndMetrics(registry);
  const seen = new Set<string>();
  const logged = new Set<string>();
  const log = ctx.logger.child({ component: 'selection' });
  let config: Pick<MakerdConfig, 'markets' | 'quoting'> = ctx.config;
  return {
    ends: { now: () => ctx.clock.now(), stopBeforeEndMs: (entry) => stopBeforeEndMsOf(config, entry) },
    reload: (next) => {
      config = next;
    },
    onEndSkip: (m, reason, entry) => {
      const key = `${m.conditionId}|${reason}`;
      if (seen.has(key)) return;
      seen.add(key);
      counters?.skipped(reason);
      // An explicit entry skipped is logged with the others (`market not quoted`, with the reason).
      if (entry !== 'selector' || logged.has(m.conditionId)) return;
      logged.add(m.conditionId);
      log.info({ market: m.conditionId, slug: m.slug, reason }, 'market not selected for its end');
    },
    stopped: (reason) => counters?.stopped(reason),
  };
}

export async function selectMarketScope(ctx: DaemonContext, { client, strategies, registry }: SelectMarketsInput): Promise<MarketScope> {
  const { config, logger, stop, clock } = ctx;
  const ends = selectionEnds(ctx, registry);
  // selector.by income ranks the rewards ranking again: the same memory, hooks and re-ranking.
  const byRewards = (config.selector.by === 'rewards' || config.selector.by === 'income') && config.selector.top > 0;
  let explained: readonly PickExplanation[] = [];
  const rewards = byRewards
    ? {
        midHistory: new MidHistory(),
        rewardStage: selectorRewardSettings(config, strategies),
        loggedProblems: new Set<string>(),
        onPicked: (picks: readonly PickExplanation[]) => {
          explained = picks;
        },
        ...(registry === undefined ? {} : { onRewardsProblem: registerSelectorMetrics(registry) }),
      }
    : {};
  const endCheck = { ends: ends.ends, onEndSkip: ends.onEndSkip };
  const selected = await selectConfiguredMarkets(client, config, logger, stop, { ...rewards, ...endCheck, nowMs: clock.now() });
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
            rewards: { ...rewards, ...endCheck },
            ...hooks,
          })
      : undefined;
  const bindings = resolveBindings(selected, config, strategies);
  const marketIds = selected.map((m) => m.conditionId);
  const tokens = selected.flatMap((m) => [...m.tokens]);
  const replace = async (count: number, exclude: ReadonlySet<string>): Promise<SelectedMarket[]> => {
    if (config.selector.top === 0) return [];
    const spec = { markets: [], selector: config.selector, shard: config.shard };
    const options = {
      signal: stop,
      logger: logger.child({ component: 'selection' }),
      ...rewards,
      ...endCheck,
      replace: { count, exclude },
    };
    return (await selectMarketsDetailed(client, spec, { ...options, nowMs: clock.now() })).selected;
  };
  const explain = byRewards ? (): readonly PickExplanation[] => explained : undefined;
  return { selected, bindings, marketIds, scope: new Set(marketIds), tokens, rerank, ends, replace, explain };
}
