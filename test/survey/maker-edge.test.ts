/** The makers' effective half-spread and mark-outs from a hand-made tape and polled midpoints. */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import type { MidSeries } from '../../src/survey/book-stats.js';
import { edgeCents, makerEdge, makerEdges, midAtOrAfter, midAtOrBefore, midBefore, type TapeTrade } from '../../src/survey/maker-edge.js';

const d = (x: string): Decimal => new Decimal(x);
const series: MidSeries = { t: [1_000, 2_000, 3_000, 62_000, 63_000], mid: ['0.50', '0.50', '0.52', '0.55', '0.54'].map(d) };
const trade = (ts: number, side: 'BUY' | 'SELL', price: string, usdc: string, token = 'A'): TapeTrade => ({
  ts,
  token,
  side,
  price: d(price),
  size: d(usdc).div(d(price)),
  usdc: d(usdc),
});

describe("makers' edge", () => {
  it('is mid - price when the maker bought (taker SELL) and price - mid when it sold (taker BUY)', () => {
    expect(makerEdge({ side: 'SELL', price: d('0.49') }, d('0.5')).toFixed()).toBe('0.01');
    expect(makerEdge({ side: 'BUY', price: d('0.53') }, d('0.5')).toFixed()).toBe('0.03');
    expect(makerEdge({ side: 'BUY', price: d('0.53') }, d('0.54')).toFixed()).toBe('-0.01');
  });

  it('takes the last poll before an instant and the first at or after it, within the gap allowed', () => {
    expect(midBefore(series, 2_000, 3_000)?.toFixed()).toBe('0.5');
    expect(midBefore(series, 3_001, 3_000)?.toFixed()).toBe('0.52');
    expect(midBefore(series, 1_000, 3_000)).toBeUndefined();
    expect(midBefore(series, 10_000, 3_000)).toBeUndefined(); // the last poll was 7 s before
    expect(midAtOrAfter(series, 62_000, 3_000)?.toFixed()).toBe('0.55');
    expect(midAtOrAfter(series, 60_000, 3_000)?.toFixed()).toBe('0.55');
    expect(midAtOrAfter(series, 58_000, 3_000)).toBeUndefined(); // 4 s before the next poll
    expect(midAtOrAfter(series, 63_001, 3_000)).toBeUndefined(); // after the last poll
  });

  it('weights by USDC, per horizon, and counts only trades whose midpoints are known', () => {
    const trades = [
      trade(2, 'SELL', '0.49', '49'), // 0 s: 0.50 - 0.49 = 0.01; 60 s: 0.55 - 0.49 = 0.06
      trade(3, 'BUY', '0.53', '53'), // 0 s: 0.53 - 0.50 = 0.03; 60 s: 0.53 - 0.54 = -0.01
      trade(0, 'BUY', '0.5', '10'), // 0 s: no poll before; 60 s: 0.5 - 0.55 (the poll 2 s after 60 s) = -0.05
      trade(10, 'BUY', '0.5', '1000'), // no poll within 3 s of 10 s nor of 70 s
      trade(2, 'SELL', '0.1', '1000', 'B'), // a token without midpoints
    ];
    const [h0, h60, h300] = makerEdges(trades, (t) => (t === 'A' ? series : undefined), [0, 60, 300], 3_000);
    // (49 x 0.01 + 53 x 0.03) / 102 = 2.08 / 102 = 0.0203921568... = 2.0392 cents.
    expect(h0!.trades).toBe(2);
    expect(h0!.weighted.toFixed()).toBe('2.08');
    expect(h0!.usdc.toFixed()).toBe('102');
    expect(edgeCents(h0!)).toBeCloseTo(208 / 102, 12);
    // (49 x 0.06 - 53 x 0.01 - 10 x 0.05) / 112 = 1.91 / 112 = 1.7054 cents.
    expect(h60!.trades).toBe(3);
    expect(h60!.weighted.toFixed()).toBe('1.91');
    expect(edgeCents(h60!)).toBeCloseTo(191 / 112, 12);
    expect(h300!.trades).toBe(0);
    expect(edgeCents(h300!)).toBeNull();
  });

  it("takes the history's point at or before the trade's second, and the first at or after t + h, within its gap", () => {
    const history: MidSeries = { t: [0, 60_000, 120_000], mid: ['0.40', '0.41', '0.42'].map(d) };
    expect(midAtOrBefore(history, 60_000, 61_000)?.toFixed()).toBe('0.41'); // the point of that very second
    expect(midAtOrBefore(history, 59_999, 61_000)?.toFixed()).toBe('0.4');
    expect(midAtOrBefore(history, 181_000, 61_000)?.toFixed()).toBe('0.42');
    expect(midAtOrBefore(history, 181_001, 61_000)).toBeUndefined(); // more than a step + 1 s old
    expect(midAtOrBefore(history, -1, 61_000)).toBeUndefined();
  });

  it('uses the price history for what the polls do not cover, the polls first, and counts those trades apart', () => {
    // Points a minute apart from -120 s; the polls (series) cover 1 s to 63 s.
    const history: MidSeries = { t: [-120_000, -60_000, 0, 60_000, 120_000, 180_000, 240_000, 300_000, 360_000], mid: [] };
    history.mid.push(...['0.46', '0.47', '0.48', '0.60', '0.61', '0.62', '0.63', '0.64', '0.65'].map(d));
    const trades = [
      // 0 s: no poll before: the history's point of 0 s, 0.5 - 0.48 = 0.02; 60 s: the poll of 62 s
      // (0.55) although the history has 0.60: 0.5 - 0.55 = -0.05; 300 s: the history's point of
      // 300 s: 0.5 - 0.64 = -0.14.
      trade(0, 'BUY', '0.5', '10'),
      // 0 s: the poll of 2 s, 0.50 - 0.49 = 0.01; 60 s: the poll of 63 s, 0.54 - 0.49 = 0.05;
      // 300 s: the history's first point at or after 303 s, 360 s (57 s later): 0.65 - 0.49 = 0.16.
      trade(3, 'SELL', '0.49', '49'),
      // Outcome B has a history and no polls: 0 s at -60 s (0.47 - 0.45 = 0.02), 60 s at 0 s (0.03),
      // 300 s: the first point at or after 240 s, 240 s (0.63 - 0.45 = 0.18).
      trade(-60, 'SELL', '0.45', '45', 'B'),
    ];
    const [h0, h60, h300] = makerEdges(trades, (t) => (t === 'A' ? series : undefined), [0, 60, 300], 3_000, {
      seriesOf: () => history,
      maxGapMs: 61_000,
    });
    // 0 s: 10 x 0.02 + 49 x 0.01 + 45 x 0.02 = 1.59 over 104.
    expect([h0!.trades, h0!.fromHistory, h0!.weighted.toFixed(), h0!.usdc.toFixed()]).toEqual([3, 2, '1.59', '104']);
    // 60 s: -0.5 + 2.45 + 1.35 = 3.3 over 104; the first two from the polls.
    expect([h60!.trades, h60!.fromHistory, h60!.weighted.toFixed()]).toEqual([3, 1, '3.3']);
    // 300 s: -1.4 + 7.84 + 8.1 = 14.54 over 104, all three from the history.
    expect([h300!.trades, h300!.fromHistory, h300!.weighted.toFixed()]).toEqual([3, 3, '14.54']);
    expect(edgeCents(h300!)).toBeCloseTo(1454 / 104, 12);
    // Without a history: the polls alone.
    const [p0, p60, p300] = makerEdges(trades, (t) => (t === 'A' ? series : undefined), [0, 60, 300], 3_000);
    expect([p0!.trades, p60!.trades, p300!.trades, p0!.fromHistory]).toEqual([1, 2, 0, 0]);
  });
});
