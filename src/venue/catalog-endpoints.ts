/** Catalog-surface endpoints (venue-api.md 4.2-4.4, 4.6, 4.11, 4.13, 4.19-4.22). */
import { callChecked, listOf, pagedOf } from './endpoint-call.js';
import type { CallOptions } from './http/call-options.js';
import type { VenueRequester } from './http/venue-requester.js';
import { walkPages } from './pagination.js';
import type * as P from './params.js';
import { prepareQueryRequest as q } from './request-builder.js';
import type * as T from './types.js';
import { validateComment, validateLeaderboardEntry, validatePosition } from './validate/activity.js';
import { validateEvent, validateEventCreator, validateSearchResult, validateTag } from './validate/catalog.js';
import { validateMarket } from './validate/market.js';

export function catalogEndpoints(r: VenueRequester) {
  const getMarkets = (params: P.CursorParams = {}, options?: CallOptions): Promise<T.Paged<T.Market>> =>
    callChecked(r, 'getMarkets', () => q('getMarkets', params), pagedOf(validateMarket), options);

  return {
    /** 4.2 GET /positions */
    getPositions: (params: P.GetPositionsParams, options?: CallOptions): Promise<T.Position[]> =>
      callChecked(r, 'getPositions', () => q('getPositions', params), listOf(validatePosition), options),
    /** 4.3 GET /comments/user_address/{user_address} */
    getUserComments: (params: P.GetUserCommentsParams, options?: CallOptions): Promise<T.Comment[]> =>
      callChecked(r, 'getUserComments', () => q('getUserComments', params), listOf(validateComment), options),
    /** 4.4 GET /comments/{id} */
    getCommentReplies: (params: P.GetCommentRepliesParams, options?: CallOptions): Promise<T.Comment[]> =>
      callChecked(r, 'getCommentReplies', () => q('getCommentReplies', params), listOf(validateComment), options),
    /** 4.6 GET /markets, one page */
    getMarkets,
    /** 4.6 every page of GET /markets */
    iterateMarkets: (params: P.CursorParams = {}, options?: CallOptions): AsyncGenerator<T.Paged<T.Market>, void, undefined> =>
      walkPages('GET /markets', (next_cursor) => getMarkets({ ...params, next_cursor }, options), params.next_cursor),
    /** 4.11 GET /markets/{condition_id} */
    getMarket: (params: P.ConditionIdParams, options?: CallOptions): Promise<T.Market> =>
      callChecked(
        r,
        'getMarket',
        () => q('getMarket', params),
        (route, raw) => validateMarket(route, raw),
        options,
      ),
    /** 4.13 GET /public-search */
    publicSearch: (params: P.PublicSearchParams, options?: CallOptions): Promise<T.SearchResult> =>
      callChecked(r, 'publicSearch', () => q('publicSearch', params), validateSearchResult, options),
    /** 4.19 GET /v1/leaderboard */
    getLeaderboard: (params: P.GetLeaderboardParams = {}, options?: CallOptions): Promise<T.LeaderboardEntry[]> =>
      callChecked(r, 'getLeaderboard', () => q('getLeaderboard', params), listOf(validateLeaderboardEntry), options),
    /** 4.20 GET /tags */
    getTags: (params: P.GetTagsParams = {}, options?: CallOptions): Promise<T.Tag[]> =>
      callChecked(r, 'getTags', () => q('getTags', params), listOf(validateTag), options),
    /** 4.21 GET /events/slug/{slug} */
    getEventBySlug: (params: P.GetEventBySlugParams, options?: CallOptions): Promise<T.VenueEvent> =>
      callChecked(r, 'getEventBySlug', () => q('getEventBySlug', params), validateEvent, options),
    /** 4.22 GET /events/creators */
    getEventCreators: (params: P.GetEventCreatorsParams = {}, options?: CallOptions): Promise<T.EventCreator[]> =>
      callChecked(r, 'getEventCreators', () => q('getEventCreators', params), listOf(validateEventCreator), options),
  };
}

export type CatalogEndpoints = ReturnType<typeof catalogEndpoints>;
