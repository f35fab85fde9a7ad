/**
 * Every route of the venue contract (venue-api.md sections 4.1-4.22 and the extensions of
 * design.md section 3), named once. The client, the limiter and the simulator all key on `id`
 * and `route` from here, so a route cannot be spelled two ways.
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
} as const satisfies Record<string, readonly [HttpMethod, string, Surface, boolean, boolean, string]>;

export type EndpointId = keyof typeof defs;

export const ENDPOINTS: Readonly<Record<EndpointId, EndpointDef>> = Object.fromEntries(
  Object.entries(defs).map(([id, [method, path, surface, auth, write, section]]) => [
    id,
    { id, method, path, route: `${method} ${path}`, surface, auth, write, section },
  ]),
) as Record<EndpointId, EndpointDef>;

export const ENDPOINT_IDS = Object.keys(defs) as EndpointId[];

/** Fills `{name}` placeholders, URL-encoding each value. */
export function buildPath(def: EndpointDef, pathParams: Readonly<Record<string, string>> = {}): string {
  return def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = pathParams[name];
    if (v === undefined || v === '') throw new Error(`${def.route}: missing path parameter '${name}'`);
    return encodeURIComponent(v);
  });
}

interface CompiledMatcher {
  readonly def: EndpointDef;
  readonly re: RegExp;
  readonly names: readonly string[];
}

const matchers: CompiledMatcher[] = Object.values(ENDPOINTS)
  .map((def) => {
    const names: string[] = [];
    const pattern = def.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, (_, n: string) => {
      names.push(n);
      return '([^/]+)';
    });
    return { def, re: new RegExp(`^${pattern}$`), names };
  })
  // Literal paths first, so `/events/creators` wins over a template such as `/events/slug/{slug}`.
  .sort((a, b) => a.names.length - b.names.length);

/** Finds the endpoint a request addresses; path parameters are URL-decoded. */
export function matchEndpoint(
  method: string,
  pathname: string,
): { def: EndpointDef; pathParams: Record<string, string> } | undefined {
  for (const m of matchers) {
    if (m.def.method !== method) continue;
    const hit = m.re.exec(pathname);
    if (!hit) continue;
    const pathParams: Record<string, string> = {};
    m.names.forEach((n, i) => {
      pathParams[n] = decodeURIComponent(hit[i + 1]!);
    });
    return { def: m.def, pathParams };
  }
  return undefined;
}
