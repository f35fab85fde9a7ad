/**
 * The authenticated account's endpoints: its trades (4.7, 4.8), its orders (design.md 3) and the
 * trading writes (4.15, 4.17, POST /order). Writes are never retried by the requester.
 */
import { badParameter } from '../errors.js';
import { callChecked, pagedOf } from './endpoint-call.js';
import { ENDPOINTS } from './endpoints.js';
import type { CallOptions } from './http/call-options.js';
import type { VenueRequester } from './http/venue-requester.js';
import { walkPages } from './pagination.js';
import { checkCancelMarketBody, checkCancelOrderBody, checkOrderBody } from './body-rules.js';
import type * as P from './params.js';
import { prepareBodyRequest, prepareQueryRequest as q, prepareSerializedRequest } from './request-builder.js';
import { trustedOrderBody, type TrustedOrderParams } from './trusted-order.js';
import type * as T from './types.js';
import { readAcceptedOrder } from './validate/order-answer.js';
import { validateAccountTrade, validateCancelResult, validateOpenOrder, validateOrderResponse } from './validate/account.js';

function asObject(route: string, params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw badParameter(route, 'params', 'must be an object');
  return params as Record<string, unknown>;
}

export function tradingEndpoints(r: VenueRequester) {
  const getAccountTrades = (params: P.GetAccountTradesParams = {}, options?: CallOptions): Promise<T.Paged<T.AccountTrade>> =>
    callChecked(r, 'getAccountTrades', () => q('getAccountTrades', params), pagedOf(validateAccountTrade), options);
  const getBuilderTrades = (params: P.GetBuilderTradesParams = {}, options?: CallOptions): Promise<T.Paged<T.AccountTrade>> =>
    callChecked(r, 'getBuilderTrades', () => q('getBuilderTrades', params), pagedOf(validateAccountTrade), options);
  const getOpenOrders = (params: P.GetOpenOrdersParams = {}, options?: CallOptions): Promise<T.Paged<T.OpenOrder>> =>
    callChecked(r, 'getOpenOrders', () => q('getOpenOrders', params), pagedOf(validateOpenOrder), options);

  return {
    /** 4.7 GET /data/trades, one page */
    getAccountTrades,
    iterateAccountTrades: (params: P.GetAccountTradesParams = {}, options?: CallOptions) =>
      walkPages('GET /data/trades', (next_cursor) => getAccountTrades({ ...params, next_cursor }, options), params.next_cursor),

    /** 4.8 GET /builder/trades, one page */
    getBuilderTrades,
    iterateBuilderTrades: (params: P.GetBuilderTradesParams = {}, options?: CallOptions) =>
      walkPages('GET /builder/trades', (next_cursor) => getBuilderTrades({ ...params, next_cursor }, options), params.next_cursor),

    /** design 3 GET /data/orders, one page */
    getOpenOrders,
    iterateOpenOrders: (params: P.GetOpenOrdersParams = {}, options?: CallOptions) =>
      walkPages('GET /data/orders', (next_cursor) => getOpenOrders({ ...params, next_cursor }, options), params.next_cursor),

    /** design 3 GET /data/order/{id} */
    getOrder: (params: P.GetOrderParams, options?: CallOptions): Promise<T.OpenOrder> =>
      callChecked(
        r,
        'getOrder',
        () => q('getOrder', params),
        (route, raw) => validateOpenOrder(route, raw),
        options,
      ),

    /** 4.15 DELETE /order */
    cancelOrder: (params: P.CancelOrderParams, options?: CallOptions): Promise<T.CancelResult> =>
      callChecked(r, 'cancelOrder', () => prepareBodyRequest('cancelOrder', checkCancelOrderBody(params)), validateCancelResult, options),

    /** 4.17 DELETE /cancel-market-orders (market and/or asset_id) */
    cancelMarketOrders: (params: P.CancelMarketOrdersParams, options?: CallOptions): Promise<T.CancelResult> =>
      callChecked(
        r,
        'cancelMarketOrders',
        () => prepareBodyRequest('cancelMarketOrders', checkCancelMarketBody(params)),
        validateCancelResult,
        options,
      ),

    /** design 3 POST /order; `owner` defaults to the API key, `postOnly` to false. Never retried. */
    postOrder: (params: P.PostOrderParams, options?: CallOptions): Promise<T.OrderResponse> =>
      callChecked(
        r,
        'postOrder',
        () => {
          const p = asObject(ENDPOINTS.postOrder.route, params);
          const body = checkOrderBody({ ...p, owner: p.owner ?? r.apiKey, postOnly: p.postOnly ?? false });
          return prepareBodyRequest('postOrder', body);
        },
        validateOrderResponse,
        options,
        readAcceptedOrder,
      ),

    /**
     * design 3 POST /order of an order built from values the caller has checked itself (the
     * executor's): not checked again, serialised in one template, the same bytes as postOrder's;
     * `owner` is the API key. The answer is checked as postOrder's is. Never retried.
     */
    postTrustedOrder: (params: TrustedOrderParams, options?: CallOptions): Promise<T.OrderResponse> =>
      callChecked(
        r,
        'postOrder',
        // callChecked has asserted the credentials: the API key is there.
        () => prepareSerializedRequest('postOrder', trustedOrderBody(params, r.apiKey!)),
        validateOrderResponse,
        options,
        readAcceptedOrder,
      ),
  };
}

export type TradingEndpoints = ReturnType<typeof tradingEndpoints>;
