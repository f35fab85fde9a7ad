/**
 * The view's market midpoint (our own orders taken out of the levels) worked out in micro-units
 * against the Decimal arithmetic it replaces, on thousands of random books and footprints: our
 * orders at the best levels, under and over their size, gone before and after the book, on both
 * tokens and sides, now and then at a price or size past the micro-unit. The same midpoint, to
 * decimal.js's representation.
 */
import { describe, expect, it } from 'vitest';
import type { OwnOrderFootprint } from '../../src/execution/order-tracker.js';
import { midPrice, type BookView } from '../../src/market/book-view.js';
import { netExposure } from '../../src/market/market-view.js';
import { compareDecimals, Decimal, ZERO } from '../../src/money.js';
import { SimRng } from '../../src/sim/rng.js';
import type { StoredBook } from '../../src/trading/book-store.js';
import { buildMarketView } from '../../src/trading/view-builder.js';
import { gridValue, shape } from '../support/random-decimals.js';
import { book, meta, NOW, stored, T0, T1 } from './fixtures.js';

const CASES = 4_000;

/** The midpoint as it was worked out: maps keyed by text, sizes summed in Decimal. */
function midDecimal(b: BookView, s: StoredBook, own: readonly OwnOrderFootprint[]): Decimal | undefined {
  const mine = { BUY: new Map<string, Decimal>(), SELL: new Map<string, Decimal>() };
  let any = false;
  for (const o of own) {
    if (o.tokenId !== b.tokenId || (o.goneAtMs !== undefined && o.goneAtMs <= b.timestampMs - 500)) continue;
    any = true;
    const k = o.price.toFixed();
    const before = mine[o.side].get(k);
    mine[o.side].set(k, before === undefined ? o.size : before.plus(o.size));
  }
  if (!any) return s.mid;
  const best = (levels: BookView['bids'], m: Map<string, Decimal>) =>
    levels.find((l) => {
      const x = m.get(l.price.toFixed());
      return x === undefined || l.size.gt(x);
    })?.price;
  const bid = best(b.bids, mine.BUY);
  const ask = best(b.asks, mine.SELL);
  return bid !== undefined && ask !== undefined ? midPrice(bid, ask) : undefined;
}

describe('view midpoint in micro-units', () => {
  it(`equals the Decimal midpoint on ${CASES} random books and footprints`, () => {
    const r = new SimRng('view-mid-micro');
    let takenOut = 0;
    for (let i = 0; i < CASES; i++) {
      const centre = r.int(20, 80);
      const size = () => gridValue(r, '0.01', 1, 50_000, 0.05).toFixed();
      const side = (dir: number) =>
        Array.from({ length: r.int(0, 4) }, (_, k) => [`${((centre + dir * (k + 1)) / 100).toFixed(2)}`, size()] as [string, string]);
      const timestampMs = NOW - r.int(0, 3_000);
      const b0 = book(T0, { bids: side(-1), asks: side(1), timestampMs });
      const b1 = book(T1, { bids: side(-1), asks: side(1), timestampMs });
      const levels = [...b0.bids, ...b0.asks, ...b1.bids, ...b1.asks];
      // Footprints mostly at the books' prices (the same size, less, more, several at one price).
      const own: OwnOrderFootprint[] = Array.from({ length: r.int(0, 8) }, () => {
        const at = levels.length > 0 && r.chance(0.8) ? levels[r.int(0, levels.length - 1)] : undefined;
        const price = at?.price ?? gridValue(r, '0.01', 1, 99, 0.05);
        const sz = at !== undefined && r.chance(0.5) ? at.size : gridValue(r, '0.01', 1, 50_000, 0.05);
        return {
          tokenId: r.chance(0.5) ? T0 : T1,
          side: r.chance(0.5) ? 'BUY' : 'SELL',
          price,
          size: r.chance(0.3) ? sz.div(r.int(1, 3)).toDecimalPlaces(2) : sz,
          goneAtMs: r.chance(0.6) ? undefined : timestampMs + r.int(-2_000, 1_000),
        };
      });
      const s0 = stored(b0, r.chance(0.9) ? `0.${centre}` : undefined);
      const s1 = stored(b1, `0.${100 - centre}`);
      const view = buildMarketView({
        meta: meta(),
        stored: [s0, s1],
        positions: new Map(),
        liveOrders: [],
        own,
        nowMs: NOW,
        staleAfterMs: 5_000,
      });
      const m0 = midDecimal(b0, s0, own);
      const m1 = midDecimal(b1, s1, own);
      const want = m0 ?? (m1 === undefined ? undefined : m1.neg().plus(1));
      expect(shape(view.mid), `case ${i}`).toEqual(shape(want));
      if (m0 !== undefined && s0.mid !== undefined && compareDecimals(m0, s0.mid) !== 0) takenOut++;
    }
    expect(takenOut).toBeGreaterThan(CASES / 20);
  });

  it('net exposure of nothing held is the Decimal the subtraction gives (zeros of either sign, ZERO itself)', () => {
    for (const a of [ZERO, new Decimal('0'), new Decimal('-0')])
      for (const b of [ZERO, new Decimal('0.00'), new Decimal('-0')]) {
        const p = { outcome0: a, outcome1: b };
        expect(shape(netExposure(p)), `${a.s} ${b.s}`).toEqual(shape(a.minus(b)));
      }
    const held = { outcome0: new Decimal('3.5'), outcome1: ZERO };
    expect(shape(netExposure(held))).toEqual(shape(new Decimal('3.5')));
  });
});
