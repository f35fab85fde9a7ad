import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/money.js';
import { account, harness, NO, YES } from './fixtures.js';

const op = account('operator', true);
const m = account('maker');
const n = account('other');
const x = account('quoter');
const s2 = account('seller2');
const T0 = 1_700_000_000;

describe('positions after a sequence of fills (average cost, fees, rebates)', () => {
  it('long, partial close as maker, add as taker, flip to short as taker', () => {
    const h = harness(false);
    // 1. op buys 10 @ 0.40 from m. op pays 0.25 x 10 x 0.24^2 = 0.144; m earns 0.0288.
    h.place(m, YES, 'SELL', '0.40', '10');
    h.place(op, YES, 'BUY', '0.40', '10');
    // 2. op rests 5 @ 0.55; n buys through it. op closes 5 at avg 0.40: +0.75, rebate 0.2 x 0.07657.
    h.clock.advance(10_000);
    h.place(op, YES, 'SELL', '0.55', '5');
    h.place(n, YES, 'BUY', '0.60', '5');
    // 3. op buys 5 @ 0.30 from s2: size 10, cost 2.0 + 1.5 = 3.5, avg 0.35; fee 0.055125.
    h.clock.advance(10_000);
    h.place(s2, YES, 'SELL', '0.30', '5');
    h.place(op, YES, 'BUY', '0.30', '5');
    // 4. op sells 13 @ 0.20 into n's bid: closes 10 at 0.35 (-1.5), opens short 3 @ 0.20; fee 0.0832.
    h.clock.advance(10_000);
    h.place(n, YES, 'BUY', '0.20', '13');
    h.place(op, YES, 'SELL', '0.20', '13');
    // Quotes around 0.25 make the midpoint the current price.
    h.clock.advance(5_000);
    h.place(x, YES, 'BUY', '0.24', '5');
    h.place(x, YES, 'SELL', '0.26', '5');

    const [pos] = h.ex.positions(op.address);
    expect(pos).toEqual({
      proxyWallet: op.address,
      asset: YES,
      conditionId: '0xaaaa',
      size: -3,
      avgPrice: 0.2,
      initialValue: -0.6,
      currentValue: -0.75,
      cashPnl: -0.15,
      percentPnl: -25,
      totalBought: 15,
      // -0.144 + 0.75 + 0.015314 - 0.055125 - 1.5 - 0.0832
      realizedPnl: -1.017011,
      // closed cost basis: 5 x 0.40 + 10 x 0.35 = 5.5
      percentRealizedPnl: new Decimal('-1.017011').div('5.5').mul(100).toNumber(),
      curPrice: 0.25,
      redeemable: false,
      mergeable: false,
      title: 'Market 0xaaaa',
      slug: 'market-0xaaaa',
      icon: 'https://sim.invalid/0xaaaa.png',
      eventSlug: 'event-0xaaaa',
      outcome: 'Yes',
      outcomeIndex: 0,
      oppositeOutcome: 'No',
      oppositeAsset: NO,
      timestamp: T0 + 30,
      endDate: '2030-01-01T00:00:00.000Z',
      negativeRisk: false,
    });

    // m sold 10 @ 0.40 as maker: short 10, cost 4; rebate 0.2 x 0.144.
    expect(h.ex.positions(m.address)).toEqual([
      expect.objectContaining({
        size: -10,
        avgPrice: 0.4,
        initialValue: -4,
        currentValue: -2.5,
        cashPnl: 1.5,
        percentPnl: 37.5,
        realizedPnl: 0.0288,
        percentRealizedPnl: 0,
        totalBought: 0,
        timestamp: T0,
      }),
    ]);
    // n: bought 5 @ 0.55 as taker (fee 0.07657), 13 @ 0.20 as maker (rebate 0.2 x 0.0832).
    expect(h.ex.positions(n.address)[0]).toMatchObject({ size: 18, totalBought: 18, realizedPnl: -0.05993, timestamp: T0 + 30 });
    expect(h.ex.positions(n.address)[0]!.avgPrice).toBe(new Decimal('5.35').div(18).toNumber());
  });

  it('a flat position with realized PnL is still reported; curPrice falls back to the last trade', () => {
    const h = harness(false);
    h.place(m, YES, 'SELL', '0.50', '10');
    h.place(op, YES, 'BUY', '0.50', '10');
    h.place(m, YES, 'BUY', '0.60', '10');
    h.place(op, YES, 'SELL', '0.60', '10');
    // fees: 0.25 x 10 x 0.0625 = 0.15625; 0.25 x 10 x 0.0576 = 0.144
    expect(h.ex.positions(op.address)).toEqual([
      expect.objectContaining({ size: 0, avgPrice: 0, initialValue: 0, currentValue: 0, cashPnl: 0, realizedPnl: 0.69975, curPrice: 0.6 }),
    ]);
    expect(h.ex.positions(op.address)[0]!.percentRealizedPnl).toBeCloseTo(13.995, 10);
    expect(h.ex.positions(account('nobody').address)).toEqual([]);
  });

  it('mergeable when the wallet holds both outcomes; addresses match case-insensitively', () => {
    const h = harness(false);
    h.place(m, YES, 'SELL', '0.50', '10');
    h.place(m, NO, 'SELL', '0.49', '10');
    h.place(op, YES, 'BUY', '0.50', '10');
    expect(h.ex.positions(op.address).map((p) => p.mergeable)).toEqual([false]);
    h.place(op, NO, 'BUY', '0.49', '5');
    const positions = h.ex.positions(op.address.toLowerCase());
    expect(positions.map((p) => [p.asset, p.size, p.mergeable])).toEqual([
      [YES, 10, true],
      [NO, 5, true],
    ]);
    // the short seller of both is not mergeable
    expect(h.ex.positions(m.address).map((p) => p.mergeable)).toEqual([false, false]);
  });
});
