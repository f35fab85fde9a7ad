/**
 * Others' best prices (otherPrices): each book side without our live orders, against the reference
 * that takes our sizes per price out of the levels through ownSizes' maps, on random books and
 * orders (several at one price, under, at and over a level's size, other markets', both tokens).
 */
import { describe, expect, it } from 'vitest';
import type { BookLevel, BookView } from '../../../src/market/book-view.js';
import { newBookPrices, otherPrices, ownSizes } from '../../../src/market/intensity/book-touches.js';
import type { LiveOrderView, MarketView } from '../../../src/market/market-view.js';
import { Decimal, numberOf } from '../../../src/money.js';
import { SimRng } from '../../../src/sim/rng.js';
import type { Side } from '../../../src/venue/types.js';

const T0 = '0xm:0';
const T1 = '0xm:1';
const CASES = 2_000;

function reference(view: MarketView): number[] {
  const own = ownSizes(view.liveOrders, view.meta.tokens);
  const sides = [view.books[0]?.bids, view.books[0]?.asks, view.books[1]?.bids, view.books[1]?.asks];
  return sides.map((levels, s) => {
    for (const l of levels ?? []) {
      const p = numberOf(l.price);
      const mine = own[s]!.get(p);
      if (mine === undefined || numberOf(l.size) > mine + 1e-9) return p;
    }
    return Number.NaN;
  });
}

describe('otherPrices', () => {
  it('takes our orders out of each book side exactly as ownSizes does', () => {
    const r = new SimRng('book-touches');
    let takenOut = 0;
    for (let i = 0; i < CASES; i++) {
      const side = (dir: number): BookLevel[] =>
        Array.from({ length: r.int(0, 4) }, (_, k) => ({
          price: new Decimal(50 + dir * (k + 1)).div(100),
          size: new Decimal(r.int(1, 40)).div(2),
        }));
      const book = (tokenId: string): BookView | undefined =>
        r.chance(0.1) ? undefined : ({ tokenId, bids: side(-1), asks: side(1) } as unknown as BookView);
      const books = [book(T0), book(T1)] as const;
      const levels = [books[0], books[1]].flatMap((b) => (b === undefined ? [] : [...b.bids, ...b.asks]));
      const liveOrders: LiveOrderView[] = Array.from({ length: r.int(0, 6) }, (_, k) => {
        const at = levels.length > 0 && r.chance(0.8) ? levels[r.int(0, levels.length - 1)]! : undefined;
        return {
          id: `o${k}`,
          tokenId: r.chance(0.05) ? '0xother:0' : r.chance(0.5) ? T0 : T1,
          side: (r.chance(0.5) ? 'BUY' : 'SELL') as Side,
          price: at?.price ?? new Decimal(r.int(40, 60)).div(100),
          remaining: at !== undefined && r.chance(0.4) ? at.size : new Decimal(r.int(1, 30)).div(4),
        };
      });
      const view = { meta: { tokens: [T0, T1] }, books, liveOrders } as unknown as MarketView;
      const want = reference(view);
      const got = [...otherPrices(view, newBookPrices())];
      expect(got, `case ${i}`).toEqual(want);
      const bare = reference({ ...view, liveOrders: [] });
      if (want.some((p, s) => !Object.is(p, bare[s]))) takenOut++;
    }
    expect(takenOut).toBeGreaterThan(CASES / 10);
  });
});
