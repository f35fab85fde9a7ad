import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { d, fill, plain, T0 } from './support.js';

const newPortfolio = (clock = new FakeClock(T0)): Portfolio => new Portfolio({ clock });
const s = (x: { toFixed(): string }): string => x.toFixed();

describe("portfolio arithmetic (average cost, the venue's rules)", () => {
  it('round trip with fees and a rebate: long, partial close as maker, add, flip to short', () => {
    const p = newPortfolio();
    // 1. buy 10 @ 0.40 as taker, fee 0.25 x 10 x 0.24^2 = 0.144
    p.apply(fill({ side: 'BUY', price: '0.40', size: '10', fee: '0.144' }));
    // 2. sell 5 @ 0.55 as maker: closes 5 at avg 0.40 -> +0.75; rebate 0.2 x 0.07657
    const e2 = p.apply(fill({ side: 'SELL', price: '0.55', size: '5', role: 'maker', rebate: '0.015314' }));
    expect(plain(e2)).toEqual({
      tokenId: '0xaaaa:0',
      conditionId: '0xaaaa',
      sizeBefore: '10',
      sizeAfter: '5',
      avgPriceBefore: '0.4',
      avgPriceAfter: '0.4',
      closed: '5',
      tradingPnl: '0.75',
      fee: '0',
      rebate: '0.015314',
      realizedPnl: '0.765314',
    });
    // 3. buy 5 @ 0.30: size 10, cost 2.0 + 1.5 = 3.5, avg 0.35; fee 0.055125
    p.apply(fill({ side: 'BUY', price: '0.30', size: '5', fee: '0.055125' }));
    expect(s(p.token('0xaaaa:0')!.avgPrice)).toBe('0.35');
    // 4. sell 13 @ 0.20: closes 10 at 0.35 (-1.5), opens a short of 3 at 0.20; fee 0.0832
    const e4 = p.apply(fill({ side: 'SELL', price: '0.20', size: '13', fee: '0.0832' }));
    expect([s(e4.closed), s(e4.tradingPnl), s(e4.sizeAfter), s(e4.avgPriceAfter)]).toEqual(['10', '-1.5', '-3', '0.2']);
    p.mark('0xaaaa:0', d('0.25'));
    const t = p.token('0xaaaa:0')!;
    expect(plain(t)).toMatchObject({
      size: '-3',
      avgPrice: '0.2',
      cost: '0.6',
      mark: '0.25',
      tradingPnl: '-0.75',
      feesPaid: '0.282325',
      rebatesReceived: '0.015314',
      // -0.75 - 0.282325 + 0.015314 (the simulator's positions test gives the same -1.017011)
      realizedPnl: '-1.017011',
      // short 3 from 0.20 marked at 0.25
      unrealizedPnl: '-0.15',
      totalPnl: '-1.167011',
      volumeShares: '33',
      volumeNotional: '10.85',
      boughtShares: '15',
      fills: 4,
    });
  });

  it('partial closes at an average that does not terminate: full close is exact', () => {
    const p = newPortfolio();
    p.apply(fill({ side: 'BUY', price: '0.10', size: '1' }));
    p.apply(fill({ side: 'BUY', price: '0.11', size: '2' }));
    expect(s(p.token('0xaaaa:0')!.avgPrice)).toBe('0.1066666666666666666666666666666666666667');
    const e1 = p.apply(fill({ side: 'SELL', price: '0.2', size: '1' }));
    expect(s(e1.tradingPnl)).toBe('0.0933333333333333333333333333333333333333');
    const e2 = p.apply(fill({ side: 'SELL', price: '0.2', size: '2' }));
    expect(s(e2.tradingPnl)).toBe('0.1866666666666666666666666666666666666667');
    expect(plain(p.token('0xaaaa:0')!)).toMatchObject({ size: '0', avgPrice: '0', cost: '0', realizedPnl: '0.28' });
  });

  it('shorts: sell opens a short at the sale price, buys close it (avg - buy price), a big buy flips it long', () => {
    const p = newPortfolio();
    p.apply(fill({ side: 'SELL', price: '0.6', size: '10' }));
    expect(plain(p.token('0xaaaa:0')!)).toMatchObject({ size: '-10', avgPrice: '0.6', cost: '6' });
    const e = p.apply(fill({ side: 'BUY', price: '0.5', size: '4' }));
    expect([s(e.tradingPnl), s(e.sizeAfter), s(e.avgPriceAfter)]).toEqual(['0.4', '-6', '0.6']);
    const f = p.apply(fill({ side: 'BUY', price: '0.45', size: '10' }));
    expect([s(f.closed), s(f.tradingPnl), s(f.sizeAfter), s(f.avgPriceAfter)]).toEqual(['6', '0.9', '4', '0.45']);
    expect(s(p.token('0xaaaa:0')!.realizedPnl)).toBe('1.3');
  });

  it('complement positions: long outcome 0 and long outcome 1 in one market net out', () => {
    const p = newPortfolio();
    p.apply(fill({ side: 'BUY', price: '0.40', size: '10', outcome: 0, fee: '0.144' }));
    p.apply(fill({ side: 'BUY', price: '0.55', size: '4', outcome: 1, fee: '0.061256' }));
    p.apply(fill({ side: 'BUY', price: '0.5', size: '1', market: '0xbbbb' }));
    expect(p.positionsOf('0xaaaa').map(s)).toEqual(['10', '4']);
    expect(s(p.netExposure('0xaaaa'))).toBe('6');
    expect(s(p.netExposure('0xnone'))).toBe('0');
    p.mark('0xaaaa:0', d('0.45'));
    p.mark('0xaaaa:1', d('0.55'));
    const m = p.market('0xaaaa')!;
    expect(plain(m)).toMatchObject({
      conditionId: '0xaaaa',
      netExposure: '6',
      // 10 x (0.45 - 0.40) + 4 x (0.55 - 0.55)
      unrealizedPnl: '0.5',
      realizedPnl: '-0.205256',
      totalPnl: '0.294744',
      feesPaid: '0.205256',
      volumeShares: '14',
      volumeNotional: '6.2',
      fills: 2,
    });
    expect(m.positions.map(s)).toEqual(['10', '4']);
    expect(m.avgPrices.map(s)).toEqual(['0.4', '0.55']);
    expect(m.marks.map((x) => x?.toFixed())).toEqual(['0.45', '0.55']);
    const snap = p.snapshot();
    expect(snap.markets.map((x) => x.conditionId)).toEqual(['0xaaaa', '0xbbbb']);
    // 0xbbbb:0 has a position and no mark: its unrealized counts 0 and it is listed
    expect(snap.unmarkedTokens).toEqual(['0xbbbb:0']);
    expect(plain(snap.totals)).toMatchObject({
      realizedPnl: '-0.205256',
      unrealizedPnl: '0.5',
      totalPnl: '0.294744',
      volumeShares: '15',
      volumeNotional: '6.7',
      fills: 3,
    });
  });

  it('rejects a mark outside [0, 1] and a token id reused for another outcome', () => {
    const p = newPortfolio();
    expect(() => p.mark('0xaaaa:0', d('1.5'))).toThrow(/mid/);
    p.apply(fill({ side: 'BUY', price: '0.5', size: '1' }));
    expect(() => p.apply({ ...fill({ side: 'BUY', price: '0.5', size: '1' }), outcomeIndex: 1 })).toThrow(/0xaaaa outcome 0/);
  });
});

describe('equity curve', () => {
  it('tracks the peak of total PnL and the drawdown from it', () => {
    const p = newPortfolio();
    p.apply(fill({ side: 'BUY', price: '0.40', size: '10' }));
    p.mark('0xaaaa:0', d('0.50')); // +1
    p.mark('0xaaaa:0', d('0.45')); // +0.5
    expect(plain(p.equity())).toEqual({ totalPnl: '0.5', peakPnl: '1', drawdown: '0.5', maxDrawdown: '0.5' });
    p.mark('0xaaaa:0', d('0.30')); // -1
    expect(plain(p.equity())).toEqual({ totalPnl: '-1', peakPnl: '1', drawdown: '2', maxDrawdown: '2' });
    p.apply(fill({ side: 'SELL', price: '0.62', size: '10', fee: '0.1' })); // realized 2.2 - 0.1
    expect(plain(p.equity())).toEqual({ totalPnl: '2.1', peakPnl: '2.1', drawdown: '0', maxDrawdown: '2' });
  });
});

describe('daily PnL', () => {
  const H = 60 * 60 * 1000;

  it('is the change of realized + unrealized since the trading day started (reset hour 17 UTC)', () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 1, 16, 0));
    const p = new Portfolio({ clock, resetHourUtc: 17 });
    expect(p.daily().dayStartMs).toBe(Date.UTC(2025, 11, 31, 17, 0));
    p.mark('0xaaaa:0', d('0.40'));
    p.apply(fill({ side: 'BUY', price: '0.40', size: '10', fee: '0.1', atMs: clock.now() }));
    p.mark('0xaaaa:0', d('0.50'));
    expect(plain(p.daily())).toMatchObject({ pnl: '0.9', realizedPnl: '-0.1', startTotalPnl: '0' });
    // 17:00 UTC: a new day starts from total 0.9
    clock.advance(H + 1);
    expect(plain(p.daily())).toMatchObject({ dayStartMs: Date.UTC(2026, 0, 1, 17, 0), startTotalPnl: '0.9', pnl: '0', realizedPnl: '0' });
    p.mark('0xaaaa:0', d('0.45'));
    p.apply(fill({ side: 'SELL', price: '0.45', size: '10', fee: '0.05', atMs: clock.now() }));
    // total: -0.1 + 0.5 - 0.05 = 0.35; since 17:00: 0.35 - 0.9
    expect(plain(p.daily())).toMatchObject({ pnl: '-0.55', realizedPnl: '0.45' });
  });

  it('a fill rolls the day by its match time (replay), reads by the clock', () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 3, 9, 0));
    const p = new Portfolio({ clock });
    p.apply(fill({ side: 'BUY', price: '0.5', size: '10', fee: '0.1', atMs: Date.UTC(2026, 0, 1, 10, 0) }));
    p.apply(fill({ side: 'SELL', price: '0.6', size: '5', atMs: Date.UTC(2026, 0, 2, 10, 0) })); // +0.5
    p.apply(fill({ side: 'SELL', price: '0.7', size: '5', atMs: Date.UTC(2026, 0, 2, 11, 0) })); // +1
    // the clock says Jan 3rd: nothing happened today yet
    expect(plain(p.daily())).toMatchObject({ dayStartMs: Date.UTC(2026, 0, 3), startTotalPnl: '1.4', pnl: '0', realizedPnl: '0' });
  });

  it("a restart does not show as a daily gain: the first mark of a held position moves the day's start too", () => {
    const clock = new FakeClock(Date.UTC(2026, 0, 2, 9, 0));
    const p = new Portfolio({ clock });
    p.apply(fill({ side: 'BUY', price: '0.4', size: '10', atMs: Date.UTC(2026, 0, 1, 10, 0) }));
    p.mark('0xaaaa:0', d('0.6')); // held since yesterday: +2 unrealized, not today's
    expect(plain(p.daily())).toMatchObject({ pnl: '0', startTotalPnl: '2' });
    p.mark('0xaaaa:0', d('0.55'));
    expect(s(p.daily().pnl)).toBe('-0.5');
  });

  it('dayStartMs handles the reset hour and rejects bad hours', async () => {
    const { dayStartMs } = await import('../../src/portfolio/trading-day.js');
    expect(dayStartMs(Date.UTC(2026, 0, 1, 0, 0))).toBe(Date.UTC(2026, 0, 1));
    expect(dayStartMs(Date.UTC(2026, 0, 1, 23, 59, 59, 999))).toBe(Date.UTC(2026, 0, 1));
    expect(dayStartMs(Date.UTC(2026, 0, 1, 4, 59), 5)).toBe(Date.UTC(2025, 11, 31, 5));
    expect(dayStartMs(Date.UTC(2026, 0, 1, 5, 0), 5)).toBe(Date.UTC(2026, 0, 1, 5));
    expect(() => dayStartMs(0, 24)).toThrow(RangeError);
  });
});
