/** Markets and their simplified form, with their tokens and rewards (venue-api.md 2.5, 2.6). */

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
