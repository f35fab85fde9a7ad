/**
 * The venue's parameter rules (venue-api.md section 4 and 8.4, design.md section 3) as data, with
 * one checker. The client checks what it is about to send and the simulator checks what it
 * receives with the same rules, so the two cannot drift apart. Every failure names the endpoint,
 * the parameter and the rule.
 */
import { badParameter } from '../errors.js';
import { Decimal } from '../money.js';
import { ENDPOINTS, type EndpointId } from './endpoints.js';

export type ParamRule =
  | { kind: 'int'; min?: number; max?: number; default?: number; required?: boolean }
  | { kind: 'number'; min?: number; default?: number; required?: boolean }
  | { kind: 'bool'; default?: boolean; required?: boolean }
  | { kind: 'enum'; values: readonly string[]; default?: string; required?: boolean }
  | {
      kind: 'string';
      maxLength?: number;
      required?: boolean;
      pattern?: RegExp;
      patternRule?: string;
      /** Also take a non-negative integer number, sent as its digits (Unix timestamps). */
      acceptInteger?: boolean;
    }
  /** Comma-separated list on the wire; an array in code. */
  | { kind: 'list'; required?: boolean };

export type QuerySpec = Readonly<Record<string, ParamRule>>;

export type QueryValue = string | number | boolean | readonly string[];
export type ParsedQuery = Record<string, QueryValue>;

const limitOffset = (limitMin: number, limitMax: number, limitDefault: number, offsetMax?: number): QuerySpec => ({
  limit: { kind: 'int', min: limitMin, max: limitMax, default: limitDefault },
  offset: { kind: 'int', min: 0, ...(offsetMax === undefined ? {} : { max: offsetMax }), default: 0 },
});

const unixSeconds = {
  kind: 'string',
  pattern: /^\d{1,12}$/,
  patternRule: 'must be a Unix timestamp in seconds',
  acceptInteger: true,
} as const;
/**
 * A wallet address (venue-api.md: positions and trades `user`, account trades `taker`/`maker`,
 * builder trades `maker_address`, the leaderboard's `user`, the comments' `user_address`): `0x` and
 * 40 hex digits, in any case (the checksum casing is not required). Anything else would be
 * answered with an empty list, which reads as "no positions" rather than "wrong address".
 */
export const WALLET_ADDRESS_RULE = 'must be a wallet address: 0x followed by 40 hex digits';
const walletAddress = { kind: 'string', pattern: /^0x[0-9a-fA-F]{40}$/, patternRule: WALLET_ADDRESS_RULE } as const;

const cursor = {
  kind: 'string',
  pattern: /^[A-Za-z0-9+/_-]*={0,2}$/,
  patternRule: 'must be a Base64 cursor such as MA==',
} as const;

export const QUERY_RULES: Readonly<Record<EndpointId, QuerySpec>> = {
  getTrades: {
    ...limitOffset(0, 10_000, 100, 10_000),
    takerOnly: { kind: 'bool', default: true },
    filterType: { kind: 'enum', values: ['CASH', 'TOKENS'] },
    filterAmount: { kind: 'number', min: 0 },
    market: { kind: 'list' },
    user: walletAddress,
    side: { kind: 'enum', values: ['BUY', 'SELL'] },
  },
  getPositions: {
    user: { ...walletAddress, required: true },
    market: { kind: 'list' },
    sizeThreshold: { kind: 'number', min: 0, default: 1 },
    redeemable: { kind: 'bool', default: false },
    mergeable: { kind: 'bool', default: false },
    ...limitOffset(0, 500, 100, 10_000),
    sortBy: {
      kind: 'enum',
      values: ['CURRENT', 'INITIAL', 'TOKENS', 'CASHPNL', 'PERCENTPNL', 'TITLE', 'RESOLVING', 'PRICE', 'AVGPRICE'],
      default: 'TOKENS',
    },
    sortDirection: { kind: 'enum', values: ['ASC', 'DESC'], default: 'DESC' },
    title: { kind: 'string', maxLength: 100 },
  },
  getUserComments: limitOffset(1, 100, 20),
  getCommentReplies: limitOffset(1, 100, 20),
  postBooks: {},
  getMarkets: { next_cursor: cursor },
  getAccountTrades: {
    id: { kind: 'string' },
    taker: walletAddress,
    maker: walletAddress,
    market: { kind: 'string' },
    before: unixSeconds,
    after: unixSeconds,
    next_cursor: cursor,
  },
  getBuilderTrades: {
    id: { kind: 'string' },
    maker_address: walletAddress,
    market: { kind: 'string' },
    asset_id: { kind: 'string' },
    before: unixSeconds,
    after: unixSeconds,
    next_cursor: cursor,
  },
  getSamplingSimplifiedMarkets: { next_cursor: cursor },
  getSimplifiedMarkets: { next_cursor: cursor },
  getMarket: {},
  getClobMarket: {},
  publicSearch: {
    q: { kind: 'string', required: true },
    limit_per_type: { kind: 'int', min: 1, max: 500, default: 25 },
    page: { kind: 'int', min: 1, default: 1 },
    search_tags: { kind: 'bool', default: true },
    search_profiles: { kind: 'bool', default: false },
    creator: { kind: 'string' },
  },
  getBook: { token_id: { kind: 'string', required: true } },
  cancelOrder: {},
  getFeeRate: { token_id: { kind: 'string' } },
  cancelMarketOrders: {},
  postMidpoints: {},
  getLeaderboard: {
    category: {
      kind: 'enum',
      values: ['OVERALL', 'POLITICS', 'SPORTS', 'CRYPTO', 'FINANCE', 'CULTURE', 'MENTIONS', 'WEATHER', 'ECONOMICS', 'TECH'],
      default: 'OVERALL',
    },
    timePeriod: { kind: 'enum', values: ['DAY', 'WEEK', 'MONTH', 'ALL'], default: 'DAY' },
    orderBy: { kind: 'enum', values: ['PNL', 'VOL'], default: 'PNL' },
    ...limitOffset(1, 50, 25, 1_000),
    user: walletAddress,
    userName: { kind: 'string' },
  },
  getTags: { ...limitOffset(1, 100, 20), creator: { kind: 'string' } },
  getEventBySlug: { creator: { kind: 'string' } },
  getEventCreators: {
    ...limitOffset(1, 100, 20),
    order: { kind: 'string' },
    ascending: { kind: 'bool', default: false },
    creator_name: { kind: 'string' },
    creator_handle: { kind: 'string' },
  },
  postOrder: {},
  getOpenOrders: { market: { kind: 'string' }, asset_id: { kind: 'string' }, next_cursor: cursor },
  getOrder: {},
};

/** Cross-field rules that a per-parameter rule cannot express. */
const CROSS_RULES: Partial<Record<EndpointId, (q: ParsedQuery, where: string) => void>> = {
  getTrades(q, where) {
    if (q.filterType !== undefined && q.filterAmount === undefined) {
      throw badParameter(where, 'filterAmount', 'is required when filterType is set');
    }
    if (q.filterAmount !== undefined && q.filterType === undefined) {
      throw badParameter(where, 'filterType', 'is required when filterAmount is set');
    }
  },
};

const INT_RE = /^-?\d+$/;
const NUM_RE = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function checkOne(where: string, name: string, rule: ParamRule, value: unknown): QueryValue {
  switch (rule.kind) {
    case 'int': {
      let n: number;
      if (typeof value === 'number') n = value;
      else if (typeof value === 'string' && INT_RE.test(value)) n = Number(value);
      else throw badParameter(where, name, 'must be an integer', value);
      if (!Number.isSafeInteger(n)) throw badParameter(where, name, 'must be an integer', value);
      if (rule.min !== undefined && n < rule.min) throw badParameter(where, name, `must be >= ${rule.min}`, value);
      if (rule.max !== undefined && n > rule.max) throw badParameter(where, name, `must be <= ${rule.max}`, value);
      return n;
    }
    case 'number': {
      let n: number;
      if (typeof value === 'number') n = value;
      else if (typeof value === 'string' && NUM_RE.test(value)) n = Number(value);
      else throw badParameter(where, name, 'must be a number', value);
      if (!Number.isFinite(n)) throw badParameter(where, name, 'must be a finite number', value);
      if (rule.min !== undefined && n < rule.min) throw badParameter(where, name, `must be >= ${rule.min}`, value);
      return n;
    }
    case 'bool': {
      if (typeof value === 'boolean') return value;
      if (value === 'true') return true;
      if (value === 'false') return false;
      throw badParameter(where, name, 'must be true or false', value);
    }
    case 'enum': {
      if (typeof value !== 'string' || !rule.values.includes(value)) {
        throw badParameter(where, name, `must be one of ${rule.values.join(', ')}`, value);
      }
      return value;
    }
    case 'string': {
      if (rule.acceptInteger && typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) value = String(value);
      if (typeof value !== 'string') throw badParameter(where, name, 'must be a string', value);
      if (value === '') throw badParameter(where, name, 'must not be empty');
      // Characters, not UTF-16 code units: 100 emoji are 100 characters (200 code units).
      if (rule.maxLength !== undefined && value.length > rule.maxLength && [...value].length > rule.maxLength) {
        throw badParameter(where, name, `must be at most ${rule.maxLength} characters long`, [...value].length);
      }
      if (rule.pattern && !rule.pattern.test(value)) throw badParameter(where, name, rule.patternRule ?? 'has a bad format', value);
      return value;
    }
    case 'list': {
      const items = typeof value === 'string' ? value.split(',') : value;
      if (!Array.isArray(items) || items.length === 0) throw badParameter(where, name, 'must be a non-empty list', value);
      for (const item of items) {
        if (typeof item !== 'string' || item.trim() === '') {
          throw badParameter(where, name, 'must list non-empty strings', value);
        }
      }
      return items.map((s: string) => s.trim());
    }
  }
}

export interface CheckQueryOptions {
  /** Fill in the seed's defaults (the simulator does; the client sends only what it was given). */
  applyDefaults?: boolean;
  /** Reject parameters the endpoint does not define (the client does; a server may ignore them). */
  rejectUnknown?: boolean;
}

/**
 * Checks query parameters of one endpoint. Accepts wire strings (`"10"`, `"true"`, `"a,b"`) or
 * typed values (10, true, ["a","b"]); `undefined` means absent. Returns typed values.
 */
export function checkQuery(id: EndpointId, input: Readonly<Record<string, unknown>>, options: CheckQueryOptions = {}): ParsedQuery {
  const where = ENDPOINTS[id].route;
  const spec = QUERY_RULES[id];
  const out: ParsedQuery = {};
  if (options.rejectUnknown) {
    for (const [name, value] of Object.entries(input)) {
      if (value !== undefined && !(name in spec)) throw badParameter(where, name, 'is not a parameter of this endpoint');
    }
  }
  for (const [name, rule] of Object.entries(spec)) {
    const value = input[name];
    if (value === undefined || value === null) {
      if (rule.required) throw badParameter(where, name, 'is required');
      if (options.applyDefaults && 'default' in rule && rule.default !== undefined) out[name] = rule.default;
      continue;
    }
    out[name] = checkOne(where, name, rule, value);
  }
  CROSS_RULES[id]?.(out, where);
  return out;
}

/** Serializes checked parameters for the URL; lists are comma-joined, numbers never in exponent form. */
export function toQueryString(params: ParsedQuery): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    // String(1e-7) is "1e-7" and String(1e21) is "1e+21": plain decimal text is what the venue parses.
    sp.set(k, Array.isArray(v) ? v.join(',') : typeof v === 'number' ? new Decimal(v).toFixed() : String(v));
  }
  const s = sp.toString();
  return s === '' ? '' : `?${s}`;
}

/** Path parameters with a format of their own; every other one is any non-empty string. */
const PATH_RULES: Partial<Record<EndpointId, Readonly<Record<string, { pattern: RegExp; patternRule: string }>>>> = {
  getUserComments: { user_address: walletAddress },
};

/** Path parameters are required and non-empty strings, of their format where they have one. */
export function checkPathParam(id: EndpointId, name: string, value: unknown): string {
  const where = ENDPOINTS[id].route;
  if (typeof value !== 'string' || value.trim() === '') throw badParameter(where, name, 'is required (path parameter)', value);
  const rule = PATH_RULES[id]?.[name];
  if (rule !== undefined && !rule.pattern.test(value)) throw badParameter(where, name, rule.patternRule, value);
  return value;
}

// ---- request bodies -------------------------------------------------------------------------

const DECIMAL_RE = /^\d+(\.\d+)?$/;
/** Of DECIMAL_RE text: the value is strictly inside (0, 1). */
const PRICE_IN_RANGE_RE = /^0+\.\d*[1-9]/;
/** Of DECIMAL_RE text: the value is above 0. */
const NONZERO_DIGIT_RE = /[1-9]/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Maximum tokens in one POST /books or /midpoints body (the venue's reference clients batch 500). */
export const MAX_BATCH_TOKENS = 500;

/** POST /books and POST /midpoints: `[{"token_id": "..."}, ...]`. */
export function checkTokenBatch(id: 'postBooks' | 'postMidpoints', body: unknown): { token_id: string }[] {
  const where = ENDPOINTS[id].route;
  if (!Array.isArray(body)) throw badParameter(where, 'body', 'must be a JSON array of {token_id}');
  if (body.length === 0) throw badParameter(where, 'body', 'must name at least one token');
  if (body.length > MAX_BATCH_TOKENS) throw badParameter(where, 'body', `must name at most ${MAX_BATCH_TOKENS} tokens`, body.length);
  return body.map((el, i) => {
    if (!isObject(el) || typeof el.token_id !== 'string' || el.token_id === '') {
      throw badParameter(where, `body[${i}].token_id`, 'must be a non-empty string', el);
    }
    return { token_id: el.token_id };
  });
}

/** DELETE /order: `{"orderId": "..."}`. */
export function checkCancelOrderBody(body: unknown): { orderId: string } {
  const where = ENDPOINTS.cancelOrder.route;
  if (!isObject(body) || typeof body.orderId !== 'string' || body.orderId === '') {
    throw badParameter(where, 'orderId', 'is required and must be a non-empty string', isObject(body) ? body.orderId : body);
  }
  return { orderId: body.orderId };
}

/** DELETE /cancel-market-orders: `{"market"?, "asset_id"?}`, at least one. */
export function checkCancelMarketBody(body: unknown): { market?: string; asset_id?: string } {
  const where = ENDPOINTS.cancelMarketOrders.route;
  if (!isObject(body)) throw badParameter(where, 'body', 'must be a JSON object with market or asset_id');
  const out: { market?: string; asset_id?: string } = {};
  for (const name of ['market', 'asset_id'] as const) {
    const v = body[name];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v === '') throw badParameter(where, name, 'must be a non-empty string', v);
    out[name] = v;
  }
  if (out.market === undefined && out.asset_id === undefined) {
    throw badParameter(where, 'market', 'or asset_id is required');
  }
  return out;
}

export interface CheckedOrderBody {
  order: {
    asset_id: string;
    side: 'BUY' | 'SELL';
    price: string;
    size: string;
    expiration: string;
    client_order_id: string;
  };
  owner: string;
  orderType: 'GTC' | 'GTD' | 'FOK' | 'FAK';
  postOnly: boolean;
}

/**
 * POST /order (design.md section 3). Checks shape and the market-independent rules: price a
 * decimal string strictly inside (0, 1), size a positive decimal string, expiration "0" or Unix
 * seconds (and set exactly when the type is GTD). Tick and minimum size depend on the market and
 * are checked by whoever knows it.
 */
export function checkOrderBody(body: unknown): CheckedOrderBody {
  const where = ENDPOINTS.postOrder.route;
  if (!isObject(body)) throw badParameter(where, 'body', 'must be a JSON object');
  const order = body.order;
  if (!isObject(order)) throw badParameter(where, 'order', 'is required and must be an object');
  const str = (obj: Record<string, unknown>, name: string, label: string, allowEmpty = false): string => {
    const v = obj[name];
    if (typeof v !== 'string' || (!allowEmpty && v === '')) throw badParameter(where, label, 'must be a non-empty string', v);
    return v;
  };
  const assetId = str(order, 'asset_id', 'order.asset_id');
  const side = order.side;
  if (side !== 'BUY' && side !== 'SELL') throw badParameter(where, 'order.side', 'must be BUY or SELL', side);
  const price = str(order, 'price', 'order.price');
  if (!DECIMAL_RE.test(price)) throw badParameter(where, 'order.price', 'must be a decimal string', price);
  // Compared as decimal text, never as a JS number (which rounds "0.99999999999999999999" up to
  // 1): plain digits are strictly inside (0, 1) when the integer part is zero and a digit is not.
  if (!PRICE_IN_RANGE_RE.test(price)) {
    throw badParameter(where, 'order.price', 'must be strictly between 0 and 1', price);
  }
  const size = str(order, 'size', 'order.size');
  if (!DECIMAL_RE.test(size) || !NONZERO_DIGIT_RE.test(size))
    throw badParameter(where, 'order.size', 'must be a positive decimal string', size);
  const expiration = order.expiration === undefined ? '0' : str(order, 'expiration', 'order.expiration');
  if (!/^\d{1,12}$/.test(expiration)) throw badParameter(where, 'order.expiration', 'must be "0" or Unix seconds', expiration);
  const clientOrderId = order.client_order_id === undefined ? '' : str(order, 'client_order_id', 'order.client_order_id', true);
  if (clientOrderId.length > 64)
    throw badParameter(where, 'order.client_order_id', 'must be at most 64 characters long', clientOrderId.length);
  const owner = str(body, 'owner', 'owner');
  const orderType = body.orderType;
  if (orderType !== 'GTC' && orderType !== 'GTD' && orderType !== 'FOK' && orderType !== 'FAK') {
    throw badParameter(where, 'orderType', 'must be one of GTC, GTD, FOK, FAK', orderType);
  }
  if (orderType === 'GTD' && expiration === '0')
    throw badParameter(where, 'order.expiration', 'must be set (Unix seconds) for GTD orders', expiration);
  if (orderType !== 'GTD' && expiration !== '0')
    throw badParameter(where, 'order.expiration', 'must be "0" unless orderType is GTD', expiration);
  const postOnly = body.postOnly === undefined ? false : body.postOnly;
  if (typeof postOnly !== 'boolean') throw badParameter(where, 'postOnly', 'must be true or false', postOnly);
  if (postOnly && (orderType === 'FOK' || orderType === 'FAK')) {
    throw badParameter(where, 'postOnly', 'is only allowed with GTC or GTD orders', orderType);
  }
  return {
    order: { asset_id: assetId, side, price, size, expiration, client_order_id: clientOrderId },
    owner,
    orderType,
    postOnly,
  };
}
