/**
 * The venue's resources with the seed's field names and JSON types (venue-api.md section 2 and
 * design.md section 3). Money-bearing strings stay strings here; code that computes with them
 * parses them into Decimal (see src/money.ts).
 */

export type Side = 'BUY' | 'SELL';
export type OrderType = 'GTC' | 'GTD' | 'FOK' | 'FAK';

/** 2.1 element of GET /trades */
export interface TradeFill {
  proxyWallet: string;
  side: Side;
  asset: string;
  conditionId: string;
  size: number;
  price: number;
  timestamp: number;
  usdcSize: number;
  title: string;
  slug: string;
  icon: string;
  eventSlug: string;
  outcome: string;
  outcomeIndex: number;
  name: string;
  pseudonym: string;
  bio: string;
  profileImage: string;
  profileImageOptimized: string;
  transactionHash: string;
}

/** 2.2 element of GET /positions */
export interface Position {
  proxyWallet: string;
  asset: string;
  conditionId: string;
  size: number;
  avgPrice: number;
  initialValue: number;
  currentValue: number;
  cashPnl: number;
  percentPnl: number;
  totalBought: number;
  realizedPnl: number;
  percentRealizedPnl: number;
  curPrice: number;
  redeemable: boolean;
  mergeable: boolean;
  title: string;
  slug: string;
  icon: string;
  eventSlug: string;
  outcome: string;
  outcomeIndex: number;
  oppositeOutcome: string;
  oppositeAsset: string;
  timestamp: number;
  endDate: string;
  negativeRisk: boolean;
}

/** 2.3 comment profile */
export interface CommentProfile {
  name: string;
  pseudonym: string;
  displayUsernamePublic: boolean;
  bio: string;
  isMod: boolean;
  isCreator: boolean;
  proxyWallet: string;
  baseAddress: string;
  profileImage: string;
  profileImageOptimized: Record<string, unknown>;
  positions: { tokenId: string; positionSize: string }[];
}

/** 2.3 */
export interface Comment {
  id: string;
  body: string;
  parentEntityType: string;
  parentEntityID: number;
  parentCommentID: string;
  userAddress: string;
  replyAddress: string;
  createdAt: string;
  updatedAt: string;
  profile: CommentProfile;
  reactions: Record<string, unknown>[];
  reportCount: number;
  reactionCount: number;
  replyCount: number;
  replies: Record<string, unknown>[];
}

export interface PriceLevel {
  price: string;
  size: string;
}

/** 2.4 */
export interface OrderBookSnapshot {
  market: string;
  asset_id: string;
  /** Unix milliseconds, as a string. */
  timestamp: string;
  hash: string;
  bids: PriceLevel[];
  asks: PriceLevel[];
  min_order_size: string;
  tick_size: string;
  neg_risk: boolean;
  last_trade_price: string;
}

export interface RewardRate {
  asset_address: string;
  rewards_daily_rate: number;
}

export interface Rewards {
  rates: RewardRate[];
  min_size: number;
  max_spread: number;
}

export interface MarketToken {
  token_id: string;
  mirror_token_id: string;
  outcome: string;
  price: number;
  winner: boolean;
}

/** 2.5 */
export interface Market {
  enable_order_book: boolean;
  active: boolean;
  closed: boolean;
  archived: boolean;
  accepting_orders: boolean;
  accepting_order_timestamp: string;
  minimum_order_size: number;
  minimum_tick_size: number;
  condition_id: string;
  creator: string;
  mirror_condition_id: string;
  status: string;
  neg_risk: boolean;
  market_id: number;
  question_id: string;
  question: string;
  slug: string;
  description: string;
  market_slug: string;
  end_date_iso: string;
  game_start_time: string;
  seconds_delay: number;
  fpmm: string;
  maker_base_fee: number;
  taker_base_fee: number;
  notifications_enabled: boolean;
  neg_risk_market_id: string;
  neg_risk_request_id: string;
  icon: string;
  image: string;
  rewards: Rewards;
  is_50_50_outcome: boolean;
  tokens: MarketToken[];
  tags: string[];
  assets_ids: string[];
  outcomes: string[];
  event: { id: string; slug: string; title: string; ticker: string; description: string };
  raw_metadata: Record<string, unknown>;
}

/** 2.6 */
export interface SimplifiedMarket {
  condition_id: string;
  creator: string;
  mirror_condition_id: string;
  status: string;
  neg_risk: boolean;
  market_id: number;
  question: string;
  slug: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
  accepting_orders: boolean;
  tokens: MarketToken[];
  rewards: Rewards;
  assets_ids: string[];
  outcomes: string[];
}

/** 2.7 */
export interface Paged<T> {
  data: T[];
  next_cursor: string;
  limit: number;
  count: number;
}

/** First page cursor and end-of-pages cursor (base64 of "0" and "-1"). */
export const FIRST_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';

export interface FeeDetails {
  r: number;
  e: number;
  to: boolean;
}

/** 2.8 */
export interface ClobMarketSettings {
  gst: string;
  r: Rewards;
  c: string;
  creator: string;
  mirror_condition_id: string;
  nr: boolean;
  t: { t: string; mirror_token_id: string; o: string }[];
  mts: number;
  mos: number;
  fd: FeeDetails;
  mbf: number;
  tbf: number;
  rfqe: boolean;
  itode: boolean;
  ibce: boolean;
  oas: number;
}

export interface FeeSchedule {
  rate: number;
  exponent: number;
  takerOnly: boolean;
  rebateRate: number;
  category: string;
  version: number;
  source: string;
}

/** 2.9 */
export interface FeeRate {
  base_fee: number;
  fd: FeeDetails;
  fee_schedule: FeeSchedule;
}

export interface MakerOrderFill {
  order_id: string;
  maker_address: string;
  owner: string;
  matched_amount: string;
  fee_rate_bps: string;
  price: string;
  asset_id: string;
  outcome: string;
  side: string;
}

/** 2.10 */
export interface AccountTrade {
  id: string;
  taker_order_id: string;
  market: string;
  asset_id: string;
  side: string;
  size: string;
  fee_rate_bps: string;
  price: string;
  status: string;
  match_time: string;
  last_update: string;
  outcome: string;
  maker_address: string;
  owner: string;
  transaction_hash: string;
  bucket_index: number;
  maker_orders: MakerOrderFill[];
  type: string;
}

/** 2.11 */
export interface SearchResult {
  events: { id: string; ticker: string; slug: string; title: string }[];
  tags: { id: string; label: string; slug: string; event_count: number }[];
  pagination: { hasMore: boolean; totalResults: number };
}

/** 2.12 */
export interface Tag {
  id: string;
  label: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
  requiresTranslation: boolean;
}

export interface EventMarket {
  id: string;
  question: string;
  conditionId: string;
  mirrorConditionId: string;
  slug: string;
  resolutionSource: string;
  image: string;
  icon: string;
  description: string;
  outcomes: string;
  clobTokenIds: string;
  mirrorClobTokenIds: string;
  questionID: string;
  startDate: string;
  endDate: string;
  createdAt: string;
  updatedAt: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
}

export interface Series {
  id: string;
  ticker: string;
  slug: string;
  title: string;
  seriesType: string;
  recurrence: string;
  image: string;
  icon: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

/** 2.13 */
export interface VenueEvent {
  id: string;
  ticker: string;
  slug: string;
  title: string;
  description: string;
  resolutionSource: string;
  startDate: string;
  creationDate: string;
  endDate: string;
  createdAt: string;
  updatedAt: string;
  image: string;
  icon: string;
  active: boolean;
  closed: boolean;
  archived: boolean;
  tags: Tag[];
  markets: EventMarket[];
  series: Series[];
  eventMetadata: Record<string, unknown>;
}

/** 2.14 */
export interface EventCreator {
  id: string;
  creatorName: string;
  creatorHandle: string;
  creatorUrl: string;
  creatorImage: string;
  createdAt: string;
  updatedAt: string;
}

/** 2.15 */
export interface LeaderboardEntry {
  rank: string;
  proxyWallet: string;
  userName: string;
  vol: number;
  pnl: number;
  profileImage: string;
  xUsername: string | null;
  verifiedBadge: boolean | null;
}

/** 2.16 */
export interface CancelResult {
  canceled: string[];
  not_canceled: Record<string, string>;
}

/** 2.17 */
export type MidpointsResult = Record<string, string>;

/** design.md 3: POST /order body */
export interface OrderRequest {
  order: {
    asset_id: string;
    side: Side;
    price: string;
    size: string;
    /** "0" for none, else Unix seconds (GTD). */
    expiration: string;
    client_order_id: string;
  };
  owner: string;
  orderType: OrderType;
  postOnly: boolean;
}

export type OrderPostStatus = 'live' | 'matched' | 'unmatched' | 'delayed';

/** design.md 3: POST /order response */
export interface OrderResponse {
  success: boolean;
  errorMsg: string;
  orderID: string;
  status: OrderPostStatus;
  makingAmount: string;
  takingAmount: string;
}

/** design.md 3: DELETE /cancel-market-orders body (at least one field). */
export interface CancelMarketOrdersRequest {
  market?: string;
  asset_id?: string;
}

/** design.md 3: order record of GET /data/orders and GET /data/order/{id} */
export interface OpenOrder {
  id: string;
  status: string;
  owner: string;
  maker_address: string;
  market: string;
  asset_id: string;
  side: Side;
  original_size: string;
  size_matched: string;
  price: string;
  outcome: string;
  order_type: OrderType;
  created_at: string;
  expiration: string;
  client_order_id: string;
}

/** design.md 3: error body */
export interface VenueErrorBody {
  error: string;
  code: string;
}
