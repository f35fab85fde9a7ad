import { describe, expect, it } from 'vitest';
import { isMakerdError, ErrorCode } from '../../../src/errors.js';
import { generateCatalog, getEventBySlug, listEventCreators, listTags } from '../../../src/sim/catalog/index.js';
import { expectShape, TAG, type Shape } from './shape.js';

const catalog = generateCatalog({ seed: 'events', markets: 120, creators: 5 });

const EVENT: Shape = {
  id: 'string',
  ticker: 'string',
  slug: 'string',
  title: 'string',
  description: 'string',
  resolutionSource: 'string',
  startDate: 'iso',
  creationDate: 'iso',
  endDate: 'iso',
  createdAt: 'iso',
  updatedAt: 'iso',
  image: 'string',
  icon: 'string',
  active: 'boolean',
  closed: 'boolean',
  archived: 'boolean',
  tags: 'array',
  markets: 'array',
  series: 'array',
  eventMetadata: 'object',
};

const EVENT_MARKET: Shape = {
  id: 'string',
  question: 'string',
  conditionId: 'string',
  mirrorConditionId: 'string',
  slug: 'string',
  resolutionSource: 'string',
  image: 'string',
  icon: 'string',
  description: 'string',
  outcomes: 'string',
  clobTokenIds: 'string',
  mirrorClobTokenIds: 'string',
  questionID: 'string',
  startDate: 'iso',
  endDate: 'iso',
  createdAt: 'iso',
  updatedAt: 'iso',
  active: 'boolean',
  closed: 'boolean',
  archived: 'boolean',
};

const SERIES: Shape = {
  id: 'string',
  ticker: 'string',
  slug: 'string',
  title: 'string',
  seriesType: 'string',
  recurrence: 'string',
  image: 'string',
  icon: 'string',
  active: 'boolean',
  closed: 'boolean',
  archived: 'boolean',
  createdAt: 'iso',
  updatedAt: 'iso',
};

const CREATOR: Shape = {
  id: 'string',
  creatorName: 'string',
  creatorHandle: 'string',
  creatorUrl: 'string',
  creatorImage: 'string',
  createdAt: 'iso',
  updatedAt: 'iso',
};

describe('event builders', () => {
  it('builds every event (2.13) with tags, markets (JSON-string outcomes/clobTokenIds) and series', () => {
    let withSeries = 0;
    for (const ce of catalog.events) {
      const e = getEventBySlug(catalog, ce.slug)!;
      expectShape(e, EVENT, 'event');
      for (const t of e.tags) expectShape(t, TAG, 'event.tags[]');
      for (const s of e.series) expectShape(s, SERIES, 'event.series[]');
      withSeries += e.series.length;
      expect(e.markets).toHaveLength(ce.conditionIds.length);
      e.markets.forEach((m, i) => {
        expectShape(m, EVENT_MARKET, 'event.markets[]');
        const cm = catalog.markets.find((x) => x.conditionId === ce.conditionIds[i])!;
        expect(JSON.parse(m.clobTokenIds)).toEqual([`${cm.conditionId}:0`, `${cm.conditionId}:1`]);
        expect(JSON.parse(m.outcomes)).toEqual([...cm.outcomes]);
        expect(m.conditionId).toBe(cm.conditionId);
      });
      expect(e.tags[0]!.label.toUpperCase()).toBe(ce.category);
    }
    expect(withSeries).toBeGreaterThan(0);
  });

  it('scopes an event to its creator (address, id or handle) and 404s otherwise', () => {
    const ce = catalog.events[0]!;
    const creator = catalog.creators.find((c) => c.id === ce.creatorId)!;
    const other = catalog.creators.find((c) => c.id !== ce.creatorId)!;
    expect(getEventBySlug(catalog, ce.slug, creator.address.toUpperCase().replace('0X', '0x'))?.id).toBe(ce.id);
    expect(getEventBySlug(catalog, ce.slug, creator.id)?.id).toBe(ce.id);
    expect(getEventBySlug(catalog, ce.slug, creator.creatorHandle)?.id).toBe(ce.id);
    expect(getEventBySlug(catalog, ce.slug, other.address)).toBeUndefined();
    expect(getEventBySlug(catalog, 'no-such-event')).toBeUndefined();
  });

  it('lists tags (2.12) with limit/offset and creator scope', () => {
    const all = listTags(catalog, { limit: 100, offset: 0 });
    expect(all).toHaveLength(catalog.tags.length);
    for (const t of all) expectShape(t, TAG, 'tag');
    expect(listTags(catalog, { limit: 5, offset: 3 }).map((t) => t.id)).toEqual(all.slice(3, 8).map((t) => t.id));
    const creator = catalog.creators[0]!;
    const used = new Set(catalog.events.filter((e) => e.creatorId === creator.id).flatMap((e) => e.tagIds));
    expect(
      listTags(catalog, { limit: 100, offset: 0, creator: creator.address })
        .map((t) => t.id)
        .sort(),
    ).toEqual([...used].sort());
    expect(listTags(catalog, { limit: 100, offset: 0, creator: '0xunknown' })).toEqual([]);
  });

  it('lists event creators (2.14) with order, direction and name filters', () => {
    const all = listEventCreators(catalog, { limit: 100, offset: 0 });
    expect(all.map((c) => c.id)).toEqual(['5', '4', '3', '2', '1']); // default: id, descending
    for (const c of all) expectShape(c, CREATOR, 'creator');
    expect(listEventCreators(catalog, { limit: 2, offset: 1, ascending: true }).map((c) => c.id)).toEqual(['2', '3']);
    const byName = listEventCreators(catalog, { limit: 100, offset: 0, order: 'creatorName', ascending: true }).map((c) => c.creatorName);
    expect(byName).toEqual([...byName].sort());
    expect(listEventCreators(catalog, { limit: 100, offset: 0, creator_name: 'HARBOR' }).map((c) => c.creatorName)).toEqual([
      'Harbor Markets',
    ]);
    expect(listEventCreators(catalog, { limit: 100, offset: 0, creator_handle: 'oracle' }).map((c) => c.creatorHandle)).toEqual([
      'oracledesk',
    ]);
    let caught: unknown;
    try {
      listEventCreators(catalog, { limit: 10, offset: 0, order: 'DROP TABLE' });
    } catch (err) {
      caught = err;
    }
    expect(isMakerdError(caught, ErrorCode.BAD_PARAMETER)).toBe(true);
  });
});
