/**
 * Market views for strategy tests: one market (the fixtures' condition). Books are hand-made
 * BookViews around 0.5 (strategies only check that both are present; the midpoint is the view's).
 */
import type { BookView } from '../../src/market/book-view.js';
import type { LiveOrderView, MarketView } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import type { Quote } from '../../src/strategy/strategy.js';
import type { Side } from '../../src/venue/types.js';
import { CONDITION, TOKEN_NO, TOKEN_YES } from '../support/venue-fixtures.js';

export { CONDITION, TOKEN_NO, TOKEN_YES };

export const NOW_MS = 1_763_800_000_000;

export interface ViewOptions {
  /** Outcome-0 midpoint; null = missing. Default '0.5'. */
  readonly mid?: string | null;
  readonly tick?: string;
  readonly minSize?: string;
  readonly sizeStep?: string;
  /** Which outcome's book is missing. */
  readonly missingBook?: 0 | 1;
  /** Shares held of outcome 0 and outcome 1. */
  readonly position?: readonly [string, string];
  readonly live?: readonly LiveOrderView[];
  readonly nowMs?: number;
  readonly endDateMs?: number;
}

const level = (price: string, size: string) => ({ price: new Decimal(price), size: new Decimal(size) });

function bookOf(tokenId: string, tick: string, minSize: string): BookView {
  return {
    tokenId,
    market: CONDITION,
    bids: [level('0.49', '100'), level('0.48', '250')],
    asks: [level('0.51', '80'), level('0.52', '12')],
    tickSize: new Decimal(tick),
    minOrderSize: new Decimal(minSize),
    negRisk: false,
    timestampMs: NOW_MS - 500,
    hash: '0xbook',
    lastTradePrice: new Decimal('0.5'),
    mid: new Decimal('0.5'),
  };
}

export function makeView(o: ViewOptions = {}): MarketView {
  const tick = o.tick ?? '0.01';
  const minSize = o.minSize ?? '5';
  const books: [BookView | undefined, BookView | undefined] = [bookOf(TOKEN_YES, tick, minSize), bookOf(TOKEN_NO, tick, minSize)];
  if (o.missingBook !== undefined) books[o.missingBook] = undefined;
  const mid = o.mid === undefined ? '0.5' : o.mid;
  return {
    meta: {
      conditionId: CONDITION,
      slug: 'will-it-rain',
      tokens: [TOKEN_YES, TOKEN_NO],
      tickSize: new Decimal(tick),
      minOrderSize: new Decimal(minSize),
      sizeStep: new Decimal(o.sizeStep ?? '0.01'),
      negRisk: false,
      fees: { rate: new Decimal('0.02'), exponent: 1, takerOnly: true, rebateRate: new Decimal('0.25') },
      endDateMs: o.endDateMs,
      fetchedAtMs: NOW_MS,
    },
    books,
    mid: mid === null ? undefined : new Decimal(mid),
    position: { outcome0: new Decimal(o.position?.[0] ?? '0'), outcome1: new Decimal(o.position?.[1] ?? '0') },
    liveOrders: o.live ?? [],
    nowMs: o.nowMs ?? NOW_MS,
  };
}

/** A live order of the account on outcome `outcome`'s token. */
export function liveOrder(id: string, outcome: 0 | 1, side: Side, price: string, remaining: string): LiveOrderView {
  return { id, tokenId: outcome === 0 ? TOKEN_YES : TOKEN_NO, side, price: new Decimal(price), remaining: new Decimal(remaining) };
}

/** Quotes as exact text, e.g. "bid 0.48 x 20". */
export function show(quotes: readonly Quote[]): string[] {
  return quotes.map((q) => `${q.side} ${q.price.toFixed()} x ${q.size.toFixed()}`);
}

export function quote(side: 'bid' | 'ask', price: string, size: string): Quote {
  return { side, price: new Decimal(price), size: new Decimal(size) };
}
