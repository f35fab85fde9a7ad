/**
 * What the shares a view holds cost (src/trading/held-cost.ts): the portfolio's cost basis, at its
 * average cost when the view holds another number of shares, and not known where the portfolio
 * has no position of that sign. Only neg-risk markets' views carry it.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock/fake-clock.js';
import { Portfolio } from '../../src/portfolio/portfolio.js';
import { paidForHeld } from '../../src/trading/held-cost.js';
import { buildMarketView } from '../../src/trading/view-builder.js';
import { d, fill, T0 as NOW_MS } from '../portfolio/support.js';
import { meta } from './fixtures.js';

function portfolio(): Portfolio {
  const p = new Portfolio({ clock: new FakeClock(NOW_MS) });
  // 0xaaaa:0: 10 at 0.40 and 5 at 0.30, 15 shares that cost 5.5. 0xaaaa:1: short 3 at 0.20.
  p.apply(fill({ side: 'BUY', price: '0.40', size: '10' }));
  p.apply(fill({ side: 'BUY', price: '0.30', size: '5' }));
  p.apply(fill({ side: 'SELL', price: '0.20', size: '3', outcome: 1 }));
  return p;
}

describe('paidForHeld', () => {
  it("the portfolio's cost basis for the shares it holds, exactly", () => {
    const paid = paidForHeld(portfolio());
    expect(paid('0xaaaa:0', d('15'))?.toFixed()).toBe('5.5');
    expect(paid('0xaaaa:1', d('-3'))?.toFixed()).toBe('-0.6');
    expect(paid('0xaaaa:0', d('0'))?.toFixed()).toBe('0');
  });

  it('another number of shares (the venue ahead of the journal): at the average cost, rounded up at 10^-12', () => {
    const paid = paidForHeld(portfolio());
    expect(paid('0xaaaa:0', d('12'))?.toFixed()).toBe('4.4');
    expect(paid('0xaaaa:0', d('7'))?.toFixed()).toBe('2.566666666667');
  });

  it('not known without a position of the same sign', () => {
    const paid = paidForHeld(portfolio());
    expect(paid('0xbbbb:0', d('3'))).toBeUndefined();
    expect(paid('0xaaaa:1', d('3'))).toBeUndefined();
  });

  it('reaches the views of neg-risk markets only', () => {
    const p = portfolio();
    const inputs = {
      stored: [undefined, undefined] as const,
      positions: new Map([['0xaaaa:0', d('15')]]),
      paid: paidForHeld(p),
      liveOrders: [],
      own: [],
      nowMs: NOW_MS,
      staleAfterMs: 5_000,
    };
    const plain = meta('0xaaaa');
    expect(buildMarketView({ ...inputs, meta: plain }).paid).toBeUndefined();
    const v = buildMarketView({ ...inputs, meta: { ...plain, negRisk: true, eventId: 'E' } });
    expect(v.paid?.map((x) => x?.toFixed())).toEqual(['5.5', '0']);
  });
});
