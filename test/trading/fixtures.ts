/**
 * Hand-made books, market rules and stored books for the trading tests: one market (MARKET, with
 * tokens T0 and T1) and a second one (MARKET2) where a test needs two. Money is built from text.
 */
import type { BookLevel, BookView } from '../../src/market/book-view.js';
import type { MarketMeta } from '../../src/market/market-view.js';
import { Decimal } from '../../src/money.js';
import type { StoredBook } from '../../src/trading/book-store.js';

/** 2026-01-01T00:00:00Z: a clock time every fixture book is taken at unless told otherwise. */
export const NOW = 1_767_225_600_000;

export const MARKET = '0xmarket1';
export const T0 = `${MARKET}:0`;
export const T1 = `${MARKET}:1`;
export const MARKET2 = '0xmarket2';
export const U0 = `${MARKET2}:0`;
export const U1 = `${MARKET2}:1`;

export const d = (text: string): Decimal => new Decimal(text);

/** Levels from `[price, size]` text pairs, in the order given. */
export function levels(...pairs: readonly (readonly [string, string])[]): BookLevel[] {
  return pairs.map(([price, size]) => ({ price: d(price), size: d(size) }));
}

/** Levels as exact text, "price x size", in their order. */
export function show(ls: readonly BookLevel[]): string[] {
  return ls.map((l) => `${l.price.toFixed()} x ${l.size.toFixed()}`);
}

export interface BookOptions {
  readonly bids?: readonly (readonly [string, string])[];
  readonly asks?: readonly (readonly [string, string])[];
  readonly tick?: string;
  readonly timestampMs?: number;
  readonly hash?: string;
  readonly market?: string;
}

/** A book as the poller hands it over (best first), around 0.50 unless told. */
export function book(tokenId: string, o: BookOptions = {}): BookView {
  const bids = levels(
    ...(o.bids ?? [
      ['0.49', '100'],
      ['0.48', '250'],
    ]),
  );
  const asks = levels(
    ...(o.asks ?? [
      ['0.51', '80'],
      ['0.52', '12'],
    ]),
  );
  return {
    tokenId,
    market: o.market ?? tokenId.slice(0, tokenId.lastIndexOf(':')),
    bids,
    asks,
    tickSize: d(o.tick ?? '0.01'),
    minOrderSize: d('5'),
    negRisk: false,
    timestampMs: o.timestampMs ?? NOW,
    hash: o.hash ?? `hash-${tokenId}`,
    lastTradePrice: d('0.5'),
    mid: bids[0] !== undefined && asks[0] !== undefined ? bids[0].price.plus(asks[0].price).div(2) : undefined,
  };
}

/** What the book store holds after a poll: the book and the venue's midpoint (default: the book's). */
export function stored(b: BookView, mid?: string): StoredBook {
  return { book: b, mid: mid === undefined ? b.mid : d(mid) };
}

export function meta(conditionId = MARKET, tick = '0.01'): MarketMeta {
  return {
    conditionId,
    slug: `slug-${conditionId}`,
    tokens: [`${conditionId}:0`, `${conditionId}:1`],
    tickSize: d(tick),
    minOrderSize: d('5'),
    sizeStep: d('0.01'),
    negRisk: false,
    fees: { rate: d('0.02'), exponent: 1, takerOnly: true, rebateRate: d('0') },
    endDateMs: undefined,
    fetchedAtMs: NOW,
  };
}
