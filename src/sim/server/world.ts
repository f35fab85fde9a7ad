/**
 * What the server serves, as one seam: the catalog's venue-shaped builders, the token lookup and
 * the exchange. `src/sim/simulator.ts` adapts the catalog and the exchange to it, so the routes do
 * not depend on how the catalog is built and tests may hand in a world of their own.
 */
import type { ParsedQuery } from '../../venue/param-rules.js';
import type {
  ClobMarketSettings,
  Comment,
  EventCreator,
  FeeRate,
  LeaderboardEntry,
  Market,
  Paged,
  Rewards,
  SearchResult,
  SimplifiedMarket,
  Tag,
  VenueEvent,
} from '../../venue/types.js';
import type { SimAccount, SimCatalogLookup, SimExchange } from '../contracts.js';
import type { SimEnds } from '../ends/index.js';
import type { SimHistoryReads } from '../history/index.js';
import type { SimRewards } from '../rewards/sim-rewards.js';

/** Catalog-side answers. Queries are already checked by the shared parameter rules, with defaults. */
export interface SimCatalogApi {
  /** One page of a listing (cursor as received; a bad cursor throws a bad parameter). */
  listMarkets(cursor: string | undefined): Paged<Market>;
  listSimplifiedMarkets(cursor: string | undefined): Paged<SimplifiedMarket>;
  listSamplingSimplifiedMarkets(cursor: string | undefined): Paged<SimplifiedMarket>;
  market(conditionId: string): Market | undefined;
  clobMarket(conditionId: string): ClobMarketSettings | undefined;
  /** Default fee rate when tokenId is undefined; undefined for an unknown token. */
  feeRate(tokenId: string | undefined): FeeRate | undefined;
  search(query: ParsedQuery): SearchResult;
  tags(query: ParsedQuery): Tag[];
  eventBySlug(slug: string, query: ParsedQuery): VenueEvent | undefined;
  eventCreators(query: ParsedQuery): EventCreator[];
  userComments(address: string, query: ParsedQuery): Comment[];
  /** undefined when the comment does not exist. */
  commentReplies(commentId: string, query: ParsedQuery): Comment[] | undefined;
  leaderboard(query: ParsedQuery): LeaderboardEntry[];
}

export interface SimServerWorld {
  readonly catalog: SimCatalogApi;
  readonly lookup: SimCatalogLookup;
  readonly exchange: SimExchange;
  /** Every account whose credentials are accepted (operator first). */
  readonly accounts: readonly SimAccount[];
  /** The tape's past trades (after the live ones in GET /trades) and the price history. */
  readonly history: SimHistoryReads;
  /** Current fair value of a token from the flow, for `GET /_sim/fair`; optional. */
  fair?(tokenId: string): string | undefined;
  /** The liquidity rewards the simulator pays, for `GET /_sim/rewards` and `/_sim/balance`; optional. */
  readonly rewards?: SimRewards;
  /** Markets that end within the run (`GET /_sim/ends`, `POST /_sim/redeem`, `/_sim/balance`); optional. */
  readonly ends?: SimEnds;
  /** New rewards terms for a market (`POST /_sim/rewards/rules`); undefined for an unknown market. */
  setRewards?(conditionId: string, rewards: Rewards): 'paying' | 'none' | 'malformed' | undefined;
}
