/**
 * Builds a market's view in one place: both outcome books (only when fresh and sound), the
 * outcome-0 midpoint, the market's rules, the account's position in both outcomes and its live
 * orders there. Pure: everything comes in as arguments.
 *
 * The midpoint is the market's, not ours: when the account has (or, shortly before the book's
 * time, had) orders in a book, they are taken out of its levels before the midpoint is computed.
 * Otherwise a strategy quoting around the midpoint would chase its own quotes (a bid raises the
 * midpoint, which raises the bid ...). Books lag the account's own actions, so an order counts
 * with its original size (a book older than a partial fill shows all of it) and an order gone
 * after the book was taken still counts. A book without any of ours uses the venue's midpoint
 * (POST /midpoints) as it is.
 */
import { bookProblem, midPrice, type BookView } from '../market/book-view.js';
import { stopAtOf } from '../market/market-end.js';
import type { LiveOrderView, MarketMeta, MarketView, PositionDoubt } from '../market/market-view.js';
import { compareDecimals, type Decimal, microOf, ONE, ZERO } from '../money.js';
import type { OwnOrderFootprint } from '../execution/order-tracker.js';
import type { StoredBook } from './book-store.js';

export interface ViewInputs {
  readonly meta: MarketMeta;
  readonly stored: readonly [StoredBook | undefined, StoredBook | undefined];
  readonly positions: ReadonlyMap<string, Decimal>;
  /** How far the position may be from `positions` (MarketView.doubt). */
  readonly doubt?: PositionDoubt | undefined;
  /** What the shares held of a token cost (MarketView.paid; held-cost.ts); read for neg-risk markets only. */
  readonly paid?: ((tokenId: string, held: Decimal) => Decimal | undefined) | undefined;
  readonly liveOrders: readonly LiveOrderView[];
  /** The account's orders as books may show them (src/execution/order-tracker.ts footprints). */
  readonly own: readonly OwnOrderFootprint[];
  readonly nowMs: number;
  readonly staleAfterMs: number;
  /** The market's quoting.stopBeforeEndSec in ms (MarketView.stopAtMs); undefined: none set. */
  readonly stopBeforeEndMs?: number | undefined;
}

/** Clock difference tolerated between the venue's book time and ours. */
const CLOCK_SLACK_MS = 500;

type Level = { readonly price: Decimal; readonly size: Decimal };

/** A price as a map key: its micro-units (no text built), or its text when it has no such form. */
function priceKey(p: Decimal): number | string {
  return microOf(p) ?? p.toFixed();
}

/** Best price of `levels` once the account's own sizes at each price are taken out. */
function bestOther(levels: readonly Level[], own: ReadonlyMap<number | string, Decimal> | undefined): Decimal | undefined {
  for (const l of levels) {
    const mine = own?.get(priceKey(l.price));
    if (mine === undefined || compareDecimals(l.size, mine) > 0) return l.price;
  }
  return undefined;
}

function marketMid(book: BookView, stored: StoredBook, footprints: readonly OwnOrderFootprint[]): Decimal | undefined {
  const micro = marketMidMicro(book, stored, footprints);
  return micro === null ? marketMidDecimal(book, stored, footprints) : micro;
}

/** Whether a footprint may show in `book`: on its token, and not gone before the book was taken. */
function shows(o: OwnOrderFootprint, book: BookView): boolean {
  return o.tokenId === book.tokenId && (o.goneAtMs === undefined || o.goneAtMs > book.timestampMs - CLOCK_SLACK_MS);
}

function marketMidDecimal(book: BookView, stored: StoredBook, footprints: readonly OwnOrderFootprint[]): Decimal | undefined {
  let own: { BUY: Map<number | string, Decimal>; SELL: Map<number | string, Decimal> } | undefined;
  for (const o of footprints) {
    if (!shows(o, book)) continue;
    own ??= { BUY: new Map(), SELL: new Map() };
    const k = priceKey(o.price);
    const before = own[o.side].get(k);
    own[o.side].set(k, before === undefined ? o.size : before.plus(o.size));
  }
  if (own === undefined) return stored.mid;
  const bid = bestOther(book.bids, own.BUY);
  const ask = bestOther(book.asks, own.SELL);
  return bid !== undefined && ask !== undefined ? midPrice(bid, ask) : undefined;
}

/**
 * marketMidDecimal in micro-units: the same midpoint, or null when a price or size on the way has
 * no micro-unit form or a sum leaves the safe integers (then the Decimal path decides). Our few
 * footprints are summed per level as the levels are read (no map built per book).
 */
function marketMidMicro(book: BookView, stored: StoredBook, footprints: readonly OwnOrderFootprint[]): Decimal | undefined | null {
  let buys = false;
  let sells = false;
  for (const o of footprints) {
    if (!shows(o, book)) continue;
    if (o.side === 'BUY') buys = true;
    else sells = true;
    if (microOf(o.price) === undefined || microOf(o.size) === undefined) return null;
  }
  if (!buys && !sells) return stored.mid;
  const bid = buys ? bestOtherMicro(book, book.bids, 'BUY', footprints) : book.bids[0]?.price;
  const ask = bid === null ? null : sells ? bestOtherMicro(book, book.asks, 'SELL', footprints) : book.asks[0]?.price;
  if (bid === null || ask === null) return null;
  return bid !== undefined && ask !== undefined ? midPrice(bid, ask) : undefined;
}

/** The best price of `levels` with more than our `side` footprints' size at it; null: no micro-unit form. */
function bestOtherMicro(
  book: BookView,
  levels: readonly Level[],
  side: 'BUY' | 'SELL',
  footprints: readonly OwnOrderFootprint[],
): Decimal | undefined | null {
  for (const l of levels) {
    const p = microOf(l.price);
    if (p === undefined) return null;
    let mine = 0;
    let found = false;
    for (const o of footprints) {
      if (o.side !== side || !shows(o, book) || microOf(o.price) !== p) continue;
      found = true;
      mine += microOf(o.size)!;
      if (!Number.isSafeInteger(mine)) return null;
    }
    if (!found) return l.price;
    const size = microOf(l.size);
    if (size === undefined) return null;
    if (size > mine) return l.price;
  }
  return undefined;
}

function usable(s: StoredBook | undefined, nowMs: number, staleAfterMs: number): BookView | undefined {
  if (s === undefined) return undefined;
  return bookProblem(s.book, nowMs, staleAfterMs) === undefined ? s.book : undefined;
}

export function buildMarketView(i: ViewInputs): MarketView {
  const b0 = usable(i.stored[0], i.nowMs, i.staleAfterMs);
  const b1 = usable(i.stored[1], i.nowMs, i.staleAfterMs);
  const m0 = b0 === undefined ? undefined : marketMid(b0, i.stored[0]!, i.own);
  const m1 = b1 === undefined ? undefined : marketMid(b1, i.stored[1]!, i.own);
  const mid = m0 ?? (m1 === undefined ? undefined : ONE.minus(m1));
  const [t0, t1] = i.meta.tokens;
  const outcome0 = i.positions.get(t0) ?? ZERO;
  const outcome1 = i.positions.get(t1) ?? ZERO;
  return {
    meta: i.meta,
    books: [b0, b1],
    mid,
    position: { outcome0, outcome1 },
    doubt: i.doubt,
    paid: i.paid === undefined || !i.meta.negRisk ? undefined : [i.paid(t0, outcome0), i.paid(t1, outcome1)],
    liveOrders: i.liveOrders,
    nowMs: i.nowMs,
    stopAtMs: i.stopBeforeEndMs === undefined || i.meta.endDateMs === undefined ? undefined : stopAtOf(i.meta.endDateMs, i.stopBeforeEndMs),
  };
}
