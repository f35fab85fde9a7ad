/**
 * The WebSocket event shapes (design.md section 3), built from the exchange's `ExchangeEvent`s.
 * Money stays in the exchange's decimal strings; timestamps are Unix milliseconds as strings,
 * like the book snapshot's.
 */
import type { AccountTrade, OpenOrder, OrderBookSnapshot, Side } from '../../venue/types.js';
import type { ExchangeEvent } from '../contracts.js';

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

/**
 * The simulator's own event (the venue documents no event for it): the token's market resolved;
 * `winning_asset_id` pays 1 a share, the other token 0. Sent once per token of the market.
 */
export interface MarketResolvedEvent {
  event_type: 'market_resolved';
  asset_id: string;
  market: string;
  winning_asset_id: string;
  winning_outcome: string;
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

export type MarketChannelEvent =
  | BookEvent
  | PriceChangeEvent
  | LastTradePriceEvent
  | TickSizeChangeEvent
  | MarketResolvedEvent
  | ErrorEvent;
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

/**
 * The market-channel event of an exchange event, as the server sends it (and as an in-process
 * recording writes it): `book` carries the token's current book; a price change the hash of the
 * book after it; times are `nowMs`.
 */
export function marketChannelEvent(
  e: Extract<ExchangeEvent, { tokenId: string }>,
  books: { book(tokenId: string): OrderBookSnapshot | undefined },
  conditionIdOf: (tokenId: string) => string,
  nowMs: number,
): MarketChannelEvent | undefined {
  const market = conditionIdOf(e.tokenId);
  const timestamp = String(nowMs);
  switch (e.type) {
    case 'book': {
      const b = books.book(e.tokenId);
      return b ? bookEvent(b) : undefined;
    }
    case 'price_change':
      return {
        event_type: 'price_change',
        asset_id: e.tokenId,
        market,
        changes: e.changes,
        timestamp,
        hash: books.book(e.tokenId)?.hash ?? '',
      };
    case 'last_trade_price':
      return { event_type: 'last_trade_price', asset_id: e.tokenId, market, price: e.price, side: e.side, size: e.size, timestamp };
    case 'tick_size_change':
      return {
        event_type: 'tick_size_change',
        asset_id: e.tokenId,
        market,
        old_tick_size: e.oldTickSize,
        new_tick_size: e.newTickSize,
        timestamp,
      };
    case 'market_resolved':
      return {
        event_type: 'market_resolved',
        asset_id: e.tokenId,
        market,
        winning_asset_id: e.winningTokenId,
        winning_outcome: e.winningOutcome,
        timestamp,
      };
  }
}
