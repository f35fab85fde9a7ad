/**
 * Order-book (CLOB) surface reads (venue-api.md 4.1, 4.5, 4.9, 4.10, 4.12, 4.14, 4.16, 4.18, and
 * `GET /prices-history` of 4.23).
 * Batch reads take token ids and split them into bodies of at most MAX_BATCH_TOKENS; every
 * batch is checked before the first one is sent.
 */
import { CheckedMidpoints, DEFAULT_MAX_BOOK_LEVELS, type CheckedBook } from './checked-book.js';
import { callChecked, listOf, pagedOf } from './endpoint-call.js';
import type { CallOptions } from './http/call-options.js';
import type { VenueRequester } from './http/venue-requester.js';
import { walkPages } from './pagination.js';
import { MAX_BATCH_TOKENS, checkTokenBatch } from './body-rules.js';
import type * as P from './params.js';
import { prepareBodyRequest, prepareQueryRequest as q } from './request-builder.js';
import type * as T from './types.js';
import { validateTradeFill } from './validate/activity.js';
import { validateClobMarket, validateFeeRate, validateSimplifiedMarket } from './validate/market.js';
import { validateBook, validateBooks, validateMidpoints } from './validate/order-book.js';
import { validatePriceHistory } from './validate/price-history.js';

/** Token ids as checked `[{token_id}]` bodies of at most MAX_BATCH_TOKENS each. */
function tokenBatches(id: 'postBooks' | 'postMidpoints', tokenIds: readonly string[]): { token_id: string }[][] {
  if (!Array.isArray(tokenIds) || tokenIds.length === 0) return [checkTokenBatch(id, tokenIds)];
  const batches: { token_id: string }[][] = [];
  for (let i = 0; i < tokenIds.length; i += MAX_BATCH_TOKENS) {
    batches.push(
      checkTokenBatch(
        id,
        tokenIds.slice(i, i + MAX_BATCH_TOKENS).map((token_id) => ({ token_id })),
      ),
    );
  }
  return batches;
}

/**
 * `maxBookLevels`: the most levels a side of a book may have (books.maxLevels); a book with more
 * comes back unread, with its problem (checked-book.ts).
 */
export function clobEndpoints(r: VenueRequester, maxBookLevels = DEFAULT_MAX_BOOK_LEVELS) {
  const checkBooks = (route: string, raw: unknown): CheckedBook[] => validateBooks(route, raw, maxBookLevels);
  const getSimplifiedMarkets = (params: P.CursorParams = {}, options?: CallOptions): Promise<T.Paged<T.SimplifiedMarket>> =>
    callChecked(r, 'getSimplifiedMarkets', () => q('getSimplifiedMarkets', params), pagedOf(validateSimplifiedMarket), options);
  const getSamplingSimplifiedMarkets = (params: P.CursorParams = {}, options?: CallOptions): Promise<T.Paged<T.SimplifiedMarket>> =>
    callChecked(
      r,
      'getSamplingSimplifiedMarkets',
      () => q('getSamplingSimplifiedMarkets', params),
      pagedOf(validateSimplifiedMarket),
      options,
    );

  return {
    /** 4.1 GET /trades */
    getTrades: (params: P.GetTradesParams = {}, options?: CallOptions): Promise<T.TradeFill[]> =>
      callChecked(r, 'getTrades', () => q('getTrades', params), listOf(validateTradeFill), options),

    /**
     * 4.5 POST /books: one checked book per token (snapshot with levels best first, plus its parsed
     * levels, or its problem when they are not usable; see checked-book.ts); batches sent concurrently.
     */
    async postBooks(tokenIds: readonly string[], options?: CallOptions): Promise<CheckedBook[]> {
      const batches = tokenBatches('postBooks', tokenIds);
      const results = await Promise.all(
        batches.map((body) => callChecked(r, 'postBooks', () => prepareBodyRequest('postBooks', body), checkBooks, options)),
      );
      return results.flat();
    },

    /** 4.9 GET /sampling-simplified-markets, one page */
    getSamplingSimplifiedMarkets,
    iterateSamplingSimplifiedMarkets: (params: P.CursorParams = {}, options?: CallOptions) =>
      walkPages(
        'GET /sampling-simplified-markets',
        (next_cursor) => getSamplingSimplifiedMarkets({ ...params, next_cursor }, options),
        params.next_cursor,
      ),

    /** 4.10 GET /simplified-markets, one page */
    getSimplifiedMarkets,
    iterateSimplifiedMarkets: (params: P.CursorParams = {}, options?: CallOptions) =>
      walkPages('GET /simplified-markets', (next_cursor) => getSimplifiedMarkets({ ...params, next_cursor }, options), params.next_cursor),

    /** 4.12 GET /clob-markets/{condition_id} */
    getClobMarket: (params: P.ConditionIdParams, options?: CallOptions): Promise<T.ClobMarketSettings> =>
      callChecked(r, 'getClobMarket', () => q('getClobMarket', params), validateClobMarket, options),

    /** 4.14 GET /book: checked as each book of POST /books. */
    getBook: (params: P.GetBookParams, options?: CallOptions): Promise<CheckedBook> =>
      callChecked(
        r,
        'getBook',
        () => q('getBook', params),
        (route, raw) => validateBook(route, raw, '', maxBookLevels),
        options,
      ),

    /** 4.16 GET /fee-rate */
    getFeeRate: (params: P.GetFeeRateParams = {}, options?: CallOptions): Promise<T.FeeRate> =>
      callChecked(r, 'getFeeRate', () => q('getFeeRate', params), validateFeeRate, options),

    /** GET /prices-history (4.23; docs/venue.md): one token's prices, `{history: [{t, p}]}`. */
    getPricesHistory: (params: P.GetPricesHistoryParams, options?: CallOptions): Promise<T.PriceHistory> =>
      callChecked(r, 'getPricesHistory', () => q('getPricesHistory', params), validatePriceHistory, options),

    /** 4.18 POST /midpoints: one midpoint per token id, as sent and parsed; batches merged. */
    async postMidpoints(tokenIds: readonly string[], options?: CallOptions): Promise<CheckedMidpoints> {
      const batches = tokenBatches('postMidpoints', tokenIds);
      const results = await Promise.all(
        batches.map((body) => callChecked(r, 'postMidpoints', () => prepareBodyRequest('postMidpoints', body), validateMidpoints, options)),
      );
      return CheckedMidpoints.merge(results);
    },
  };
}

export type ClobEndpoints = ReturnType<typeof clobEndpoints>;
