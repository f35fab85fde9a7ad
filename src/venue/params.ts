/**
 * Typed parameters of every client call, with the seed's names (venue-api.md section 4,
 * design.md section 3). Ranges, enums and cross-field rules are checked at run time by
 * param-rules.ts before anything is sent.
 */
import type { OrderRequest, Side } from './types.js';

export interface LimitOffset {
  limit?: number;
  offset?: number;
}

/** 4.1 GET /trades */
export interface GetTradesParams extends LimitOffset {
  takerOnly?: boolean;
  /** Requires `filterAmount`. */
  filterType?: 'CASH' | 'TOKENS';
  filterAmount?: number;
  /** Condition ids, sent comma-separated. */
  market?: readonly string[];
  user?: string;
  side?: Side;
}

/** 4.2 GET /positions */
export interface GetPositionsParams extends LimitOffset {
  user: string;
  market?: readonly string[];
  sizeThreshold?: number;
  redeemable?: boolean;
  mergeable?: boolean;
  sortBy?: 'CURRENT' | 'INITIAL' | 'TOKENS' | 'CASHPNL' | 'PERCENTPNL' | 'TITLE' | 'RESOLVING' | 'PRICE' | 'AVGPRICE';
  sortDirection?: 'ASC' | 'DESC';
  /** At most 100 characters. */
  title?: string;
}

/** 4.3 GET /comments/user_address/{user_address} */
export interface GetUserCommentsParams extends LimitOffset {
  user_address: string;
}

/** 4.4 GET /comments/{id} */
export interface GetCommentRepliesParams extends LimitOffset {
  id: string;
}

export interface CursorParams {
  /** `MA==` for the first page. */
  next_cursor?: string;
}

/** 4.7 GET /data/trades */
export interface GetAccountTradesParams extends CursorParams {
  id?: string;
  taker?: string;
  maker?: string;
  market?: string;
  /** Unix seconds, strict (digits, or an integer). */
  before?: string | number;
  after?: string | number;
}

/** 4.8 GET /builder/trades */
export interface GetBuilderTradesParams extends CursorParams {
  id?: string;
  maker_address?: string;
  market?: string;
  asset_id?: string;
  /** Unix seconds, strict (digits, or an integer). */
  before?: string | number;
  after?: string | number;
}

/** 4.11, 4.12 */
export interface ConditionIdParams {
  condition_id: string;
}

/** 4.13 GET /public-search */
export interface PublicSearchParams {
  q: string;
  limit_per_type?: number;
  page?: number;
  search_tags?: boolean;
  search_profiles?: boolean;
  creator?: string;
}

/** 4.14 GET /book */
export interface GetBookParams {
  token_id: string;
}

/** GET /prices-history (named in venue-api.md 4.23; parameters per docs/venue.md) */
export interface GetPricesHistoryParams {
  /** The token id. */
  market: string;
  /** Unix seconds; not with `interval`. */
  startTs?: number;
  endTs?: number;
  /** Minutes between points; default 1. */
  fidelity?: number;
  /** The span ending now; not with startTs or endTs. `1m` is a month. */
  interval?: '1m' | '1h' | '6h' | '1d' | '1w' | 'max';
}

/** 4.15 DELETE /order */
export interface CancelOrderParams {
  orderId: string;
}

/** 4.16 GET /fee-rate */
export interface GetFeeRateParams {
  token_id?: string;
}

/** 4.17 DELETE /cancel-market-orders: at least one of the two. */
export interface CancelMarketOrdersParams {
  market?: string;
  asset_id?: string;
}

/** 4.19 GET /v1/leaderboard */
export interface GetLeaderboardParams {
  category?: 'OVERALL' | 'POLITICS' | 'SPORTS' | 'CRYPTO' | 'FINANCE' | 'CULTURE' | 'MENTIONS' | 'WEATHER' | 'ECONOMICS' | 'TECH';
  timePeriod?: 'DAY' | 'WEEK' | 'MONTH' | 'ALL';
  orderBy?: 'PNL' | 'VOL';
  limit?: number;
  offset?: number;
  user?: string;
  userName?: string;
}

/** 4.20 GET /tags */
export interface GetTagsParams extends LimitOffset {
  creator?: string;
}

/** 4.21 GET /events/slug/{slug} */
export interface GetEventBySlugParams {
  slug: string;
  creator?: string;
}

/** 4.22 GET /events/creators */
export interface GetEventCreatorsParams extends LimitOffset {
  order?: string;
  ascending?: boolean;
  creator_name?: string;
  creator_handle?: string;
}

/** design.md 3 POST /order; `owner` defaults to the configured API key. */
export type PostOrderParams = Omit<OrderRequest, 'owner' | 'postOnly'> & { owner?: string; postOnly?: boolean };

/** design.md 3 GET /data/orders */
export interface GetOpenOrdersParams extends CursorParams {
  market?: string;
  asset_id?: string;
}

/** design.md 3 GET /data/order/{id} */
export interface GetOrderParams {
  id: string;
}
