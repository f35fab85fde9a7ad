/**
 * The markets a daemon quotes, from its configuration: the `markets` entries (or the older
 * `poller.tokens`' markets), the selector's top N, this shard's share of them, capped by
 * `poller.maxTokens`. Sim mode with nothing configured quotes the simulator's first markets, so
 * that `npm start` trades at once; live mode with nothing configured is a configuration error.
 */
import type { Logger } from 'pino';
import type { MakerdConfig } from '../config/schema.js';
import { ErrorCode, MakerdError } from '../errors.js';
import { discoverTokens, type MarketCatalog } from './discover-tokens.js';
import { marketOf } from './token-id.js';
import {
  type SelectedMarket,
  type SelectionClient,
  type SelectionEntry,
  type SelectOptions,
  selectMarketsDetailed,
} from './market-selection.js';

/** How many markets sim mode quotes when nothing is configured (`npm start` trades at once). */
const SIM_DEFAULT_MARKETS = 10;

/**
 * The stop of a market selected under `entry` (ms before its end): its `markets[i].stopBeforeEndSec`,
 * else `quoting.stopBeforeEndSec` (the selector's markets and the legacy poller.tokens' have the default).
 */
export function stopBeforeEndMsOf(config: Pick<MakerdConfig, 'markets' | 'quoting'>, entry: SelectionEntry): number {
  const own = entry === 'selector' ? undefined : config.markets[entry]?.stopBeforeEndSec;
  return (own ?? config.quoting.stopBeforeEndSec) * 1000;
}

/** Which markets to quote: the configured ones (or the legacy poller.tokens' markets), the selector's. */
export async function selectConfiguredMarkets(
  client: SelectionClient & MarketCatalog,
  config: MakerdConfig,
  logger: Logger,
  stop: AbortSignal,
  /** selector.by = rewards: the ranking's memory and hooks (reward-rerank.ts); `ends`: markets skipped for their end. */
  rewards: Pick<
    SelectOptions,
    'midHistory' | 'nowMs' | 'loggedProblems' | 'onRewardsProblem' | 'onPicked' | 'rewardStage' | 'ends' | 'onEndSkip'
  > = {},
): Promise<SelectedMarket[]> {
  let markets: readonly { market: string }[] =
    config.markets.length > 0 ? config.markets : [...new Set(config.poller.tokens.map(marketOf))].map((market) => ({ market }));
  if (markets.length === 0 && config.selector.top === 0) {
    if (config.venue.mode !== 'sim') {
      throw new MakerdError(ErrorCode.CONFIG, 'no markets to quote: set markets (condition ids or slugs) or selector.top', {
        where: 'config',
        field: 'markets',
      });
    }
    // Sim mode with nothing configured: the simulator's first markets that accept orders.
    const tokens = await discoverTokens(client, { poller: { tokens: [], maxTokens: 2 * SIM_DEFAULT_MARKETS } }, stop);
    markets = [...new Set(tokens.map(marketOf))].map((market) => ({ market }));
  }
  const result = await selectMarketsDetailed(
    client,
    { markets, selector: config.selector, shard: config.shard },
    { signal: stop, logger: logger.child({ component: 'selection' }), ...rewards },
  );
  for (const s of result.skipped) logger.warn({ market: s.conditionId, slug: s.slug, reason: s.reason }, 'market not quoted');
  const maxMarkets = Math.floor(config.poller.maxTokens / 2);
  if (result.selected.length > maxMarkets)
    logger.warn(
      { selected: result.selected.length, maxTokens: config.poller.maxTokens },
      'more markets selected than poller.maxTokens allows; quoting the first',
    );
  return result.selected.slice(0, maxMarkets);
}
