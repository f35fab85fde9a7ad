/**
 * One case per endpoint: a good call with the exact request it must produce, a call with a bad
 * parameter, and a malformed answer with the field that must be named. endpoints.test.ts runs them.
 */
import type { VenueClient } from '../../src/venue/client.js';
import type { EndpointId } from '../../src/venue/endpoints.js';
import * as F from '../support/venue-fixtures.js';
import { TEST_CREDENTIALS } from '../support/test-credentials.js';

export interface EndpointCase {
  readonly id: EndpointId;
  readonly call: (c: VenueClient) => Promise<unknown>;
  /** The path the fake venue must see. */
  readonly path: string;
  /** The exact raw query string ('' for none). */
  readonly query: string;
  /** The exact body text, when there is one. */
  readonly body?: string;
  readonly reply: unknown;
  /** What the call returns; defaults to `reply`. */
  readonly returns?: unknown;
  readonly bad: { readonly call: (c: VenueClient) => Promise<unknown>; readonly param: string };
  readonly malformed: { readonly reply: unknown; readonly field: string };
}

const enc = encodeURIComponent;
const order = {
  asset_id: F.TOKEN_YES,
  side: 'BUY' as const,
  price: '0.41',
  size: '10',
  expiration: '0',
  client_order_id: 'cid-1',
};

export const CASES: readonly EndpointCase[] = [
  {
    id: 'getTrades',
    call: (c) =>
      c.getTrades({ limit: 5, takerOnly: false, filterType: 'CASH', filterAmount: 10, market: [F.CONDITION, '0xother'], side: 'SELL' }),
    path: '/trades',
    query: `limit=5&takerOnly=false&filterType=CASH&filterAmount=10&market=${enc(`${F.CONDITION},0xother`)}&side=SELL`,
    reply: [F.tradeFill()],
    bad: { call: (c) => c.getTrades({ filterType: 'CASH' }), param: 'filterAmount' },
    malformed: { reply: [{ ...F.tradeFill(), price: 1.5 }], field: '[0].price' },
  },
  {
    id: 'getPositions',
    call: (c) => c.getPositions({ user: F.WALLET, sizeThreshold: 0, sortBy: 'CASHPNL', sortDirection: 'ASC', title: 'rain', limit: 500 }),
    path: '/positions',
    query: `user=${F.WALLET}&sizeThreshold=0&limit=500&sortBy=CASHPNL&sortDirection=ASC&title=rain`,
    reply: [F.position()],
    bad: { call: (c) => c.getPositions({ user: F.WALLET, title: 'x'.repeat(101) }), param: 'title' },
    malformed: { reply: [{ ...F.position(), cashPnl: 'NaN' }], field: '[0].cashPnl' },
  },
  {
    id: 'getUserComments',
    call: (c) => c.getUserComments({ user_address: F.WALLET, limit: 100 }),
    path: `/comments/user_address/${F.WALLET}`,
    query: 'limit=100',
    reply: [F.comment()],
    bad: { call: (c) => c.getUserComments({ user_address: F.WALLET, limit: 0 }), param: 'limit' },
    malformed: { reply: [{ ...F.comment(), id: 42 }], field: '[0].id' },
  },
  {
    id: 'getCommentReplies',
    call: (c) => c.getCommentReplies({ id: 'c 1/x', offset: 20 }),
    path: '/comments/c%201%2Fx',
    query: 'offset=20',
    reply: [F.comment()],
    bad: { call: (c) => c.getCommentReplies({ id: '' }), param: 'id' },
    malformed: { reply: { comments: [] }, field: '(body)' },
  },
  {
    id: 'postBooks',
    call: (c) => c.postBooks([F.TOKEN_YES, F.TOKEN_NO]),
    path: '/books',
    query: '',
    body: `[{"token_id":"${F.TOKEN_YES}"},{"token_id":"${F.TOKEN_NO}"}]`,
    reply: [F.book(F.TOKEN_YES), F.book(F.TOKEN_NO)],
    bad: { call: (c) => c.postBooks([F.TOKEN_YES, '']), param: 'body[1].token_id' },
    // A price outside (0, 1) is a book handed over unusable (order-books.test.ts); text that is no decimal is malformed.
    malformed: { reply: [{ ...F.book(), asks: [{ price: '1.2e0', size: '1' }] }], field: '[0].asks[0].price' },
  },
  {
    id: 'getMarkets',
    call: (c) => c.getMarkets({ next_cursor: 'MA==' }),
    path: '/markets',
    query: 'next_cursor=MA%3D%3D',
    reply: F.paged([F.market()], 'MTAw'),
    bad: { call: (c) => c.getMarkets({ next_cursor: 'not a cursor!' }), param: 'next_cursor' },
    malformed: { reply: { ...F.paged([F.market()]), count: '1' }, field: 'count' },
  },
  {
    id: 'getAccountTrades',
    call: (c) => c.getAccountTrades({ market: F.CONDITION, after: '1763700000' }),
    path: '/data/trades',
    query: `market=${F.CONDITION}&after=1763700000`,
    reply: F.paged([F.accountTrade()]),
    bad: { call: (c) => c.getAccountTrades({ before: 'yesterday' }), param: 'before' },
    malformed: { reply: F.paged([{ ...F.accountTrade(), size: '-1' }]), field: 'data[0].size' },
  },
  {
    id: 'getBuilderTrades',
    call: (c) => c.getBuilderTrades({ asset_id: F.TOKEN_YES }),
    path: '/builder/trades',
    query: `asset_id=${enc(F.TOKEN_YES)}`,
    reply: F.paged([F.accountTrade()]),
    bad: { call: (c) => c.getBuilderTrades({ maker: 'x' } as never), param: 'maker' },
    malformed: {
      reply: F.paged([{ ...F.accountTrade(), maker_orders: [{ ...F.accountTrade().maker_orders[0]!, price: 'abc' }] }]),
      field: 'data[0].maker_orders[0].price',
    },
  },
  {
    id: 'getSamplingSimplifiedMarkets',
    call: (c) => c.getSamplingSimplifiedMarkets(),
    path: '/sampling-simplified-markets',
    query: '',
    reply: F.paged([F.simplifiedMarket()]),
    bad: { call: (c) => c.getSamplingSimplifiedMarkets({ next_cursor: '' }), param: 'next_cursor' },
    malformed: { reply: F.paged([{ ...F.simplifiedMarket(), active: 'yes' }]), field: 'data[0].active' },
  },
  {
    id: 'getSimplifiedMarkets',
    call: (c) => c.getSimplifiedMarkets({ next_cursor: 'MTAw' }),
    path: '/simplified-markets',
    query: 'next_cursor=MTAw',
    reply: F.paged([F.simplifiedMarket()]),
    bad: { call: (c) => c.getSimplifiedMarkets({ limit: 5 } as never), param: 'limit' },
    malformed: { reply: { data: [], limit: 1, count: 0 }, field: 'next_cursor' },
  },
  {
    id: 'getMarket',
    call: (c) => c.getMarket({ condition_id: F.CONDITION }),
    path: `/markets/${F.CONDITION}`,
    query: '',
    reply: F.market(),
    bad: { call: (c) => c.getMarket({ condition_id: ' ' }), param: 'condition_id' },
    malformed: { reply: { ...F.market(), tokens: [{ ...F.market().tokens[0]!, token_id: '' }] }, field: 'tokens[0].token_id' },
  },
  {
    id: 'getClobMarket',
    call: (c) => c.getClobMarket({ condition_id: F.CONDITION }),
    path: `/clob-markets/${F.CONDITION}`,
    query: '',
    reply: F.clobMarket(),
    bad: { call: (c) => c.getClobMarket({} as never), param: 'condition_id' },
    malformed: { reply: { ...F.clobMarket(), mts: 'x' }, field: 'mts' },
  },
  {
    id: 'publicSearch',
    call: (c) => c.publicSearch({ q: 'rain', limit_per_type: 10, page: 2, search_tags: false }),
    path: '/public-search',
    query: 'q=rain&limit_per_type=10&page=2&search_tags=false',
    reply: F.searchResult(),
    bad: { call: (c) => c.publicSearch({ q: 'rain', limit_per_type: 501 }), param: 'limit_per_type' },
    malformed: { reply: { ...F.searchResult(), pagination: { hasMore: false } }, field: 'pagination.totalResults' },
  },
  {
    id: 'getBook',
    call: (c) => c.getBook({ token_id: F.TOKEN_YES }),
    path: '/book',
    query: `token_id=${enc(F.TOKEN_YES)}`,
    reply: F.book(),
    bad: { call: (c) => c.getBook({} as never), param: 'token_id' },
    // A negative size is a book handed over unusable (order-books.test.ts); a size that is no decimal text is malformed.
    malformed: { reply: { ...F.book(), bids: [{ price: '0.4', size: '-3e0' }] }, field: 'bids[0].size' },
  },
  {
    id: 'cancelOrder',
    call: (c) => c.cancelOrder({ orderId: 'o-1' }),
    path: '/order',
    query: '',
    body: '{"orderId":"o-1"}',
    reply: F.cancelResult(),
    bad: { call: (c) => c.cancelOrder({ orderId: '' }), param: 'orderId' },
    malformed: { reply: { canceled: 'o-1', not_canceled: {} }, field: 'canceled' },
  },
  {
    id: 'getFeeRate',
    call: (c) => c.getFeeRate({ token_id: F.TOKEN_YES }),
    path: '/fee-rate',
    query: `token_id=${enc(F.TOKEN_YES)}`,
    reply: F.feeRate(),
    bad: { call: (c) => c.getFeeRate({ token_id: 5 } as never), param: 'token_id' },
    malformed: {
      reply: { ...F.feeRate(), fee_schedule: { ...F.feeRate().fee_schedule, takerOnly: 'yes' } },
      field: 'fee_schedule.takerOnly',
    },
  },
  {
    id: 'cancelMarketOrders',
    call: (c) => c.cancelMarketOrders({ market: F.CONDITION }),
    path: '/cancel-market-orders',
    query: '',
    body: `{"market":"${F.CONDITION}"}`,
    reply: F.cancelResult(),
    bad: { call: (c) => c.cancelMarketOrders({}), param: 'market' },
    malformed: { reply: { canceled: [], not_canceled: { 'o-2': 5 } }, field: 'not_canceled.o-2' },
  },
  {
    id: 'postMidpoints',
    call: (c) => c.postMidpoints([F.TOKEN_YES]),
    path: '/midpoints',
    query: '',
    body: `[{"token_id":"${F.TOKEN_YES}"}]`,
    reply: { [F.TOKEN_YES]: '0.42' },
    bad: { call: (c) => c.postMidpoints([]), param: 'body' },
    malformed: { reply: { [F.TOKEN_YES]: '1' }, field: F.TOKEN_YES },
  },
  {
    id: 'getLeaderboard',
    call: (c) => c.getLeaderboard({ category: 'WEATHER', timePeriod: 'WEEK', orderBy: 'VOL', limit: 50, offset: 1000 }),
    path: '/v1/leaderboard',
    query: 'category=WEATHER&timePeriod=WEEK&orderBy=VOL&limit=50&offset=1000',
    reply: [F.leaderboardEntry()],
    bad: { call: (c) => c.getLeaderboard({ offset: 1001 }), param: 'offset' },
    malformed: { reply: [{ ...F.leaderboardEntry(), vol: null }], field: '[0].vol' },
  },
  {
    id: 'getTags',
    call: (c) => c.getTags({ limit: 1, creator: 'site' }),
    path: '/tags',
    query: 'limit=1&creator=site',
    reply: [F.tag()],
    bad: { call: (c) => c.getTags({ limit: 101 }), param: 'limit' },
    malformed: { reply: [{ ...F.tag(), id: '' }], field: '[0].id' },
  },
  {
    id: 'getEventBySlug',
    call: (c) => c.getEventBySlug({ slug: 'rain', creator: 'site' }),
    path: '/events/slug/rain',
    query: 'creator=site',
    reply: F.venueEvent(),
    bad: { call: (c) => c.getEventBySlug({ slug: '' }), param: 'slug' },
    malformed: { reply: { ...F.venueEvent(), markets: 'none' }, field: 'markets' },
  },
  {
    id: 'getEventCreators',
    call: (c) => c.getEventCreators({ ascending: true, creator_handle: 'wx' }),
    path: '/events/creators',
    query: 'ascending=true&creator_handle=wx',
    reply: [F.eventCreator()],
    bad: { call: (c) => c.getEventCreators({ ascending: 'yes' } as never), param: 'ascending' },
    malformed: { reply: [{ ...F.eventCreator(), creatorName: 3 }], field: '[0].creatorName' },
  },
  {
    id: 'postOrder',
    call: (c) => c.postOrder({ order, orderType: 'GTC', postOnly: true }),
    path: '/order',
    query: '',
    body: JSON.stringify({ order, owner: TEST_CREDENTIALS.apiKey, orderType: 'GTC', postOnly: true }),
    reply: F.orderResponse(),
    bad: { call: (c) => c.postOrder({ order: { ...order, price: '1.0' }, orderType: 'GTC' }), param: 'order.price' },
    malformed: { reply: { ...F.orderResponse(), status: 'pending' }, field: 'status' },
  },
  {
    id: 'getOpenOrders',
    call: (c) => c.getOpenOrders({ market: F.CONDITION }),
    path: '/data/orders',
    query: `market=${F.CONDITION}`,
    reply: F.paged([F.openOrder()]),
    bad: { call: (c) => c.getOpenOrders({ market: '' }), param: 'market' },
    malformed: { reply: F.paged([{ ...F.openOrder(), price: '0' }]), field: 'data[0].price' },
  },
  {
    id: 'getOrder',
    call: (c) => c.getOrder({ id: 'o-1' }),
    path: '/data/order/o-1',
    query: '',
    reply: F.openOrder(),
    bad: { call: (c) => c.getOrder({ id: '' }), param: 'id' },
    malformed: { reply: { ...F.openOrder(), side: 'HOLD' }, field: 'side' },
  },
  {
    id: 'getPricesHistory',
    call: (c) => c.getPricesHistory({ market: F.TOKEN_YES, startTs: 1_767_225_600, endTs: 1_767_229_200, fidelity: 5 }),
    path: '/prices-history',
    query: `market=${enc(F.TOKEN_YES)}&startTs=1767225600&endTs=1767229200&fidelity=5`,
    reply: {
      history: [
        { t: 1_767_225_600, p: 0.52 },
        { t: 1_767_225_900, p: 0.525 },
      ],
    },
    bad: { call: (c) => c.getPricesHistory({ market: F.TOKEN_YES, interval: '1d', startTs: 1_767_225_600 }), param: 'startTs' },
    malformed: { reply: { history: [{ t: 1_767_225_600, p: 1.5 }] }, field: 'history[0].p' },
  },
];
