import { describe, expect, it } from 'vitest';
import { generateCatalog, search } from '../../../src/sim/catalog/index.js';
import { expectShape } from './shape.js';

const catalog = generateCatalog({ seed: 'search', markets: 300 });
const tagLabel = (id: string) => catalog.tags.find((t) => t.id === id)!.label.toLowerCase();

describe('public search', () => {
  it('finds events by title or tag label and tags by label, case-insensitively', () => {
    const r = search(catalog, { q: 'WILL', limit_per_type: 500 });
    const expected = catalog.events.filter(
      (e) => e.title.toLowerCase().includes('will') || e.tagIds.some((id) => tagLabel(id).includes('will')),
    );
    expect(r.events.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(r.events.length).toBeGreaterThan(10);
    for (const e of r.events) expectShape(e, { id: 'string', ticker: 'string', slug: 'string', title: 'string' }, 'search.events[]');

    const crypto = search(catalog, { q: 'crypto' });
    expect(crypto.tags.map((t) => t.label)).toEqual(['Crypto']);
    expectShape(crypto.tags[0], { id: 'string', label: 'string', slug: 'string', event_count: 'integer' }, 'search.tags[]');
    expect(crypto.tags[0]!.event_count).toBe(catalog.events.filter((e) => e.category === 'CRYPTO').length);
    // Events match through their tag even when the title does not say "crypto".
    expect(crypto.events.length).toBe(Math.min(25, crypto.tags[0]!.event_count));
    expectShape(crypto.pagination, { hasMore: 'boolean', totalResults: 'integer' }, 'search.pagination');
  });

  it('pages each type by limit_per_type with a 1-based page and reports hasMore/totalResults', () => {
    const all = search(catalog, { q: 'e', limit_per_type: 500 });
    const total = all.events.length + all.tags.length;
    expect(all.pagination).toEqual({ hasMore: false, totalResults: total });
    const p1 = search(catalog, { q: 'e', limit_per_type: 7, page: 1 });
    const p2 = search(catalog, { q: 'e', limit_per_type: 7, page: 2 });
    expect(p1.events.map((e) => e.id)).toEqual(all.events.slice(0, 7).map((e) => e.id));
    expect(p2.events.map((e) => e.id)).toEqual(all.events.slice(7, 14).map((e) => e.id));
    expect(p2.tags.map((t) => t.id)).toEqual(all.tags.slice(7, 14).map((t) => t.id));
    expect(p1.pagination).toEqual({ hasMore: true, totalResults: total });
    const last = Math.ceil(Math.max(all.events.length, all.tags.length) / 7);
    expect(search(catalog, { q: 'e', limit_per_type: 7, page: last }).pagination.hasMore).toBe(false);
    expect(search(catalog, { q: 'e', limit_per_type: 7, page: last + 1 }).events).toEqual([]);
  });

  it('leaves tags out when search_tags is false and finds nothing for an absent term', () => {
    expect(search(catalog, { q: 'sports', search_tags: false }).tags).toEqual([]);
    expect(search(catalog, { q: 'zzzqqq' })).toEqual({ events: [], tags: [], pagination: { hasMore: false, totalResults: 0 } });
  });

  it('scopes events and tag counts to a creator', () => {
    const creator = catalog.creators[1]!;
    const mine = catalog.events.filter((e) => e.creatorId === creator.id);
    const r = search(catalog, { q: 'e', creator: creator.creatorHandle, limit_per_type: 500 });
    expect(r.events.length).toBeGreaterThan(0);
    expect(r.events.every((e) => mine.some((m) => m.id === e.id))).toBe(true);
    for (const t of r.tags) expect(t.event_count).toBe(mine.filter((e) => e.tagIds.includes(t.id)).length);
    expect(search(catalog, { q: 'e', creator: 'nobody' }).events).toEqual([]);
  });
});
