/**
 * Order books, midpoints, public trades and a market's order-book settings and fees (venue-api.md
 * 2.1, 2.4, 2.8, 2.9, 2.17).
 */
import type { Rewards } from './markets.js';
import type { Side } from './orders.js';

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

/** 2.17 */
export type MidpointsResult = Record<string, string>;

/** A point of GET /prices-history (a route the venue's document only names): seconds, price. */
export interface PriceHistoryPoint {
  t: number;
  p: number;
}

/** GET /prices-history: a token's prices, oldest first. */
export interface PriceHistory {
  history: PriceHistoryPoint[];
}
