/** Catalog resources: search results (2.11), tags (2.12), events (2.13), event creators (2.14). */
import type { EventCreator, SearchResult, Tag, VenueEvent } from '../types.js';
import * as c from './check.js';

export function validateTag(route: string, value: unknown, field: string): Tag {
  const o = c.object(route, value, field);
  c.nonEmptyString(route, o, 'id', field);
  c.string(route, o, 'label', field);
  c.string(route, o, 'slug', field);
  return o as unknown as Tag;
}

export function validateSearchResult(route: string, value: unknown): SearchResult {
  const o = c.object(route, value, '');
  c.arrayOf(route, o.events, 'events', (el, f) => {
    const e = c.object(route, el, f);
    c.nonEmptyString(route, e, 'id', f);
    c.string(route, e, 'slug', f);
    c.string(route, e, 'title', f);
  });
  c.arrayOf(route, o.tags, 'tags', (el, f) => {
    const t = c.object(route, el, f);
    c.nonEmptyString(route, t, 'id', f);
    c.string(route, t, 'label', f);
    c.integer(route, t, 'event_count', f, 0);
  });
  const p = c.object(route, o.pagination, 'pagination');
  c.boolean(route, p, 'hasMore', 'pagination');
  c.integer(route, p, 'totalResults', 'pagination', 0);
  return o as unknown as SearchResult;
}

export function validateEvent(route: string, value: unknown): VenueEvent {
  const o = c.object(route, value, '');
  c.nonEmptyString(route, o, 'id', '');
  c.string(route, o, 'slug', '');
  c.string(route, o, 'title', '');
  for (const k of ['active', 'closed', 'archived']) c.boolean(route, o, k, '');
  c.arrayOf(route, o.tags, 'tags', (el, f) => validateTag(route, el, f));
  c.arrayOf(route, o.markets, 'markets', (el, f) => {
    const m = c.object(route, el, f);
    c.nonEmptyString(route, m, 'id', f);
    c.string(route, m, 'conditionId', f);
    c.string(route, m, 'clobTokenIds', f);
  });
  return o as unknown as VenueEvent;
}

export function validateEventCreator(route: string, value: unknown, field: string): EventCreator {
  const o = c.object(route, value, field);
  c.nonEmptyString(route, o, 'id', field);
  c.string(route, o, 'creatorName', field);
  return o as unknown as EventCreator;
}
