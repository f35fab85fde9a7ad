/**
 * Paper mode's books with the virtual orders added, as the venue's books hold a live account's
 * orders: levels and sizes to the share, the crossing case, the hash, and what the readers of the
 * books then do. The sweep guard sees a background maker's ladder refresh (its whole ladder
 * cancelled) as a live run does, with our orders still at the touch, and the midpoint is the
 * market's, our orders taken out again.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { MarketGuard } from '../../src/guard/index.js';
import { overlaid, overlayVirtualOrders } from '../../src/paper/book-overlay.js';
import type { Decimal } from '../../src/money.js';
import { PaperVenue } from '../../src/paper/paper-venue.js';
import type { VirtualOrder } from '../../src/paper/queue-fill-model.js';
import type { StoredBook } from '../../src/trading/book-store.js';
import { buildMarketView } from '../../src/trading/view-builder.js';
import { only } from '../guard/guard-fixture.js';
import { book, d, MARKET, meta, NOW, show, stored, T0, T1 } from '../trading/fixtures.js';

function order(id: string, side: 'BUY' | 'SELL', price: string, remaining: string, tokenId = T0): VirtualOrder {
  return { id, tokenId, side, price: d(price), size: d(remaining), atMs: NOW, queueAhead: d('0'), filled: d('0'), remaining: d(remaining) };
}

describe('overlayVirtualOrders', () => {
  const base = stored(book(T0)); // bids 0.49 x 100, 0.48 x 250; asks 0.51 x 80, 0.52 x 12

  it('adds each order to its level, or inserts its level in price order, and renames the book', () => {
    const out = overlayVirtualOrders(base, [
      order('a', 'BUY', '0.49', '10'),
      order('b', 'BUY', '0.485', '7.5'),
      order('c', 'BUY', '0.47', '5'),
      order('e', 'SELL', '0.505', '20'),
      order('f', 'SELL', '0.53', '3'),
      order('other', 'SELL', '0.505', '99', T1),
    ]);
    expect(show(out.book.bids)).toEqual(['0.49 x 110', '0.485 x 7.5', '0.48 x 250', '0.47 x 5']);
    expect(show(out.book.asks)).toEqual(['0.505 x 20', '0.51 x 80', '0.52 x 12', '0.53 x 3']);
    expect(out.mid?.toFixed()).toBe('0.4975');
    expect(out.book.mid?.toFixed()).toBe('0.4975');
    expect(out.book.hash).toBe('hash-0xmarket1:0+a/10,b/7.5,c/5,e/20,f/3');
    // The public book is left as it was.
    expect(show(base.book.bids)).toEqual(['0.49 x 100', '0.48 x 250']);
  });

  it('adds a bid to an empty side, and leaves out an order at or through the public opposite best', () => {
    const empty = stored(book(T0, { bids: [], asks: [['0.51', '80']] }));
    const out = overlayVirtualOrders(empty, [order('a', 'BUY', '0.5', '4'), order('x', 'BUY', '0.51', '9')]);
    expect(show(out.book.bids)).toEqual(['0.5 x 4']);
    expect(show(out.book.asks)).toEqual(['0.51 x 80']);
    expect(out.book.hash).toBe('hash-0xmarket1:0+a/4');
    expect(overlayVirtualOrders(base, [order('y', 'SELL', '0.49', '1')])).toBe(base);
  });

  it('returns the stored book itself when no virtual order of its token rests', () => {
    expect(overlayVirtualOrders(base, [])).toBe(base);
    expect(overlayVirtualOrders(base, [order('z', 'BUY', '0.49', '0')])).toBe(base);
  });
});

describe('the paper books as the trading loop reads them', () => {
  const ladder = {
    bids: [
      ['0.49', '100'],
      ['0.48', '100'],
      ['0.47', '100'],
      ['0.46', '100'],
    ] as [string, string][],
    asks: [
      ['0.51', '100'],
      ['0.52', '100'],
      ['0.53', '100'],
      ['0.54', '100'],
    ] as [string, string][],
  };

  async function paperWithQuotes() {
    const clock = new FakeClock(NOW);
    const v = new PaperVenue({ clock, account: { address: 'paper', apiKey: 'paper' }, runId: 'run1' });
    const toStream = (ls: [string, string][]) => ls.map(([price, size]) => ({ price, size }));
    v.onBook({
      event_type: 'book',
      asset_id: T0,
      market: MARKET,
      bids: toStream(ladder.bids),
      asks: toStream(ladder.asks),
      tick_size: '0.01',
      timestamp: String(NOW),
      hash: 'h',
    });
    for (const [side, price] of [
      ['BUY', '0.49'],
      ['SELL', '0.51'],
    ] as const)
      await v.postTrustedOrder({
        order: { asset_id: T0, side, price, size: '20', expiration: '0', client_order_id: `c-${price}` },
        orderType: 'GTC',
        postOnly: true,
      });
    return v;
  }

  // The views the loop builds at `atMs` from the public book, with (paper mode) or without the overlay.
  function viewOf(v: PaperVenue, pub: StoredBook, withOverlay: boolean, atMs: number) {
    const s0 = withOverlay ? v.overlay(pub).stored : pub;
    const own = v.model.orders().map((o) => ({ tokenId: o.tokenId, side: o.side, price: o.price, size: o.size, goneAtMs: undefined }));
    return buildMarketView({
      meta: meta(),
      stored: [s0, undefined],
      positions: new Map(),
      liveOrders: [],
      own,
      nowMs: atMs,
      staleAfterMs: 60_000,
    });
  }

  it('a refresh that cancels the whole public ladder is no sweep while our orders rest at the touch, as live', async () => {
    const v = await paperWithQuotes();
    const before = stored(book(T0, { ...ladder, timestampMs: NOW }));
    // The background maker cancels its ladder: the public book is empty until it posts again.
    const gone = stored(book(T0, { bids: [], asks: [], timestampMs: NOW + 100, hash: 'empty' }));

    const paper = new MarketGuard(MARKET, only({ sweepLevels: 3 }));
    paper.observe(viewOf(v, before, true, NOW), undefined);
    expect(paper.observe(viewOf(v, gone, true, NOW + 100), undefined)).toEqual([]);
    expect(paper.status(NOW + 100)).toEqual({ bid: undefined, ask: undefined });

    // What paper mode did before the overlay: the guard saw both sides swept.
    const blind = new MarketGuard(MARKET, only({ sweepLevels: 3 }));
    blind.observe(viewOf(v, before, false, NOW), undefined);
    expect(blind.observe(viewOf(v, gone, false, NOW + 100), undefined).map((e) => `${e.side} ${e.guard} ${e.action}`)).toEqual([
      'bid sweep widen',
      'ask sweep widen',
    ]);
  });

  it('the midpoint is the market’s: our virtual orders are taken out again', async () => {
    const v = await paperWithQuotes();
    const pub = stored(book(T0, { bids: [['0.48', '100']], asks: [['0.52', '100']], timestampMs: NOW }));
    // Our 0.49 bid and 0.51 ask are the overlaid book's touch, and the mid is still the public 0.50.
    expect(show(v.overlay(pub).stored.book.bids)).toEqual(['0.49 x 20', '0.48 x 100']);
    expect(viewOf(v, pub, true, NOW).mid?.toFixed()).toBe('0.5');
  });

  it('after a partial fill the midpoint still sees the public size at our price: our footprint is what the overlay added', () => {
    // Public 0.48 x 10 and 0.45 x 50 / 0.52 x 30. Our bid of 20 at 0.48 has 2 left: the overlaid level is 12.
    const pub = stored(
      book(T0, {
        bids: [
          ['0.48', '10'],
          ['0.45', '50'],
        ],
        asks: [['0.52', '30']],
        timestampMs: NOW,
      }),
    );
    const filled: VirtualOrder = { ...order('a', 'BUY', '0.48', '2'), size: d('20'), filled: d('18') };
    const o = overlaid(pub, [filled]);
    expect(show(o.stored.book.bids)).toEqual(['0.48 x 12', '0.45 x 50']);
    expect(o.own).toEqual([{ tokenId: T0, side: 'BUY', price: d('0.48'), size: d('2'), goneAtMs: undefined }]);
    const view = (own: { tokenId: string; side: 'BUY' | 'SELL'; price: Decimal; size: Decimal; goneAtMs: number | undefined }[]) =>
      buildMarketView({
        meta: meta(),
        stored: [o.stored, undefined],
        positions: new Map(),
        liveOrders: [],
        own,
        nowMs: NOW,
        staleAfterMs: 60_000,
      }).mid;
    // The public book's midpoint: (0.48 + 0.52) / 2.
    expect(view(o.own)?.toFixed()).toBe('0.5');
    // The live footprint (the original 20) took the whole 0.48 level for ours: the midpoint fell to 0.485.
    expect(view([{ ...o.own[0]!, size: d('20') }])?.toFixed()).toBe('0.485');
    // So did an order cancelled a moment ago (live: the book may still show it).
    const cancelled = overlaid(pub, []);
    expect(
      buildMarketView({
        meta: meta(),
        stored: [cancelled.stored, undefined],
        positions: new Map(),
        liveOrders: [],
        own: [{ tokenId: T0, side: 'BUY', price: d('0.48'), size: d('20'), goneAtMs: NOW - 100 }],
        nowMs: NOW,
        staleAfterMs: 60_000,
      }).mid?.toFixed(),
    ).toBe('0.485');
    expect(cancelled.own).toEqual([]);
  });
});
