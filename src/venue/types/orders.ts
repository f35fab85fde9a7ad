/**
 * Orders and the account's trades: sides and order types, POST /order and its answer, cancels, the
 * order record, the error body (venue-api.md 2.10, 2.16; design.md 3).
 */

export type Side = 'BUY' | 'SELL';
export type OrderType = 'GTC' | 'GTD' | 'FOK' | 'FAK';

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

/** 2.16 */
export interface CancelResult {
  canceled: string[];
  not_canceled: Record<string, string>;
}

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
