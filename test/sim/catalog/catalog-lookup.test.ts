import { describe, expect, it } from 'vitest';
import { createCatalogLookup, generateCatalog, makerUsers, syntheticAccounts, takerUsers } from '../../../src/sim/catalog/index.js';

const catalog = generateCatalog({ seed: 'lookup', markets: 15, users: 12, makers: 2 });
const lookup = createCatalogLookup(catalog);

describe('catalog lookup for the exchange', () => {
  it('has two SimTokens per market, complementary, with Decimal rules', () => {
    expect(lookup.tokens()).toHaveLength(30);
    for (const m of catalog.markets) {
      const t0 = lookup.token(m.tokenIds[0])!;
      const t1 = lookup.token(m.tokenIds[1])!;
      expect(t0).toMatchObject({
        conditionId: m.conditionId,
        outcomeIndex: 0,
        outcome: m.outcomes[0],
        oppositeTokenId: m.tokenIds[1],
        oppositeOutcome: m.outcomes[1],
        negRisk: m.negRisk,
        title: m.question,
        slug: m.slug,
        endDate: m.endDate,
      });
      expect(t1.outcomeIndex).toBe(1);
      expect(t1.oppositeTokenId).toBe(m.tokenIds[0]);
      expect(t0.tickSize.toFixed()).toBe(m.tickSize);
      expect(t0.minOrderSize.toFixed()).toBe(m.minOrderSize);
      expect(t0.initialFair.plus(t1.initialFair).toFixed()).toBe('1');
      expect(t0.initialFair.toFixed(3)).toBe(m.initialFair);
      expect(t0.fee).toEqual(m.fee);
      expect(t0.eventSlug).toBe(catalog.events.find((e) => e.id === m.eventId)!.slug);
    }
    expect(lookup.token('0xdead:0')).toBeUndefined();
  });

  it('exposes the synthetic accounts split into makers and takers', () => {
    expect(syntheticAccounts(catalog)).toHaveLength(12);
    expect(makerUsers(catalog)).toHaveLength(2);
    expect(takerUsers(catalog)).toHaveLength(10);
    expect(syntheticAccounts(catalog).every((a) => a.operator === false)).toBe(true);
  });
});
