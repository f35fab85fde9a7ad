/**
 * The venue's parameter rules (venue-api.md section 4 and 8.4, design.md section 3) as data, with
 * one checker. The client checks what it is about to send and the simulator checks what it
 * receives with the same rules, so the two cannot drift apart. Every failure names the endpoint,
 * the parameter and the rule. Request bodies have theirs in body-rules.ts.
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

/** A token id (design.md section 3): `<condition_id>:<outcome_index>`. */
const TOKEN_ID = /^[^\s:,]+:\d+$/;

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
  getPricesHistory: {
    market: { kind: 'string', required: true, pattern: TOKEN_ID, patternRule: 'must be a token id: <condition_id>:<outcome_index>' },
    startTs: { kind: 'int', min: 0 },
    endTs: { kind: 'int', min: 0 },
    fidelity: { kind: 'int', min: 1, default: 1 },
    interval: { kind: 'enum', values: ['1m', '1h', '6h', '1d', '1w', 'max'] },
  },
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
  getPricesHistory(q, where) {
    // `interval` is a span ending now: it cannot be placed as well by startTs or endTs.
    for (const name of ['startTs', 'endTs']) {
      if (q.interval !== undefined && q[name] !== undefined) throw badParameter(where, name, 'cannot be given with interval');
    }
    if (typeof q.startTs === 'number' && typeof q.endTs === 'number' && q.endTs < q.startTs) {
      throw badParameter(where, 'endTs', 'must not be before startTs', q.endTs);
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
