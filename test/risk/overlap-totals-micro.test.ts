/**
 * A market's order totals (src/risk/overlap.ts `totalsOf`: count, notional, outcome-0 bids and
 * asks, which the risk gate reads on every evaluation) in integers against the Decimal reference on
 * thousands of random order sets: the same values to decimal.js's own representation, on the grid,
 * off it (more than 6 decimals) and beyond the range where the integers stay exact.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { totalsDecimal, totalsOf } from '../../src/risk/overlap.js';
import { SimRng } from '../../src/sim/rng.js';
import { gridValue, shape } from '../support/random-decimals.js';

const CASES = 5_000;
const TOKENS = ['m:0', 'm:1'] as const;

interface Order {
  tokenId: string;
  side: 'BUY' | 'SELL';
  price: Decimal;
  size: Decimal;
}

function randomOrders(r: SimRng): Order[] {
  const n = r.int(0, 12);
  const tick = r.pick(['0.01', '0.001', '0.0001', '0.1']);
  const perUnit = Math.round(1 / Number(tick));
  // Now and then sizes whose notional, or whose sum of notionals, passes what integers hold
  // exactly (about 9,000 USDC in 10^-12), or far past it.
  const big = r.chance(0.08);
  const bigSize = (): Decimal => (r.chance(0.7) ? gridValue(r, '1', 4_000, 9_000, 0) : gridValue(r, '1', 1e8, 5e9, 0));
  return Array.from({ length: n }, () => ({
    tokenId: r.pick(TOKENS),
    side: r.chance(0.5) ? 'BUY' : 'SELL',
    price: gridValue(r, tick, 1, perUnit - 1, 0.02),
    size: big ? bigSize() : gridValue(r, r.pick(['0.01', '1', '0.000001']), 0, 50_000, 0.02),
  }));
}

const view = (t: { count: number; notional: Decimal; bids: Decimal; asks: Decimal }) => ({
  count: t.count,
  notional: shape(t.notional),
  bids: shape(t.bids),
  asks: shape(t.asks),
});

describe('a market order totals in integers', () => {
  it('equal the Decimal totals on thousands of random order sets', () => {
    const r = new SimRng(0x70_7a15);
    let offGrid = 0;
    for (let i = 0; i < CASES; i++) {
      const orders = randomOrders(r);
      const got = totalsOf(TOKENS, orders, (o) => o.size);
      const want = totalsDecimal(TOKENS, orders, (o) => o.size);
      if (orders.some((o) => o.price.decimalPlaces() > 6 || o.size.decimalPlaces() > 6)) offGrid++;
      expect(got === undefined ? undefined : view(got), `case ${i}`).toEqual(view(want));
    }
    // Both kinds of input were met: the integer path ran and handed over.
    expect(offGrid).toBeGreaterThan(CASES / 20);
  });

  it('sums sizes and notional exactly, bids and asks by outcome 0', () => {
    const d = (x: string) => new Decimal(x);
    const t = totalsOf(
      TOKENS,
      [
        { tokenId: 'm:0', side: 'BUY', price: d('0.41'), size: d('10.5') },
        { tokenId: 'm:1', side: 'SELL', price: d('0.57'), size: d('3') },
        { tokenId: 'm:0', side: 'SELL', price: d('0.45'), size: d('7.25') },
        { tokenId: 'm:1', side: 'BUY', price: d('0.53'), size: d('2') },
      ],
      (o) => o.size,
    )!;
    // 4.305 + 1.71 + 3.2625 + 1.06; bids: BUY of outcome 0 and SELL of outcome 1.
    expect(t.notional.toFixed()).toBe('10.3375');
    expect(t.bids.toFixed()).toBe('13.5');
    expect(t.asks.toFixed()).toBe('9.25');
    expect(t.count).toBe(4);
  });

  it('hands over to Decimal where the notional sum leaves the exact range', () => {
    // Each 0.999999 x 4000.000001 is 3999996000999999 in 10^-12 (odd, below 2^53); three of them
    // sum past 2^53 to an odd integer no double holds.
    const o = { tokenId: 'm:0', side: 'BUY' as const, price: new Decimal('0.999999'), size: new Decimal('4000.000001') };
    const t = totalsOf(TOKENS, [o, o, o], (x) => x.size)!;
    expect(t.notional.toFixed()).toBe('11999.988002999997');
    expect(t.bids.toFixed()).toBe('12000.000003');
  });

  it('is undefined for an order on another token', () => {
    const o = { tokenId: 'x:0', side: 'BUY' as const, price: new Decimal('0.5'), size: new Decimal(1) };
    expect(totalsOf(TOKENS, [o], (x) => x.size)).toBeUndefined();
  });
});
