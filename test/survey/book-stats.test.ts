/** Spread, depth and midpoint moves of polled books, on books worked out by hand. */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/money.js';
import { bookFigures, bookSample, bucketOf, midMoves, sideDepthRatio, type BookSample } from '../../src/survey/book-stats.js';

const d = (x: string): Decimal => new Decimal(x);
const levels = (...pairs: [string, string][]) => pairs.map(([price, size]) => ({ price: d(price), size: d(size) }));

describe('book statistics', () => {
  it('puts a midpoint in its bucket, the lower bound included', () => {
    expect(bucketOf(d('0.01'))).toBe(0);
    expect(bucketOf(d('0.1999'))).toBe(0);
    expect(bucketOf(d('0.2'))).toBe(1);
    expect(bucketOf(d('0.4'))).toBe(2);
    expect(bucketOf(d('0.5999'))).toBe(2);
    expect(bucketOf(d('0.6'))).toBe(3);
    expect(bucketOf(d('0.8'))).toBe(4);
    expect(bucketOf(d('0.999'))).toBe(4);
  });

  it('depth ratio of a side: level 1 over the best 10 levels', () => {
    expect(sideDepthRatio(levels(['0.48', '100'], ['0.47', '200'], ['0.46', '300']))).toBeCloseTo(1 / 6, 15);
    // Sizes 1..12: level 1 is 1, the best ten hold 55 (levels 11 and 12 are not counted).
    const twelve = Array.from({ length: 12 }, (_, i) => [(0.5 - i / 100).toFixed(2), String(i + 1)] as [string, string]);
    expect(sideDepthRatio(levels(...twelve))).toBeCloseTo(1 / 55, 15);
    expect(sideDepthRatio([])).toBeUndefined();
  });

  it('a two-sided book: spread 4 cents = 800 bps of the 0.50 midpoint, depth (1/6 + 1/2) / 2', () => {
    const s = bookSample({ bids: levels(['0.48', '100'], ['0.47', '200'], ['0.46', '300']), asks: levels(['0.52', '50'], ['0.53', '50']) });
    expect(s?.spreadCents).toBe(4);
    expect(s?.spreadBps).toBe(800);
    expect(s?.bucket).toBe(2);
    expect(s?.depthRatio).toBeCloseTo(1 / 3, 15);
  });

  it('a tick-wide book at 0.045/0.046: 0.1 cent, 219.78 bps of 0.0455, bucket 0-0.2', () => {
    const s = bookSample({ bids: levels(['0.045', '10']), asks: levels(['0.046', '30']) });
    expect(s?.spreadCents).toBe(0.1);
    // 0.001 / 0.0455 x 10,000 = 219.780219...
    expect(s?.spreadBps).toBeCloseTo(2000 / 9.1, 10);
    expect(s?.bucket).toBe(0);
    expect(s?.depthRatio).toBe(1);
  });

  it('a one-sided book has a depth ratio but no spread; an empty one no sample', () => {
    expect(bookSample({ bids: levels(['0.1', '10'], ['0.09', '30']), asks: [] })).toEqual({
      bucket: undefined,
      spreadCents: undefined,
      spreadBps: undefined,
      depthRatio: 0.25,
    });
    expect(bookSample({ bids: [], asks: [] })).toBeUndefined();
  });

  it("a market's figures: medians over polls, spread by midpoint bucket, mean depth", () => {
    const samples: BookSample[] = [
      { bucket: 2, spreadCents: 4, spreadBps: 800, depthRatio: 0.2 },
      { bucket: 2, spreadCents: 5, spreadBps: 1000, depthRatio: 0.4 },
      { bucket: 0, spreadCents: 3, spreadBps: 3000, depthRatio: 0.3 },
      { bucket: undefined, spreadCents: undefined, spreadBps: undefined, depthRatio: 0.5 },
    ];
    const f = bookFigures(samples);
    expect(f.samples).toBe(4);
    expect(f.twoSided).toBe(3);
    expect(f.spreadCentsMedian).toBe(4);
    expect(f.spreadBpsMedian).toBe(1000);
    expect(f.spreadBpsByBucket.map((b) => [b.median, b.samples])).toEqual([
      [3000, 1],
      [null, 0],
      [900, 2],
      [null, 0],
      [null, 0],
    ]);
    expect(f.depthL1Top10).toBeCloseTo(0.35, 15);
  });

  it('midpoint moves: changes between polls per hour of the polled span, and their median size in cents', () => {
    const m = midMoves({ t: [0, 1_000, 2_000, 3_000, 3_600_000], mid: ['0.5', '0.5', '0.51', '0.505', '0.505'].map(d) });
    expect(m.moves).toBe(2);
    expect(m.hours).toBe(1);
    expect(m.perHour).toBe(2);
    // Moves of 1 and 0.5 cents.
    expect(m.medianCents).toBe(0.75);
    expect(midMoves({ t: [5], mid: [d('0.5')] })).toEqual({ moves: 0, hours: 0, perHour: null, medianCents: null });
  });
});
