/** Helpers for the poller tests: book snapshots and a scripted BookSource, no network. */
import type { BookSource } from '../../src/market/poller.js';
import type { MidpointsResult, OrderBookSnapshot } from '../../src/venue/types.js';
import { validateBooks, validateMidpoints } from '../../src/venue/validate/order-book.js';

export const NOW = 1_767_225_600_000;

/** A fresh, uncrossed book of `token` (bid 0.48, ask 0.52) taken at NOW. */
export function bookOf(token: string, over: Partial<OrderBookSnapshot> = {}): OrderBookSnapshot {
  return {
    market: '0xm',
    asset_id: token,
    timestamp: String(NOW),
    hash: 'h',
    bids: [{ price: '0.48', size: '10' }],
    asks: [{ price: '0.52', size: '10' }],
    min_order_size: '5',
    tick_size: '0.01',
    neg_risk: false,
    last_trade_price: '0.5',
    ...over,
  };
}

export interface ScriptedSource extends BookSource {
  /** The token lists of every POST /books asked, in order. */
  readonly bookCalls: string[][];
}

/**
 * A BookSource that answers what the test says for the tokens asked (an Error is thrown as the
 * request's failure), each answer checked as the venue client checks it.
 */
export function scriptedSource(
  books: (tokens: readonly string[]) => OrderBookSnapshot[] | Error,
  mids: (tokens: readonly string[]) => MidpointsResult | Error = () => ({}),
): ScriptedSource {
  const bookCalls: string[][] = [];
  return {
    bookCalls,
    postBooks: async (tokens) => {
      bookCalls.push([...tokens]);
      const b = books(tokens);
      if (b instanceof Error) throw b;
      return validateBooks('POST /books', b);
    },
    postMidpoints: async (tokens) => {
      const m = mids(tokens);
      if (m instanceof Error) throw m;
      return validateMidpoints('POST /midpoints', m);
    },
  };
}
