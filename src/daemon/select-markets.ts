/**
 * Phase select-markets: the markets this daemon (this shard) quotes, each with its strategy and
 * parameters. None left is a configuration error: a daemon that quotes nothing is a mistake.
 */
import { ErrorCode, MakerdError } from '../errors.js';
import { selectConfiguredMarkets } from '../market/configured-markets.js';
import type { SelectedMarket } from '../market/market-selection.js';
import type { Strategy } from '../strategy/strategy.js';
import { type ResolvedBinding, resolveBindings } from '../trading/market-bindings.js';
import type { VenueClient } from '../venue/client.js';
import type { DaemonContext } from './daemon-context.js';

export interface SelectMarketsInput {
  readonly client: VenueClient;
  readonly strategies: ReadonlyMap<string, Strategy>;
}

export interface MarketScope {
  readonly selected: readonly SelectedMarket[];
  readonly bindings: readonly ResolvedBinding[];
  /** Condition ids, in selection order. */
  readonly marketIds: readonly string[];
  /** The same as a set: the markets whose orders this daemon owns. */
  readonly scope: ReadonlySet<string>;
  /** Both tokens of every market, in selection order. */
  readonly tokens: readonly string[];
}

export async function selectMarketScope(
  { config, logger, stop }: DaemonContext,
  { client, strategies }: SelectMarketsInput,
): Promise<MarketScope> {
  const selected = await selectConfiguredMarkets(client, config, logger, stop);
  if (selected.length === 0)
    throw new MakerdError(ErrorCode.CONFIG, 'no market of this shard can be quoted (see the "market not quoted" lines)', {
      where: 'config',
      field: 'markets',
    });
  const bindings = resolveBindings(selected, config, strategies);
  const marketIds = selected.map((m) => m.conditionId);
  return { selected, bindings, marketIds, scope: new Set(marketIds), tokens: selected.flatMap((m) => [...m.tokens]) };
}
