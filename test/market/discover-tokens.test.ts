import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { discoverTokens } from '../../src/market/discover-tokens.js';
import type { VenueClient } from '../../src/venue/client.js';
import type { Market, Paged } from '../../src/venue/types.js';

function market(i: number, accepting = true): Market {
  return {
    condition_id: `0xc${i}`,
    active: true,
    closed: false,
    accepting_orders: accepting,
    enable_order_book: true,
    tokens: [{ token_id: `0xc${i}:0` }, { token_id: `0xc${i}:1` }],
  } as unknown as Market;
}

/** A client whose catalog is `pages` pages of 10 markets; counts the pages read. */
function catalog(pages: number): { client: VenueClient; read: () => number } {
  let read = 0;
  const client = {
    async *iterateMarkets(): AsyncGenerator<Paged<Market>> {
      for (let p = 0; p < pages; p++) {
        read++;
        const data = Array.from({ length: 10 }, (_, k) => market(p * 10 + k, k % 2 === 0));
        yield { data, next_cursor: p === pages - 1 ? 'LTE=' : 'x', limit: 10, count: 10 };
      }
    },
  } as unknown as VenueClient;
  return { client, read: () => read };
}

describe('discoverTokens', () => {
  it('reads only as many catalog pages as it needs', async () => {
    const { client, read } = catalog(50);
    const { config } = loadConfig({ env: { MAKERD_POLLER_MAX_TOKENS: '12' } });
    const tokens = await discoverTokens(client, config);
    expect(tokens).toHaveLength(12);
    // Markets 0, 2, 4, ... accept orders: the first 6 of them give 12 tokens.
    expect(tokens.slice(0, 3)).toEqual(['0xc0:0', '0xc0:1', '0xc2:0']);
    expect(tokens.at(-1)).toBe('0xc10:1');
    expect(read()).toBe(2); // not 50
  });

  it('takes the configured tokens without reading the catalog', async () => {
    const { client, read } = catalog(5);
    const { config } = loadConfig({ env: { MAKERD_POLLER_TOKENS: 'a:0, b:1' } });
    expect(await discoverTokens(client, config)).toEqual(['a:0', 'b:1']);
    expect(read()).toBe(0);
  });

  it('returns what there is when the catalog runs out first', async () => {
    const { client, read } = catalog(2);
    const { config } = loadConfig({ env: { MAKERD_POLLER_MAX_TOKENS: '100' } });
    expect(await discoverTokens(client, config)).toHaveLength(20);
    expect(read()).toBe(2);
  });
});
