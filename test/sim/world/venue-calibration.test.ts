/**
 * The venue world trades like the venue's published figures (config/venue-facts.json), measured
 * on a day of back-filled tape and price history of 300 markets, on seeds no doc uses: each
 * figure within a factor of 2, and the background makers' volume-weighted mark-out at 300 s
 * within 0.3 cents of nothing.
 */
import { describe, expect, it } from 'vitest';
import { backfillVenue } from '../../../src/sim/world/backfill.js';
import { generateVenueCatalog } from '../../../src/sim/world/venue-catalog.js';
import { venueLadder } from '../../../src/sim/world/venue-ladders.js';
import { createVenueModels } from '../../../src/sim/world/venue-models.js';

const quantile = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * p;
  const lo = Math.floor(i);
  return s[lo]! + (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!) * (i - lo);
};

function survey(seed: string) {
  const { catalog, traits } = generateVenueCatalog({ seed, markets: 300 });
  const models = createVenueModels(catalog, traits, seed);
  const past = backfillVenue({ catalog, models, endMs: catalog.epochMs, seed });
  const tradesPerDay: number[] = [];
  const meanTrade: number[] = [];
  let edge = 0;
  let usdcCounted = 0;
  for (const m of past) {
    tradesPerDay.push(m.trades.length);
    let usdc = 0;
    for (const t of m.trades) {
      const u = (t.priceMicro * t.sharesMicro) / 1e12;
      usdc += u;
      // The midpoint 300 s after: the first minute point at or after it.
      const at = Math.ceil((t.timeSec + 300 - m.startSec) / 60);
      if (at >= m.prices.length) continue;
      const mid = t.outcomeIndex === 0 ? m.prices[at]! : 1e6 - m.prices[at]!;
      // The maker sold when the taker bought.
      edge += (u * (t.side === 'BUY' ? t.priceMicro - mid : mid - t.priceMicro)) / 1e4;
      usdcCounted += u;
    }
    if (m.trades.length > 0) meanTrade.push(usdc / m.trades.length);
  }
  const spreads: number[] = [];
  const depth: number[] = [];
  catalog.markets.forEach((market, i) => {
    const fair = models.get(market.conditionId)!.fairMicro(0);
    const tick = Math.round(Number(market.tickSize) * 1e6);
    const levels = traits[i]!.makers.flatMap((mk, j) => venueLadder(mk, j, fair, tick, 5));
    const side = (s: 'BUY' | 'SELL'): [number, number][] => {
      const at = new Map<number, number>();
      for (const l of levels) if (l.side === s) at.set(l.priceMicro, (at.get(l.priceMicro) ?? 0) + l.shares);
      return [...at].sort((a, b) => (s === 'BUY' ? b[0] - a[0] : a[0] - b[0]));
    };
    const bids = side('BUY');
    const asks = side('SELL');
    if (bids.length === 0 || asks.length === 0) return;
    const mid = (bids[0]![0] + asks[0]![0]) / 2;
    if (mid >= 400_000 && mid < 600_000) spreads.push(((asks[0]![0] - bids[0]![0]) / mid) * 1e4);
    const ratio = (s: [number, number][]) => s[0]![1] / s.slice(0, 10).reduce((a, l) => a + l[1], 0);
    depth.push((ratio(bids) + ratio(asks)) / 2);
  });
  const pools = traits.flatMap((t) => (t.rewards === undefined ? [] : [t.rewards.dailyRate]));
  const busiest = [...tradesPerDay].sort((a, b) => b - a).slice(0, 30);
  return {
    tradesPerDay: quantile(tradesPerDay, 0.5),
    busiestDecile: quantile(busiest, 0.5),
    tradeUsdc: quantile(meanTrade, 0.5),
    spreadBps: quantile(spreads, 0.5),
    depth: quantile(depth, 0.5),
    pool: quantile(pools, 0.5),
    markoutCents: edge / usdcCounted,
  };
}

const within2 = (measured: number, published: number): void => {
  expect(measured).toBeGreaterThan(published / 2);
  expect(measured).toBeLessThan(published * 2);
};

describe('the venue world against the published figures', () => {
  for (const seed of ['calibration-check-71', 'calibration-check-72']) {
    it(`is within a factor of 2 on every figure, makers' mark-out about nothing (seed ${seed})`, () => {
      const s = survey(seed);
      within2(s.tradesPerDay, 31);
      within2(s.busiestDecile, 640);
      within2(s.tradeUsdc, 56);
      within2(s.spreadBps, 400);
      within2(s.depth, 0.137);
      within2(s.pool, 2);
      expect(Math.abs(s.markoutCents)).toBeLessThan(0.3);
    });
  }
});
