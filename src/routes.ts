/**
 * Every route of the venue contract (venue-api.md sections 4.1-4.22, the extensions of design.md
 * section 3, and the routes only the limit table names, 4.23), named once: method, path, surface,
 * whether it is signed and whether it is a trading write.
 *
 * A root module, like money.ts, because two stages key on it and neither may depend on the other
 * the wrong way: the venue client (src/venue/endpoints.ts builds paths and matches requests on
 * it) calls the rate limiter, and the limiter (src/limits/limit-table.ts) needs each route's
 * surface. So a route cannot be spelled two ways, and src/limits never imports src/venue.
 */
export type Surface = 'catalog' | 'clob';
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface EndpointDef {
  readonly id: EndpointId;
  readonly method: HttpMethod;
  /** Path template; `{name}` marks a path parameter. */
  readonly path: string;
  /** `METHOD /path-template`, the key of the rate-limit table. */
  readonly route: string;
  readonly surface: Surface;
  /** Requires the five signed headers of section 5. */
  readonly auth: boolean;
  /** Trading writes are never retried blind and use the trading-write windows. */
  readonly write: boolean;
  /** Section of venue-api.md (or design.md) that defines it. */
  readonly section: string;
}

const defs = {
  getTrades: ['GET', '/trades', 'clob', false, false, '4.1'],
  getPositions: ['GET', '/positions', 'catalog', false, false, '4.2'],
  getUserComments: ['GET', '/comments/user_address/{user_address}', 'catalog', false, false, '4.3'],
  getCommentReplies: ['GET', '/comments/{id}', 'catalog', false, false, '4.4'],
  postBooks: ['POST', '/books', 'clob', false, false, '4.5'],
  getMarkets: ['GET', '/markets', 'catalog', false, false, '4.6'],
  getAccountTrades: ['GET', '/data/trades', 'clob', true, false, '4.7'],
  getBuilderTrades: ['GET', '/builder/trades', 'clob', true, false, '4.8'],
  getSamplingSimplifiedMarkets: ['GET', '/sampling-simplified-markets', 'clob', false, false, '4.9'],
  getSimplifiedMarkets: ['GET', '/simplified-markets', 'clob', false, false, '4.10'],
  getMarket: ['GET', '/markets/{condition_id}', 'catalog', false, false, '4.11'],
  getClobMarket: ['GET', '/clob-markets/{condition_id}', 'clob', false, false, '4.12'],
  publicSearch: ['GET', '/public-search', 'catalog', false, false, '4.13'],
  getBook: ['GET', '/book', 'clob', false, false, '4.14'],
  cancelOrder: ['DELETE', '/order', 'clob', true, true, '4.15'],
  getFeeRate: ['GET', '/fee-rate', 'clob', false, false, '4.16'],
  cancelMarketOrders: ['DELETE', '/cancel-market-orders', 'clob', true, true, '4.17'],
  postMidpoints: ['POST', '/midpoints', 'clob', false, false, '4.18'],
  getLeaderboard: ['GET', '/v1/leaderboard', 'catalog', false, false, '4.19'],
  getTags: ['GET', '/tags', 'catalog', false, false, '4.20'],
  getEventBySlug: ['GET', '/events/slug/{slug}', 'catalog', false, false, '4.21'],
  getEventCreators: ['GET', '/events/creators', 'catalog', false, false, '4.22'],
  postOrder: ['POST', '/order', 'clob', true, true, 'design 3'],
  getOpenOrders: ['GET', '/data/orders', 'clob', true, false, 'design 3'],
  getOrder: ['GET', '/data/order/{id}', 'clob', true, false, 'design 3'],
  // Named only in the limit table (4.23); its parameters and answer are makerd's and its simulator's.
  getPricesHistory: ['GET', '/prices-history', 'clob', false, false, '4.23'],
} as const satisfies Record<string, readonly [HttpMethod, string, Surface, boolean, boolean, string]>;

export type EndpointId = keyof typeof defs;

/** The routes makerd calls, by endpoint id. */
export const ENDPOINTS: Readonly<Record<EndpointId, EndpointDef>> = Object.fromEntries(
  Object.entries(defs).map(([id, [method, path, surface, auth, write, section]]) => [
    id,
    { id, method, path, route: `${method} ${path}`, surface, auth, write, section },
  ]),
) as Record<EndpointId, EndpointDef>;

export const ENDPOINT_IDS = Object.keys(defs) as EndpointId[];

/**
 * Routes named only in the limit table (venue-api.md 4.23), absent from ENDPOINTS, with their
 * surface (`GET /prices-history`, which makerd calls, is in ENDPOINTS).
 */
export const TABLE_ONLY_ROUTES: Readonly<Record<string, Surface>> = {
  'GET /': 'clob',
  'GET /price': 'clob',
  'POST /prices': 'clob',
  'GET /midpoint': 'clob',
  'POST /batch-prices-history': 'clob',
  'GET /events': 'catalog',
};
