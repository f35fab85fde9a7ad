/**
 * The WebSocket event shapes (design.md section 3), built from the exchange's `ExchangeEvent`s.
 * Money stays in the exchange's decimal strings; timestamps are Unix milliseconds as strings,
 * like the book snapshot's.
 */
import type { AccountTrade, OpenOrder, OrderBookSnapshot, Side } from '../../venue/types.js';

/** Carries the current `tick_size` too, so a (re)subscribing client learns it without a REST call. */
export interface BookEvent extends Omit<OrderBookSnapshot, 'min_order_size' | 'neg_risk' | 'last_trade_price'> {
  event_type: 'book';
}

export interface PriceChangeEvent {
  event_type: 'price_change';
  asset_id: string;
  market: string;
  changes: { price: string; side: Side; size: string }[];
  timestamp: string;
  hash: string;
}

export interface LastTradePriceEvent {
  event_type: 'last_trade_price';
  asset_id: string;
  market: string;
  price: string;
  side: Side;
  size: string;
  timestamp: string;
}

export interface TickSizeChangeEvent {
  event_type: 'tick_size_change';
  asset_id: string;
  market: string;
  old_tick_size: string;
  new_tick_size: string;
  timestamp: string;
}

export type TradeEvent = { event_type: 'trade' } & AccountTrade;
export type OrderEvent = { event_type: 'order'; type: 'PLACEMENT' | 'UPDATE' | 'CANCELLATION' } & OpenOrder;

/** Sent on a bad subscription or an unknown asset; `code` as in the HTTP error body. */
export interface ErrorEvent {
  event_type: 'error';
  error: string;
  code: string;
}

export type MarketChannelEvent = BookEvent | PriceChangeEvent | LastTradePriceEvent | TickSizeChangeEvent | ErrorEvent;
export type UserChannelEvent = TradeEvent | OrderEvent | ErrorEvent;

export function bookEvent(b: OrderBookSnapshot): BookEvent {
  return {
    event_type: 'book',
    asset_id: b.asset_id,
    market: b.market,
    bids: b.bids,
    asks: b.asks,
    tick_size: b.tick_size,
    timestamp: b.timestamp,
    hash: b.hash,
  };
}
