/**
 * GET /public-search (4.13, 2.11): events whose title or one of whose tag labels contains `q`,
 * and tags whose label contains `q`, case-insensitively; `limit_per_type` rows of each type per
 * 1-based `page`. `creator` scopes both to that creator's events (tags: those its events use,
 * with event_count counted within the scope). Profiles are never returned.
 */
import type { SearchResult } from '../../venue/types.js';
import type { SimCatalog } from './catalog-model.js';
import { eventsInScope, indexOf } from './catalog-index.js';

export interface SearchQuery {
  readonly q: string;
  /** Default 25. */
  readonly limit_per_type?: number | undefined;
  /** 1-based, default 1. */
  readonly page?: number | undefined;
  /** Default true. */
  readonly search_tags?: boolean | undefined;
  readonly creator?: string | undefined;
}

export function search(catalog: SimCatalog, query: SearchQuery): SearchResult {
  const ix = indexOf(catalog);
  const needle = query.q.trim().toLowerCase();
  const limit = query.limit_per_type ?? 25;
  const page = query.page ?? 1;
  const start = (page - 1) * limit;
  const scope = eventsInScope(catalog, query.creator);

  const labelOf = (tagId: string) => ix.tagById.get(tagId)!.label.toLowerCase();
  const events = scope.filter((e) => e.title.toLowerCase().includes(needle) || e.tagIds.some((id) => labelOf(id).includes(needle)));

  const eventCount = new Map<string, number>();
  for (const e of scope) for (const id of e.tagIds) eventCount.set(id, (eventCount.get(id) ?? 0) + 1);
  const tags =
    query.search_tags === false
      ? []
      : catalog.tags.filter((t) => t.label.toLowerCase().includes(needle) && (query.creator === undefined || eventCount.has(t.id)));

  return {
    events: events.slice(start, start + limit).map((e) => ({ id: e.id, ticker: e.ticker, slug: e.slug, title: e.title })),
    tags: tags.slice(start, start + limit).map((t) => ({ id: t.id, label: t.label, slug: t.slug, event_count: eventCount.get(t.id) ?? 0 })),
    pagination: {
      hasMore: events.length > start + limit || tags.length > start + limit,
      totalResults: events.length + tags.length,
    },
  };
}
