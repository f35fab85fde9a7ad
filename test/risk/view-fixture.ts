/**
 * MarketViews for the risk tests: market `m1` (tokens m1:0, m1:1), tick 0.01, minimum size 5,
 * size step 0.01, books given as [price, size] text pairs, Decimal throughout.
 */
import { Decimal } from '../../src/money.js';
import type { BookLevel, BookView } from '../../src/market/book-view.js';
import type { MarketView } from '../../src/market/market-view.js';
import type { OrderIntent } from '../../src/strategy/strategy.js';

export const T0 = 1_700_000_000_000;
const d = (v: string | number): Decimal => new Decimal(v);

type Levels = readonly (readonly [string, string])[];

export function book(tokenId: string, bids: Levels, asks: Levels): BookView {
  const lv = (l: Levels): BookLevel[] => l.map(([p, s]) => ({ price: d(p), size: d(s) }));
  const b = lv(bids);
  const a = lv(asks);
  return {
    tokenId,
    market: tokenId.split(':')[0]!,
    bids: b,
    asks: a,
    tickSize: d('0.01'),
    minOrderSize: d(5),
    negRisk: false,
    timestampMs: T0,
    hash: 'h',
    lastTradePrice: undefined,
    mid: b[0] !== undefined && a[0] !== undefined ? b[0].price.plus(a[0].price).div(2) : undefined,
  };
}

export interface ViewOptions {
  market?: string;
  /** Held shares of outcome 0 and outcome 1. */
  pos?: readonly [string | number, string | number];
  /** Outcome 0 book: default bids 0.48 / asks 0.52. Outcome 1 mirrors it. `null` = missing. */
  book0?: BookView | null;
  book1?: BookView | null;
  mid?: string | null;
}

/** A view of a market whose outcome-0 book is 0.48 / 0.52 (outcome 1: 0.48 / 0.52 as well). */
export function view(o: ViewOptions = {}): MarketView {
  const market = o.market ?? 'm1';
  const t0 = `${market}:0`;
  const t1 = `${market}:1`;
  const b0 =
    o.book0 === null
      ? undefined
      : (o.book0 ??
        book(
          t0,
          [
            ['0.48', '100'],
            ['0.47', '100'],
          ],
          [
            ['0.52', '100'],
            ['0.53', '100'],
          ],
        ));
  const b1 =
    o.book1 === null
      ? undefined
      : (o.book1 ??
        book(
          t1,
          [
            ['0.48', '100'],
            ['0.47', '100'],
          ],
          [
            ['0.52', '100'],
            ['0.53', '100'],
          ],
        ));
  return {
    meta: {
      conditionId: market,
      slug: `${market}-slug`,
      tokens: [t0, t1],
      tickSize: d('0.01'),
      minOrderSize: d(5),
      sizeStep: d('0.01'),
      negRisk: false,
      fees: { rate: d(0), exponent: 1, takerOnly: true, rebateRate: d(0) },
      endDateMs: undefined,
      fetchedAtMs: T0,
    },
    books: [b0, b1],
    mid: o.mid === null ? undefined : d(o.mid ?? '0.5'),
    position: { outcome0: d(o.pos?.[0] ?? 0), outcome1: d(o.pos?.[1] ?? 0) },
    liveOrders: [],
    nowMs: T0,
  };
}

/** Bid (BUY outcome 0) at `price` for `size` shares. */
export function bid(price: string, size: string | number, market = 'm1'): OrderIntent {
  return { conditionId: market, tokenId: `${market}:0`, side: 'BUY', price: d(price), size: d(size), quoteSide: 'bid' };
}

/** Ask (SELL outcome 0) at `price` for `size` shares. */
export function ask(price: string, size: string | number, market = 'm1'): OrderIntent {
  return { conditionId: market, tokenId: `${market}:0`, side: 'SELL', price: d(price), size: d(size), quoteSide: 'ask' };
}

/** Ask expressed as BUY outcome 1 at `price` (= 1 - the outcome-0 price). */
export function buyNo(price: string, size: string | number, market = 'm1'): OrderIntent {
  return { conditionId: market, tokenId: `${market}:1`, side: 'BUY', price: d(price), size: d(size), quoteSide: 'ask' };
}

/** Bid expressed as SELL outcome 1 at `price` (= 1 - the outcome-0 price). */
export function sellNo(price: string, size: string | number, market = 'm1'): OrderIntent {
  return { conditionId: market, tokenId: `${market}:1`, side: 'SELL', price: d(price), size: d(size), quoteSide: 'bid' };
}

/** Approved intents as compact text: `BUY m1:0 0.47 x 10`. */
export function show(intents: readonly OrderIntent[]): string[] {
  return intents.map((i) => `${i.side} ${i.tokenId} ${i.price.toFixed()} x ${i.size.toFixed()}`);
}
