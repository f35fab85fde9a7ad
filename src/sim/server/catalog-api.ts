/**
 * Adapts the synthetic catalog's builders (src/sim/catalog/) to the server's `SimCatalogApi`.
 * Market token prices are the live midpoints (falling back to the catalog's fair value) and tick
 * sizes the exchange's current ones (minimum_tick_size, mts);
 * leaderboard figures add what the exchange has seen since start to the seeded base figures.
 * Live leaderboard figures are not split by category or period: everything since start counts
 * in every period, and in a category in full (the simulator runs for hours, not weeks).
 */
import { Decimal, ZERO } from '../../money.js';
import type { ParsedQuery } from '../../venue/param-rules.js';
import {
  buildLeaderboard,
  commentReplies,
  commentsByUser,
  getClobMarketSettings,
  getEventBySlug,
  getFeeRate,
  getMarket,
  listEventCreators,
  listMarkets,
  listSamplingSimplifiedMarkets,
  listSimplifiedMarkets,
  listTags,
  search,
  type CreatorsQuery,
  type LeaderboardQuery,
  type LimitOffset,
  type LiveStats,
  type PositionsOf,
  type PriceOf,
  type SearchQuery,
  type TickOf,
  type SimCatalog,
  type TagsQuery,
} from '../catalog/index.js';
import type { SimAccount, SimExchange } from '../contracts.js';
import type { SimCatalogApi } from './world.js';

/**
 * Dollars traded and PnL (cash + realized) of a wallet since the simulator started. The volume is
 * the exchange's running total (not a walk over every fill: the leaderboard asks for every user).
 */
export function liveStatsOf(exchange: SimExchange, address: string): LiveStats | undefined {
  const activity = exchange.activity(address);
  if (activity === undefined) return undefined;
  const vol = activity.volume;
  let pnl = ZERO;
  for (const p of exchange.positions(address)) pnl = pnl.plus(new Decimal(String(p.cashPnl))).plus(new Decimal(String(p.realizedPnl)));
  return { vol, pnl };
}

export function createCatalogApi(catalog: SimCatalog, exchange: SimExchange, operators: readonly SimAccount[]): SimCatalogApi {
  const priceOf: PriceOf = (tokenId) => exchange.midpoint(tokenId);
  const tickOf: TickOf = (tokenId) => exchange.tickSize(tokenId);
  // Live positions once a wallet has traded here; before that the catalog's seeded holdings.
  const positionsOf: PositionsOf = (address) => {
    const live = exchange.positions(address);
    return live.length === 0 ? undefined : live.map((p) => ({ tokenId: p.asset, positionSize: String(p.size) }));
  };
  const extra = operators.map((a) => ({ address: a.address, name: a.name }));
  return {
    listMarkets: (cursor) => listMarkets(catalog, cursor, priceOf, tickOf),
    listSimplifiedMarkets: (cursor) => listSimplifiedMarkets(catalog, cursor, priceOf),
    listSamplingSimplifiedMarkets: (cursor) => listSamplingSimplifiedMarkets(catalog, cursor, priceOf),
    market: (id) => getMarket(catalog, id, priceOf, tickOf),
    clobMarket: (id) => getClobMarketSettings(catalog, id, tickOf),
    feeRate: (tokenId) => getFeeRate(catalog, tokenId),
    search: (q) => search(catalog, q as unknown as SearchQuery),
    tags: (q) => listTags(catalog, q as unknown as TagsQuery),
    eventBySlug: (slug, q) => getEventBySlug(catalog, slug, typeof q.creator === 'string' ? q.creator : undefined),
    eventCreators: (q) => listEventCreators(catalog, q as unknown as CreatorsQuery),
    userComments: (address, q: ParsedQuery) => commentsByUser(catalog, address, q as LimitOffset, positionsOf),
    commentReplies: (id, q: ParsedQuery) => commentReplies(catalog, id, q as LimitOffset, positionsOf),
    leaderboard: (q) => buildLeaderboard(catalog, q as unknown as LeaderboardQuery, (address) => liveStatsOf(exchange, address), extra),
  };
}
