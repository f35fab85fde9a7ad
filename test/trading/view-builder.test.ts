/**
 * buildMarketView: fresh, sound books only; the outcome-0 midpoint (1 - outcome 1's as the
 * fallback); the market's midpoint, not ours (the account's own orders taken out of the levels:
 * live ones at their original size, and those gone after the book's time minus 500 ms); positions
 * mapped onto outcome 0 and outcome 1.
 */
import { describe, expect, it } from 'vitest';
import type { OwnOrderFootprint } from '../../src/execution/order-tracker.js';
import type { LiveOrderView } from '../../src/market/market-view.js';
import type { Decimal } from '../../src/money.js';
import type { StoredBook } from '../../src/trading/book-store.js';
import { buildMarketView, type ViewInputs } from '../../src/trading/view-builder.js';
import { book, d, meta, NOW, stored, T0, T1 } from './fixtures.js';

const STALE_AFTER = 5_000;

function inputs(o: Partial<ViewInputs> = {}): ViewInputs {
  return {
    meta: meta(),
    stored: [stored(book(T0), '0.505'), stored(book(T1), '0.49')],
    positions: new Map(),
    liveOrders: [],
    own: [],
    nowMs: NOW,
    staleAfterMs: STALE_AFTER,
    ...o,
  };
}

function mine(tokenId: string, side: 'BUY' | 'SELL', price: string, size: string, goneAtMs?: number): OwnOrderFootprint {
  return { tokenId, side, price: d(price), size: d(size), goneAtMs };
}

/** Outcome 0's book: bids 0.48 x 20 and 0.40 x 100, ask 0.60 x 50 (book mid 0.54), venue mid 0.54. */
function thinBook(timestampMs = NOW): StoredBook {
  return stored(
    book(T0, {
      bids: [
        ['0.48', '20'],
        ['0.40', '100'],
      ],
      asks: [['0.60', '50']],
      timestampMs,
    }),
    '0.54',
  );
}

const midOf = (i: ViewInputs): string | undefined => buildMarketView(i).mid?.toFixed();

describe('buildMarketView: books and midpoint', () => {
  it('passes both usable books, the venue midpoint of outcome 0, the rules, the live orders and the time', () => {
    const i = inputs();
    const live: LiveOrderView[] = [{ id: 'o1', tokenId: T0, side: 'BUY', price: d('0.45'), remaining: d('7') }];
    const v = buildMarketView({ ...i, liveOrders: live });
    expect(v.books[0]).toBe(i.stored[0]!.book);
    expect(v.books[1]).toBe(i.stored[1]!.book);
    // The venue's POST /midpoints value, not the book's own (0.5).
    expect(v.mid!.toFixed()).toBe('0.505');
    expect(v.meta).toBe(i.meta);
    expect(v.liveOrders).toBe(live);
    expect(v.nowMs).toBe(NOW);
  });

  it('drops a book older than staleAfterMs; one exactly that old is still used', () => {
    const old = inputs({ stored: [stored(book(T0, { timestampMs: NOW - STALE_AFTER - 1 }), '0.505'), stored(book(T1), '0.49')] });
    const v = buildMarketView(old);
    expect(v.books[0]).toBeUndefined();
    expect(v.books[1]).toBe(old.stored[1]!.book);
    // Fallback: 1 - outcome 1's midpoint.
    expect(v.mid!.toFixed()).toBe('0.51');

    const edge = inputs({ stored: [stored(book(T0, { timestampMs: NOW - STALE_AFTER }), '0.505'), stored(book(T1), '0.49')] });
    expect(buildMarketView(edge).books[0]).toBe(edge.stored[0]!.book);
    expect(midOf(edge)).toBe('0.505');
  });

  it('drops a crossed book and a book from the future', () => {
    const crossed = inputs({
      stored: [stored(book(T0, { bids: [['0.52', '1']], asks: [['0.51', '1']] }), '0.515'), stored(book(T1), '0.49')],
    });
    expect(buildMarketView(crossed).books[0]).toBeUndefined();
    expect(midOf(crossed)).toBe('0.51');
    const future = inputs({ stored: [stored(book(T0), '0.505'), stored(book(T1, { timestampMs: NOW + STALE_AFTER + 1 }), '0.49')] });
    expect(buildMarketView(future).books[1]).toBeUndefined();
    expect(midOf(future)).toBe('0.505');
  });

  it('falls back to 1 - outcome 1 midpoint when outcome 0 has none, and has none without either', () => {
    expect(midOf(inputs({ stored: [undefined, stored(book(T1), '0.37')] }))).toBe('0.63');
    // Outcome 0's book is usable but one-sided: no midpoint of its own.
    const oneSided = { book: book(T0, { asks: [] }), mid: undefined };
    expect(midOf(inputs({ stored: [oneSided, stored(book(T1), '0.37')] }))).toBe('0.63');
    const none = buildMarketView(inputs({ stored: [undefined, undefined] }));
    expect(none.books).toEqual([undefined, undefined]);
    expect(none.mid).toBeUndefined();
  });

  it('maps positions onto outcome 0 and outcome 1 (0 when not held), ignoring other tokens', () => {
    const positions = new Map<string, Decimal>([
      [T0, d('12.5')],
      ['0xother:0', d('99')],
    ]);
    const v = buildMarketView(inputs({ positions }));
    expect(v.position.outcome0.toFixed()).toBe('12.5');
    expect(v.position.outcome1.toFixed()).toBe('0');
    const both = buildMarketView(
      inputs({
        positions: new Map([
          [T0, d('3')],
          [T1, d('40.25')],
        ]),
      }),
    );
    expect([both.position.outcome0.toFixed(), both.position.outcome1.toFixed()]).toEqual(['3', '40.25']);
  });
});

describe('buildMarketView: the market midpoint excludes the account own orders', () => {
  it('takes out a bid level that is all ours: bids 0.48 x 20 (ours) and 0.40 x 100, ask 0.60 -> 0.50', () => {
    expect(midOf(inputs({ stored: [thinBook(), stored(book(T1))], own: [mine(T0, 'BUY', '0.48', '20')] }))).toBe('0.5');
  });

  it('counts our orders at one price together, at their original size', () => {
    const own = [mine(T0, 'BUY', '0.48', '12'), mine(T0, 'BUY', '0.48', '8')];
    expect(midOf(inputs({ stored: [thinBook(), stored(book(T1))], own }))).toBe('0.5');
  });

  it('leaves a level in when our order there is smaller than the level', () => {
    expect(midOf(inputs({ stored: [thinBook(), stored(book(T1))], own: [mine(T0, 'BUY', '0.48', '19.99')] }))).toBe('0.54');
  });

  it('takes out an ask level that is ours', () => {
    const b = stored(
      book(T0, {
        bids: [['0.40', '10']],
        asks: [
          ['0.52', '10'],
          ['0.60', '50'],
        ],
      }),
      '0.46',
    );
    expect(midOf(inputs({ stored: [b, stored(book(T1))], own: [mine(T0, 'SELL', '0.52', '10')] }))).toBe('0.5');
  });

  it('matches by side: our BUY at the ask price does not take out the ask', () => {
    expect(midOf(inputs({ stored: [thinBook(), stored(book(T1))], own: [mine(T0, 'BUY', '0.60', '50')] }))).toBe('0.54');
  });

  it('ignores our orders on the other outcome token when computing outcome 0 midpoint', () => {
    expect(midOf(inputs({ stored: [thinBook(), stored(book(T1))], own: [mine(T1, 'BUY', '0.48', '20')] }))).toBe('0.54');
  });

  it('counts an order gone after the book time minus 500 ms; not one gone at or before it', () => {
    const bookAt = NOW - 1_000;
    const with_ = (goneAtMs: number) =>
      inputs({ stored: [thinBook(bookAt), stored(book(T1))], own: [mine(T0, 'BUY', '0.48', '20', goneAtMs)] });
    expect(midOf(with_(bookAt - 499))).toBe('0.5');
    expect(midOf(with_(bookAt + 3_000))).toBe('0.5');
    expect(midOf(with_(bookAt - 500))).toBe('0.54');
    // Gone long before the book was taken: the book cannot show it any more.
    expect(midOf(with_(bookAt - 10_000))).toBe('0.54');
  });

  it('falls back to 1 - outcome 1 market midpoint when every outcome 0 bid is ours', () => {
    const b0 = stored(book(T0, { bids: [['0.48', '20']], asks: [['0.60', '50']] }), '0.54');
    const b1 = stored(book(T1, { bids: [['0.40', '10']], asks: [['0.46', '10']] }), '0.43');
    expect(midOf(inputs({ stored: [b0, b1], own: [mine(T0, 'BUY', '0.48', '20')] }))).toBe('0.57');
  });

  it('takes our orders out of outcome 1 book as well before using its midpoint', () => {
    // Outcome 1: bids 0.45 x 10 (ours) and 0.35 x 10, ask 0.55 -> its market midpoint is 0.45.
    const b1 = stored(
      book(T1, {
        bids: [
          ['0.45', '10'],
          ['0.35', '10'],
        ],
        asks: [['0.55', '10']],
      }),
      '0.5',
    );
    expect(midOf(inputs({ stored: [undefined, b1], own: [mine(T1, 'BUY', '0.45', '10')] }))).toBe('0.55');
  });
});
