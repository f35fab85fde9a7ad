import { describe, expect, it } from 'vitest';
import { generateCatalog } from '../../../src/sim/catalog/index.js';

describe('generateCatalog', () => {
  it('is byte-identical for the same seed and different for another seed', () => {
    const a = JSON.stringify(generateCatalog({ seed: 'same', markets: 60 }));
    const b = JSON.stringify(generateCatalog({ seed: 'same', markets: 60 }));
    const c = JSON.stringify(generateCatalog({ seed: 'other', markets: 60 }));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(generateCatalog({ seed: 42, markets: 5 })).toEqual(generateCatalog({ seed: '42', markets: 5 }));
  });

  it('does not read the wall clock: every date derives from the epoch option', () => {
    const a = generateCatalog({ seed: 'e', markets: 10 });
    const b = generateCatalog({ seed: 'e', markets: 10, epochMs: Date.UTC(2030, 0, 1) });
    expect(b.markets.map((m) => m.conditionId)).toEqual(a.markets.map((m) => m.conditionId));
    expect(Date.parse(b.events[0]!.endDate) - Date.parse(a.events[0]!.endDate)).toBe(Date.UTC(2030, 0, 1) - Date.UTC(2025, 0, 1));
  });

  it('has exactly M binary markets grouped into events of 1-4, multi-market events neg-risk', () => {
    const cat = generateCatalog({ seed: 'shape', markets: 137 });
    expect(cat.markets).toHaveLength(137);
    const inEvents = cat.events.flatMap((e) => e.conditionIds);
    expect(inEvents).toEqual(cat.markets.map((m) => m.conditionId));
    for (const e of cat.events) {
      expect(e.conditionIds.length).toBeGreaterThanOrEqual(1);
      expect(e.conditionIds.length).toBeLessThanOrEqual(4);
      expect(e.negRisk).toBe(e.conditionIds.length > 1);
    }
    expect(cat.events.some((e) => e.negRisk)).toBe(true);
    expect(cat.events.some((e) => !e.negRisk)).toBe(true);
  });

  it('gives markets well-formed ids, tokens, rules and fair values', () => {
    const cat = generateCatalog({ seed: 'rules', markets: 200 });
    const conditionIds = new Set<string>();
    for (const m of cat.markets) {
      expect(m.conditionId).toMatch(/^0x[0-9a-f]{64}$/);
      expect(m.questionId).toMatch(/^0x[0-9a-f]{64}$/);
      expect(m.tokenIds).toEqual([`${m.conditionId}:0`, `${m.conditionId}:1`]);
      expect(['0.01', '0.001']).toContain(m.tickSize);
      expect(['1', '5', '15']).toContain(m.minOrderSize);
      const fair = Number(m.initialFair);
      expect(fair).toBeGreaterThan(0.05);
      expect(fair).toBeLessThan(0.95);
      expect(m.fee).toMatchObject({
        rate: 0.25,
        exponent: 2,
        takerOnly: true,
        rebateRate: 0.2,
        version: 1,
        source: 'sim',
        category: m.category.toLowerCase(),
      });
      conditionIds.add(m.conditionId);
    }
    expect(conditionIds.size).toBe(200);
    expect(new Set(cat.markets.map((m) => m.slug)).size).toBe(200);
    expect(new Set(cat.events.map((e) => e.slug)).size).toBe(cat.events.length);
    // Most markets trade in cents, some in tenths of a cent; most have min size 5.
    const tick001 = cat.markets.filter((m) => m.tickSize === '0.01').length;
    expect(tick001).toBeGreaterThan(120);
    expect(tick001).toBeLessThan(200);
    expect(cat.markets.filter((m) => m.minOrderSize === '5').length).toBeGreaterThan(100);
    // About half pay rewards (the sampling set).
    const sampling = cat.markets.filter((m) => m.rewards.min_size > 0).length;
    expect(sampling).toBeGreaterThan(60);
    expect(sampling).toBeLessThan(140);
  });

  it('keeps neg-risk sets roughly summing to one', () => {
    const cat = generateCatalog({ seed: 'negrisk', markets: 120 });
    for (const e of cat.events.filter((x) => x.negRisk && x.conditionIds.length >= 3)) {
      const sum = e.conditionIds
        .map((cid) => Number(cat.markets.find((m) => m.conditionId === cid)!.initialFair))
        .reduce((a, b) => a + b, 0);
      expect(sum).toBeGreaterThan(0.8);
      expect(sum).toBeLessThan(1.3);
    }
  });

  it('creates synthetic users with credentials of the venue format', () => {
    const cat = generateCatalog({ seed: 'users', markets: 10, users: 25, makers: 3 });
    expect(cat.users).toHaveLength(25);
    expect(cat.users.filter((u) => u.role === 'maker')).toHaveLength(3);
    for (const u of cat.users) {
      expect(u.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(u.apiKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(u.passphrase).toMatch(/^[0-9a-f]{64}$/);
      expect(Buffer.from(u.secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64')).toHaveLength(32);
      expect(u.secret).toMatch(/^[A-Za-z0-9_-]+=*$/);
      expect(u.operator).toBe(false);
      expect(u.name).not.toBe('');
      expect(u.pseudonym).toMatch(/^[A-Z][a-z]+-[A-Z][a-z]+$/);
      const shares = Object.values(u.categoryShare).reduce((a, b) => a + b, 0);
      expect(Math.abs(shares - 1)).toBeLessThan(0.001);
    }
    expect(new Set(cat.users.map((u) => u.address)).size).toBe(25);
    expect(new Set(cat.users.map((u) => u.name)).size).toBe(25);
  });

  it('is frozen', () => {
    const cat = generateCatalog({ seed: 'frozen', markets: 3 });
    expect(Object.isFrozen(cat)).toBe(true);
    expect(Object.isFrozen(cat.markets[0])).toBe(true);
    expect(Object.isFrozen(cat.markets[0]!.tokenIds)).toBe(true);
    expect(() => (cat.markets as unknown as unknown[]).push(1)).toThrow(TypeError);
  });

  it('keeps earlier events stable when more markets are asked for', () => {
    const small = generateCatalog({ seed: 'prefix', markets: 30 });
    const large = generateCatalog({ seed: 'prefix', markets: 60 });
    const full = small.events.slice(0, -1);
    expect(large.events.slice(0, full.length)).toEqual(full);
  });

  it('rejects a non-positive market count', () => {
    expect(() => generateCatalog({ seed: 'x', markets: 0 })).toThrow(RangeError);
  });

  it('makes samplingShare of the markets pay rewards: all of them at 1, none at 0, the same catalog otherwise at 0.5', () => {
    const all = generateCatalog({ seed: 'share', markets: 80, samplingShare: 1 });
    expect(all.markets.filter((m) => m.rewards.min_size > 0)).toHaveLength(80);
    expect(all.markets.every((m) => (m.rewards.rates[0]?.rewards_daily_rate ?? 0) > 0)).toBe(true);
    const none = generateCatalog({ seed: 'share', markets: 80, samplingShare: 0 });
    expect(none.markets.filter((m) => m.rewards.min_size > 0)).toHaveLength(0);
    expect(generateCatalog({ seed: 'share', markets: 80, samplingShare: 0.5 })).toEqual(generateCatalog({ seed: 'share', markets: 80 }));
    expect(() => generateCatalog({ seed: 'x', markets: 5, samplingShare: 1.5 })).toThrow(/samplingShare must be in \[0, 1\] \(got 1.5\)/);
  });
});
