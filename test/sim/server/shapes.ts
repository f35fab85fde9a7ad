/**
 * The seed's resources (venue-api.md section 2, design.md section 3) as JSON-type shapes, and a
 * checker that every field is present with the right JSON type. Written from the documents, not
 * from src/venue/types.ts, so it checks the simulator independently.
 */
import { expect } from 'vitest';

export type Shape = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'nullable' | 'array' | { [k: string]: Shape } | [Shape];

const rewards: Shape = { rates: [{ asset_address: 'string', rewards_daily_rate: 'number' }], min_size: 'number', max_spread: 'number' };
const marketToken: Shape = { token_id: 'string', mirror_token_id: 'string', outcome: 'string', price: 'number', winner: 'boolean' };
const fd: Shape = { r: 'number', e: 'integer', to: 'boolean' };
const tag: Shape = {
  id: 'string',
  label: 'string',
  slug: 'string',
  createdAt: 'string',
  updatedAt: 'string',
  requiresTranslation: 'boolean',
};
const makerOrder: Shape = {
  order_id: 'string',
  maker_address: 'string',
  owner: 'string',
  matched_amount: 'string',
  fee_rate_bps: 'string',
  price: 'string',
  asset_id: 'string',
  outcome: 'string',
  side: 'string',
};
const level: Shape = { price: 'string', size: 'string' };

export const SHAPES = {
  tradeFill: {
    proxyWallet: 'string',
    side: 'string',
    asset: 'string',
    conditionId: 'string',
    size: 'number',
    price: 'number',
    timestamp: 'integer',
    usdcSize: 'number',
    title: 'string',
    slug: 'string',
    icon: 'string',
    eventSlug: 'string',
    outcome: 'string',
    outcomeIndex: 'integer',
    name: 'string',
    pseudonym: 'string',
    bio: 'string',
    profileImage: 'string',
    profileImageOptimized: 'string',
    transactionHash: 'string',
  },
  position: {
    proxyWallet: 'string',
    asset: 'string',
    conditionId: 'string',
    size: 'number',
    avgPrice: 'number',
    initialValue: 'number',
    currentValue: 'number',
    cashPnl: 'number',
    percentPnl: 'number',
    totalBought: 'number',
    realizedPnl: 'number',
    percentRealizedPnl: 'number',
    curPrice: 'number',
    redeemable: 'boolean',
    mergeable: 'boolean',
    title: 'string',
    slug: 'string',
    icon: 'string',
    eventSlug: 'string',
    outcome: 'string',
    outcomeIndex: 'integer',
    oppositeOutcome: 'string',
    oppositeAsset: 'string',
    timestamp: 'integer',
    endDate: 'string',
    negativeRisk: 'boolean',
  },
  comment: {
    id: 'string',
    body: 'string',
    parentEntityType: 'string',
    parentEntityID: 'integer',
    parentCommentID: 'string',
    userAddress: 'string',
    replyAddress: 'string',
    createdAt: 'string',
    updatedAt: 'string',
    profile: {
      name: 'string',
      pseudonym: 'string',
      displayUsernamePublic: 'boolean',
      bio: 'string',
      isMod: 'boolean',
      isCreator: 'boolean',
      proxyWallet: 'string',
      baseAddress: 'string',
      profileImage: 'string',
      profileImageOptimized: 'object',
      positions: [{ tokenId: 'string', positionSize: 'string' }],
    },
    reactions: ['object'],
    reportCount: 'integer',
    reactionCount: 'integer',
    replyCount: 'integer',
    replies: ['object'],
  },
  book: {
    market: 'string',
    asset_id: 'string',
    timestamp: 'string',
    hash: 'string',
    bids: [level],
    asks: [level],
    min_order_size: 'string',
    tick_size: 'string',
    neg_risk: 'boolean',
    last_trade_price: 'string',
  },
  market: {
    enable_order_book: 'boolean',
    active: 'boolean',
    closed: 'boolean',
    archived: 'boolean',
    accepting_orders: 'boolean',
    accepting_order_timestamp: 'string',
    minimum_order_size: 'number',
    minimum_tick_size: 'number',
    condition_id: 'string',
    creator: 'string',
    mirror_condition_id: 'string',
    status: 'string',
    neg_risk: 'boolean',
    market_id: 'integer',
    question_id: 'string',
    question: 'string',
    slug: 'string',
    description: 'string',
    market_slug: 'string',
    end_date_iso: 'string',
    game_start_time: 'string',
    seconds_delay: 'integer',
    fpmm: 'string',
    maker_base_fee: 'number',
    taker_base_fee: 'number',
    notifications_enabled: 'boolean',
    neg_risk_market_id: 'string',
    neg_risk_request_id: 'string',
    icon: 'string',
    image: 'string',
    rewards,
    is_50_50_outcome: 'boolean',
    tokens: [marketToken],
    tags: ['string'],
    assets_ids: ['string'],
    outcomes: ['string'],
    event: { id: 'string', slug: 'string', title: 'string', ticker: 'string', description: 'string' },
    raw_metadata: 'object',
  },
  simplifiedMarket: {
    condition_id: 'string',
    creator: 'string',
    mirror_condition_id: 'string',
    status: 'string',
    neg_risk: 'boolean',
    market_id: 'integer',
    question: 'string',
    slug: 'string',
    active: 'boolean',
    closed: 'boolean',
    archived: 'boolean',
    accepting_orders: 'boolean',
    tokens: [marketToken],
    rewards,
    assets_ids: ['string'],
    outcomes: ['string'],
  },
  paged: { data: 'array', next_cursor: 'string', limit: 'integer', count: 'integer' },
  clobMarket: {
    gst: 'string',
    r: rewards,
    c: 'string',
    creator: 'string',
    mirror_condition_id: 'string',
    nr: 'boolean',
    t: [{ t: 'string', mirror_token_id: 'string', o: 'string' }],
    mts: 'number',
    mos: 'number',
    fd,
    mbf: 'integer',
    tbf: 'integer',
    rfqe: 'boolean',
    itode: 'boolean',
    ibce: 'boolean',
    oas: 'integer',
  },
  feeRate: {
    base_fee: 'integer',
    fd,
    fee_schedule: {
      rate: 'number',
      exponent: 'integer',
      takerOnly: 'boolean',
      rebateRate: 'number',
      category: 'string',
      version: 'integer',
      source: 'string',
    },
  },
  accountTrade: {
    id: 'string',
    taker_order_id: 'string',
    market: 'string',
    asset_id: 'string',
    side: 'string',
    size: 'string',
    fee_rate_bps: 'string',
    price: 'string',
    status: 'string',
    match_time: 'string',
    last_update: 'string',
    outcome: 'string',
    maker_address: 'string',
    owner: 'string',
    transaction_hash: 'string',
    bucket_index: 'integer',
    maker_orders: [makerOrder],
    type: 'string',
  },
  search: {
    events: [{ id: 'string', ticker: 'string', slug: 'string', title: 'string' }],
    tags: [{ id: 'string', label: 'string', slug: 'string', event_count: 'integer' }],
    pagination: { hasMore: 'boolean', totalResults: 'integer' },
  },
  tag,
  event: {
    id: 'string',
    ticker: 'string',
    slug: 'string',
    title: 'string',
    description: 'string',
    resolutionSource: 'string',
    startDate: 'string',
    creationDate: 'string',
    endDate: 'string',
    createdAt: 'string',
    updatedAt: 'string',
    image: 'string',
    icon: 'string',
    active: 'boolean',
    closed: 'boolean',
    archived: 'boolean',
    tags: [tag],
    markets: [
      {
        id: 'string',
        question: 'string',
        conditionId: 'string',
        mirrorConditionId: 'string',
        slug: 'string',
        resolutionSource: 'string',
        image: 'string',
        icon: 'string',
        description: 'string',
        outcomes: 'string',
        clobTokenIds: 'string',
        mirrorClobTokenIds: 'string',
        questionID: 'string',
        startDate: 'string',
        endDate: 'string',
        createdAt: 'string',
        updatedAt: 'string',
        active: 'boolean',
        closed: 'boolean',
        archived: 'boolean',
      },
    ],
    series: ['object'],
    eventMetadata: 'object',
  },
  creator: {
    id: 'string',
    creatorName: 'string',
    creatorHandle: 'string',
    creatorUrl: 'string',
    creatorImage: 'string',
    createdAt: 'string',
    updatedAt: 'string',
  },
  leaderboard: {
    rank: 'string',
    proxyWallet: 'string',
    userName: 'string',
    vol: 'number',
    pnl: 'number',
    profileImage: 'string',
    xUsername: 'nullable',
    verifiedBadge: 'nullable',
  },
  cancel: { canceled: ['string'], not_canceled: 'object' },
  orderResponse: {
    success: 'boolean',
    errorMsg: 'string',
    orderID: 'string',
    status: 'string',
    makingAmount: 'string',
    takingAmount: 'string',
  },
  order: {
    id: 'string',
    status: 'string',
    owner: 'string',
    maker_address: 'string',
    market: 'string',
    asset_id: 'string',
    side: 'string',
    original_size: 'string',
    size_matched: 'string',
    price: 'string',
    outcome: 'string',
    order_type: 'string',
    created_at: 'string',
    expiration: 'string',
    client_order_id: 'string',
  },
} satisfies Record<string, Shape>;

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function typeErrors(value: unknown, shape: Shape, path: string, out: string[]): void {
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) out.push(`${path}: expected array, got ${JSON.stringify(value)}`);
    else for (const [i, v] of value.entries()) typeErrors(v, shape[0], `${path}[${i}]`, out);
    return;
  }
  if (typeof shape === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      out.push(`${path}: expected object`);
      return;
    }
    for (const [k, s] of Object.entries(shape)) {
      if (!(k in value)) out.push(`${path}.${k}: missing`);
      else typeErrors((value as Record<string, unknown>)[k], s, `${path}.${k}`, out);
    }
    return;
  }
  const ok =
    shape === 'nullable' ||
    (shape === 'integer'
      ? Number.isInteger(value)
      : shape === 'array'
        ? Array.isArray(value)
        : shape === 'object'
          ? typeof value === 'object' && value !== null && !Array.isArray(value)
          : typeof value === shape);
  if (!ok) out.push(`${path}: expected ${shape}, got ${JSON.stringify(value)}`);
}

/** Asserts every field of the shape is present with its JSON type. */
export function expectShape(value: unknown, shape: Shape, what = '$'): void {
  const errors: string[] = [];
  typeErrors(value, shape, what, errors);
  expect(errors).toEqual([]);
}

/** Asserts a non-empty array whose every element fits the shape. */
export function expectArrayOf(value: unknown, shape: Shape, what = '$'): void {
  expect(Array.isArray(value) && value.length > 0, `${what} should be a non-empty array`).toBe(true);
  expectShape(value, [shape], what);
}

export function expectIso(value: unknown): void {
  expect(typeof value === 'string' && ISO_RE.test(value), `ISO 8601 date-time: ${String(value)}`).toBe(true);
}

/** Asserts the contract's error body and status; returns the message. */
export function expectError(r: { status: number; body: unknown }, status: number, code: string, mentions?: string): string {
  expect(r.status).toBe(status);
  const body = r.body as { error?: unknown; code?: unknown };
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  if (mentions !== undefined) expect(body.error as string).toContain(mentions);
  return body.error as string;
}
