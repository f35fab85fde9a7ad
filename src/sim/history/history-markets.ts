/**
 * The markets the simulator's history knows: each binary market of the catalog lookup with its two
 * tokens (outcome 0 first) and its ordinal (its place in the catalog, which makes the past trades'
 * transaction hashes independent of the order their markets are added in).
 */
import type { SimCatalogLookup, SimToken } from '../contracts.js';

export interface HistoryMarket {
  readonly index: number;
  readonly conditionId: string;
  /** Outcome 0's token, then outcome 1's. */
  readonly tokens: readonly [SimToken, SimToken];
}

export interface HistoryMarkets {
  readonly list: readonly HistoryMarket[];
  byConditionId(conditionId: string): HistoryMarket | undefined;
  /** The market of a token id and the token's outcome index. */
  byToken(tokenId: string): { readonly market: HistoryMarket; readonly outcome: 0 | 1 } | undefined;
}

export function historyMarkets(lookup: SimCatalogLookup): HistoryMarkets {
  const pairs = new Map<string, (SimToken | undefined)[]>();
  for (const t of lookup.tokens()) {
    if (t.outcomeIndex !== 0 && t.outcomeIndex !== 1) continue;
    let pair = pairs.get(t.conditionId);
    if (pair === undefined) pairs.set(t.conditionId, (pair = [undefined, undefined]));
    pair[t.outcomeIndex] = t;
  }
  const list: HistoryMarket[] = [];
  for (const [conditionId, [t0, t1]] of pairs) {
    if (t0 !== undefined && t1 !== undefined) list.push({ index: list.length, conditionId, tokens: [t0, t1] });
  }
  const byId = new Map(list.map((m) => [m.conditionId, m]));
  const byToken = new Map<string, { market: HistoryMarket; outcome: 0 | 1 }>();
  for (const m of list) {
    byToken.set(m.tokens[0].tokenId, { market: m, outcome: 0 });
    byToken.set(m.tokens[1].tokenId, { market: m, outcome: 1 });
  }
  return { list, byConditionId: (id) => byId.get(id), byToken: (id) => byToken.get(id) };
}
