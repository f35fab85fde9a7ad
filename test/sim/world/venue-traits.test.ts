/**
 * The venue world's markets draw their traits deterministically from the seed, each kind of
 * market from its slice of the population, with reward terms and fee schedules in the venue's
 * ranges.
 */
import { describe, expect, it } from 'vitest';
import { generateVenueCatalog } from '../../../src/sim/world/venue-catalog.js';
import { drawVenueTraits, normalQuantile, overrideTraits } from '../../../src/sim/world/venue-traits.js';
import { marketKind } from '../../../src/sim/world/market-kinds.js';
import { simWorldName } from '../../../src/sim/world/sim-world.js';
import { generateCatalog } from '../../../src/sim/catalog/index.js';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

describe('venue-world traits', () => {
  it('are the same for the same seed and differ for another', () => {
    const a = generateVenueCatalog({ seed: 'traits-a', markets: 30 });
    const b = generateVenueCatalog({ seed: 'traits-a', markets: 30 });
    const c = generateVenueCatalog({ seed: 'traits-b', markets: 30 });
    expect(JSON.stringify(a.traits)).toBe(JSON.stringify(b.traits));
    expect(JSON.stringify(a.catalog.markets)).toBe(JSON.stringify(b.catalog.markets));
    expect(JSON.stringify(a.traits)).not.toBe(JSON.stringify(c.traits));
  });

  it('spread any prefix of the listing over the activity quantiles (golden-ratio sequence)', () => {
    const { traits } = generateVenueCatalog({ seed: 'prefix', markets: 20 });
    const q = traits.map((t) => t.activityQuantile).sort((x, y) => x - y);
    // 20 points of a golden-ratio sequence leave no gap wider than about 2.6/20.
    for (let i = 1; i < q.length; i++) expect(q[i]! - q[i - 1]!).toBeLessThan(0.14);
    expect(median(traits.map((t) => t.tradesPerDay))).toBeGreaterThan(15);
    expect(median(traits.map((t) => t.tradesPerDay))).toBeLessThan(62);
  });

  it('draws each kind of market from its slice: quiet below median below busy; news has 10x the news', () => {
    const markets = generateCatalog({ seed: 'kinds', markets: 40 }).markets;
    const of = (kind: Parameters<typeof marketKind>[0]) =>
      drawVenueTraits(markets, { seed: 'kinds', kind: marketKind(kind), payingShare: 0.5 });
    const quiet = of('quiet');
    const mid = of('median');
    const busy = of('busy');
    const news = of('news');
    expect(Math.max(...quiet.map((t) => t.tradesPerDay))).toBeLessThan(Math.min(...mid.map((t) => t.tradesPerDay)));
    expect(Math.max(...mid.map((t) => t.tradesPerDay))).toBeLessThan(Math.min(...busy.map((t) => t.tradesPerDay)));
    for (const t of busy) expect(t.tradesPerDay).toBeGreaterThan(250);
    news.forEach((t, i) => {
      expect(t.newsPerDay).toBeCloseTo(mid[i]!.newsPerDay * 10, 9);
    });
    expect(of('paying').every((t) => t.rewards !== undefined)).toBe(true);
    expect(of('unpaid').every((t) => t.rewards === undefined)).toBe(true);
  });

  it('draws the rich kind as the paying kind with every pool at or above the median', () => {
    const markets = generateCatalog({ seed: 'rich', markets: 200 }).markets;
    const paying = drawVenueTraits(markets, { seed: 'rich', kind: marketKind('paying'), payingShare: 0.5 });
    const rich = drawVenueTraits(markets, { seed: 'rich', kind: marketKind('rich'), payingShare: 0.5 });
    let raised = 0;
    rich.forEach((t, i) => {
      const p = paying[i]!;
      // The same market otherwise: activity, makers, terms.
      expect({ ...t, rewards: undefined }).toEqual({ ...p, rewards: undefined });
      expect(t.rewards!.maxSpread).toBe(p.rewards!.maxSpread);
      expect(t.rewards!.minSize).toBe(p.rewards!.minSize);
      // The median pool is 2.2 USDC a day; a pool below it is mirrored above it.
      expect(t.rewards!.dailyRate).toBeGreaterThanOrEqual(2.2);
      expect(t.rewards!.dailyRate).toBeGreaterThanOrEqual(p.rewards!.dailyRate);
      if (t.rewards!.dailyRate > p.rewards!.dailyRate) raised++;
    });
    expect(raised).toBeGreaterThan(60);
    expect(raised).toBeLessThan(140);
  });

  it('gives reward terms, makers and fees in the venue ranges', () => {
    const { catalog, traits } = generateVenueCatalog({ seed: 'terms', markets: 400 });
    const pools = traits.flatMap((t) => (t.rewards === undefined ? [] : [t.rewards.dailyRate]));
    expect(median(pools)).toBeGreaterThan(1);
    expect(median(pools)).toBeLessThan(4);
    expect(pools.filter((p) => p >= 1 && p <= 10).length / pools.length).toBeGreaterThan(0.75);
    expect(Math.max(...pools)).toBeGreaterThanOrEqual(100);
    for (const t of traits) {
      expect(t.makers.length).toBeGreaterThanOrEqual(1);
      expect(t.makers.length).toBeLessThanOrEqual(6);
      if (t.rewards !== undefined) {
        expect([3, 3.5, 4, 4.5]).toContain(t.rewards.maxSpread);
        expect([50, 100, 200]).toContain(t.rewards.minSize);
      }
    }
    catalog.markets.forEach((m, i) => {
      // The listing carries the drawn terms; crypto markets charge takers 0.07 and rebate makers 0.2.
      const t = traits[i]!;
      expect(m.rewards.rates[0]?.rewards_daily_rate ?? 0).toBe(t.rewards?.dailyRate ?? 0);
      expect(m.fee).toEqual(
        m.category === 'CRYPTO'
          ? { rate: 0.07, exponent: 1, takerOnly: true, rebateRate: 0.2 }
          : { rate: 0, exponent: 1, takerOnly: true, rebateRate: 0 },
      );
    });
  });

  it('replaces the drawn values by the given ones only', () => {
    const { traits } = generateVenueCatalog({ seed: 'over', markets: 3 });
    const over = overrideTraits(traits, { A: 0.2, k: 50, sigma: undefined });
    over.forEach((t, i) => {
      expect(t.A).toBe(0.2);
      expect(t.k).toBe(50);
      expect(t.sigma).toBe(traits[i]!.sigma);
    });
  });

  it('computes normal quantiles and refuses unknown world and kind names, naming the key', () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 5);
    expect(() => simWorldName('moon')).toThrow(/sim\.world: unknown world "moon" \(allowed: venue, demo\)/);
    expect(() => marketKind('loud')).toThrow(/--kind: unknown kind of market "loud"/);
  });
});
