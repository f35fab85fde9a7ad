/**
 * The tokens the daemon watches: the configured ones, else those of the first markets that
 * accept orders. Stops reading the catalog as soon as it has enough (the venue's catalog runs to
 * thousands of pages, and a full walk would cost minutes of the GET /markets budget at start-up).
 */
import type { Market, Paged } from '../venue/types.js';

export interface MarketCatalog {
  iterateMarkets(params: object, options?: { signal?: AbortSignal }): AsyncIterable<Paged<Market>>;
}

export async function discoverTokens(
  client: MarketCatalog,
  config: { readonly poller: { readonly tokens: readonly string[]; readonly maxTokens: number } },
  signal?: AbortSignal,
): Promise<string[]> {
  if (config.poller.tokens.length > 0) return [...config.poller.tokens];
  const tokens: string[] = [];
  for await (const page of client.iterateMarkets({}, { signal })) {
    for (const market of page.data) {
      if (!market.active || market.closed || !market.accepting_orders || !market.enable_order_book) continue;
      for (const t of market.tokens) tokens.push(t.token_id);
      if (tokens.length >= config.poller.maxTokens) return tokens.slice(0, config.poller.maxTokens);
    }
  }
  return tokens;
}
