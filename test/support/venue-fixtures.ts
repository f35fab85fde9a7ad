/**
 * Well-formed venue resources (venue-api.md section 2, design.md section 3) for tests. Each is a
 * function so a test can change a copy without touching the others.
 */
import type {
  AccountTrade,
  CancelResult,
  ClobMarketSettings,
  Comment,
  EventCreator,
  FeeRate,
  LeaderboardEntry,
  Market,
  OpenOrder,
  OrderBookSnapshot,
  OrderResponse,
  Paged,
  Position,
  SearchResult,
  SimplifiedMarket,
  Tag,
  TradeFill,
  VenueEvent,
} from '../../src/venue/types.js';

export const CONDITION = '0xc0nd1';
export const TOKEN_YES = `${CONDITION}:0`;
export const TOKEN_NO = `${CONDITION}:1`;
export const WALLET = '0xAbC0000000000000000000000000000000000001';

export const tradeFill = (): TradeFill => ({
  proxyWallet: WALLET,
  side: 'BUY',
  asset: TOKEN_YES,
  conditionId: CONDITION,
  size: 10,
  price: 0.42,
  timestamp: 1_763_800_000,
  usdcSize: 4.2,
  title: 'Will it rain?',
  slug: 'will-it-rain',
  icon: 'https://example.invalid/i.png',
  eventSlug: 'rain',
  outcome: 'Yes',
  outcomeIndex: 0,
  name: 'alice',
  pseudonym: 'Quiet-Fox',
  bio: '',
  profileImage: '',
  profileImageOptimized: '',
  transactionHash: '0xfeed',
});

export const position = (): Position => ({
  proxyWallet: WALLET,
  asset: TOKEN_YES,
  conditionId: CONDITION,
  size: 25,
  avgPrice: 0.4,
  initialValue: 10,
  currentValue: 11.25,
  cashPnl: 1.25,
  percentPnl: 12.5,
  totalBought: 25,
  realizedPnl: 0,
  percentRealizedPnl: 0,
  curPrice: 0.45,
  redeemable: false,
  mergeable: false,
  title: 'Will it rain?',
  slug: 'will-it-rain',
  icon: '',
  eventSlug: 'rain',
  outcome: 'Yes',
  outcomeIndex: 0,
  oppositeOutcome: 'No',
  oppositeAsset: TOKEN_NO,
  timestamp: 1_763_800_000,
  endDate: '2026-01-01T00:00:00Z',
  negativeRisk: false,
});

export const comment = (): Comment => ({
  id: 'c-1',
  body: 'nice market',
  parentEntityType: 'Event',
  parentEntityID: 7,
  parentCommentID: '',
  userAddress: WALLET,
  replyAddress: '',
  createdAt: '2025-11-22T00:00:00Z',
  updatedAt: '2025-11-22T00:00:00Z',
  profile: {
    name: 'alice',
    pseudonym: 'Quiet-Fox',
    displayUsernamePublic: true,
    bio: '',
    isMod: false,
    isCreator: false,
    proxyWallet: WALLET,
    baseAddress: WALLET,
    profileImage: '',
    profileImageOptimized: {},
    positions: [{ tokenId: TOKEN_YES, positionSize: '25' }],
  },
  reactions: [],
  reportCount: 0,
  reactionCount: 0,
  replyCount: 0,
  replies: [],
});

export const book = (tokenId = TOKEN_YES): OrderBookSnapshot => ({
  market: CONDITION,
  asset_id: tokenId,
  timestamp: '1763800000123',
  hash: '0xbook',
  bids: [
    { price: '0.41', size: '100' },
    { price: '0.4', size: '250.5' },
  ],
  asks: [
    { price: '0.43', size: '80' },
    { price: '0.44', size: '12' },
  ],
  min_order_size: '5',
  tick_size: '0.01',
  neg_risk: false,
  last_trade_price: '0.42',
});

const rewards = () => ({ rates: [{ asset_address: '0xusdc', rewards_daily_rate: 1.5 }], min_size: 5, max_spread: 3 });
const tokens = () => [
  { token_id: TOKEN_YES, mirror_token_id: '', outcome: 'Yes', price: 0.42, winner: false },
  { token_id: TOKEN_NO, mirror_token_id: '', outcome: 'No', price: 0.58, winner: false },
];

export const simplifiedMarket = (conditionId = CONDITION): SimplifiedMarket => ({
  condition_id: conditionId,
  creator: WALLET,
  mirror_condition_id: '',
  status: 'open',
  neg_risk: false,
  market_id: 11,
  question: 'Will it rain?',
  slug: 'will-it-rain',
  active: true,
  closed: false,
  archived: false,
  accepting_orders: true,
  tokens: tokens(),
  rewards: rewards(),
  assets_ids: [TOKEN_YES, TOKEN_NO],
  outcomes: ['Yes', 'No'],
});

export const market = (conditionId = CONDITION): Market => ({
  ...simplifiedMarket(conditionId),
  enable_order_book: true,
  accepting_order_timestamp: '2025-11-01T00:00:00Z',
  minimum_order_size: 5,
  minimum_tick_size: 0.01,
  question_id: '0xq',
  description: 'Rain at the airport.',
  market_slug: 'will-it-rain',
  end_date_iso: '2026-01-01T00:00:00Z',
  game_start_time: '',
  seconds_delay: 0,
  fpmm: '',
  maker_base_fee: 0,
  taker_base_fee: 0,
  notifications_enabled: true,
  neg_risk_market_id: '',
  neg_risk_request_id: '',
  icon: '',
  image: '',
  is_50_50_outcome: false,
  tags: ['weather'],
  event: { id: 'e-1', slug: 'rain', title: 'Rain', ticker: 'RAIN', description: '' },
  raw_metadata: {},
});

export const paged = <T>(data: T[], nextCursor = 'LTE=', limit = 100): Paged<T> => ({
  data,
  next_cursor: nextCursor,
  limit,
  count: data.length,
});

export const clobMarket = (): ClobMarketSettings => ({
  gst: '2025-11-01T00:00:00Z',
  r: rewards(),
  c: CONDITION,
  creator: WALLET,
  mirror_condition_id: '',
  nr: false,
  t: [
    { t: TOKEN_YES, mirror_token_id: '', o: 'Yes' },
    { t: TOKEN_NO, mirror_token_id: '', o: 'No' },
  ],
  mts: 0.01,
  mos: 5,
  fd: { r: 0.02, e: 1, to: true },
  mbf: 0,
  tbf: 0,
  rfqe: false,
  itode: false,
  ibce: false,
  oas: 0,
});

export const feeRate = (): FeeRate => ({
  base_fee: 0,
  fd: { r: 0.02, e: 1, to: true },
  fee_schedule: { rate: 0.02, exponent: 1, takerOnly: true, rebateRate: 0.25, category: 'default', version: 1, source: 'sim' },
});

export const accountTrade = (id = 't-1'): AccountTrade => ({
  id,
  taker_order_id: 'o-taker',
  market: CONDITION,
  asset_id: TOKEN_YES,
  side: 'BUY',
  size: '10',
  fee_rate_bps: '0',
  price: '0.42',
  status: 'MATCHED',
  match_time: '1763800000',
  last_update: '1763800000',
  outcome: 'Yes',
  maker_address: WALLET,
  owner: 'key',
  transaction_hash: '0xfeed',
  bucket_index: 0,
  maker_orders: [
    {
      order_id: 'o-maker',
      maker_address: WALLET,
      owner: 'key',
      matched_amount: '10',
      fee_rate_bps: '0',
      price: '0.42',
      asset_id: TOKEN_YES,
      outcome: 'Yes',
      side: 'SELL',
    },
  ],
  type: 'TAKER',
});

export const searchResult = (): SearchResult => ({
  events: [{ id: 'e-1', ticker: 'RAIN', slug: 'rain', title: 'Rain' }],
  tags: [{ id: 'tg-1', label: 'Weather', slug: 'weather', event_count: 3 }],
  pagination: { hasMore: false, totalResults: 1 },
});

export const tag = (): Tag => ({
  id: 'tg-1',
  label: 'Weather',
  slug: 'weather',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  requiresTranslation: false,
});

export const venueEvent = (): VenueEvent => ({
  id: 'e-1',
  ticker: 'RAIN',
  slug: 'rain',
  title: 'Rain',
  description: '',
  resolutionSource: '',
  startDate: '2025-11-01T00:00:00Z',
  creationDate: '2025-11-01T00:00:00Z',
  endDate: '2026-01-01T00:00:00Z',
  createdAt: '2025-11-01T00:00:00Z',
  updatedAt: '2025-11-01T00:00:00Z',
  image: '',
  icon: '',
  active: true,
  closed: false,
  archived: false,
  tags: [tag()],
  markets: [
    {
      id: 'm-1',
      question: 'Will it rain?',
      conditionId: CONDITION,
      mirrorConditionId: '',
      slug: 'will-it-rain',
      resolutionSource: '',
      image: '',
      icon: '',
      description: '',
      outcomes: '["Yes","No"]',
      clobTokenIds: `["${TOKEN_YES}","${TOKEN_NO}"]`,
      mirrorClobTokenIds: '[]',
      questionID: '0xq',
      startDate: '2025-11-01T00:00:00Z',
      endDate: '2026-01-01T00:00:00Z',
      createdAt: '2025-11-01T00:00:00Z',
      updatedAt: '2025-11-01T00:00:00Z',
      active: true,
      closed: false,
      archived: false,
    },
  ],
  series: [],
  eventMetadata: {},
});

export const eventCreator = (): EventCreator => ({
  id: 'cr-1',
  creatorName: 'Weather Desk',
  creatorHandle: 'wx',
  creatorUrl: '',
  creatorImage: '',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

export const leaderboardEntry = (): LeaderboardEntry => ({
  rank: '1',
  proxyWallet: WALLET,
  userName: 'alice',
  vol: 12_345.5,
  pnl: -12.25,
  profileImage: '',
  xUsername: null,
  verifiedBadge: null,
});

export const cancelResult = (): CancelResult => ({ canceled: ['o-1'], not_canceled: { 'o-2': 'already filled' } });

export const orderResponse = (): OrderResponse => ({
  success: true,
  errorMsg: '',
  orderID: 'o-1',
  status: 'live',
  makingAmount: '4.2',
  takingAmount: '10',
});

export const openOrder = (id = 'o-1'): OpenOrder => ({
  id,
  status: 'LIVE',
  owner: 'key',
  maker_address: WALLET,
  market: CONDITION,
  asset_id: TOKEN_YES,
  side: 'BUY',
  original_size: '10',
  size_matched: '2.5',
  price: '0.41',
  outcome: 'Yes',
  order_type: 'GTC',
  created_at: '1763800000',
  expiration: '0',
  client_order_id: 'cid-1',
});
