/**
 * Catalog-side responses about events: Tag (2.12), Series, Event with its markets (2.13), Event
 * creator (2.14), and the lists of GET /tags (4.20), GET /events/slug/{slug} (4.21) and
 * GET /events/creators (4.22). Event-market `outcomes` / `clobTokenIds` are JSON-encoded strings,
 * as in the public catalog convention. `closed` follows the markets' status (market-status.ts).
 */
import { badParameter } from '../../errors.js';
import { ENDPOINTS } from '../../venue/endpoints.js';
import type { EventCreator, EventMarket, Series, Tag, VenueEvent } from '../../venue/types.js';
import type { CatalogCreator, CatalogEvent, CatalogMarket, CatalogSeries, CatalogTag, SimCatalog } from './catalog-model.js';
import { eventsInScope, indexOf, resolveCreator } from './catalog-index.js';
import { statusOf } from './market-status.js';

export function buildTag(t: CatalogTag): Tag {
  return {
    id: t.id,
    label: t.label,
    slug: t.slug,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    requiresTranslation: t.requiresTranslation,
  };
}

export function buildSeries(s: CatalogSeries): Series {
  return {
    id: s.id,
    ticker: s.ticker,
    slug: s.slug,
    title: s.title,
    seriesType: s.seriesType,
    recurrence: s.recurrence,
    image: s.image,
    icon: s.icon,
    active: true,
    closed: false,
    archived: false,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

export function buildEventMarket(m: CatalogMarket, resolutionSource: string): EventMarket {
  return {
    id: String(m.marketId),
    question: m.question,
    conditionId: m.conditionId,
    mirrorConditionId: m.mirrorConditionId,
    slug: m.slug,
    resolutionSource,
    image: m.image,
    icon: m.icon,
    description: m.description,
    outcomes: JSON.stringify(m.outcomes),
    clobTokenIds: JSON.stringify(m.tokenIds),
    mirrorClobTokenIds: JSON.stringify(m.mirrorTokenIds),
    questionID: m.questionId,
    startDate: m.startDate,
    endDate: m.endDate,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    active: true,
    closed: statusOf(m).closed,
    archived: false,
  };
}

export function buildEvent(catalog: SimCatalog, e: CatalogEvent): VenueEvent {
  const ix = indexOf(catalog);
  const series = e.seriesId === undefined ? undefined : ix.seriesById.get(e.seriesId);
  return {
    id: e.id,
    ticker: e.ticker,
    slug: e.slug,
    title: e.title,
    description: e.description,
    resolutionSource: e.resolutionSource,
    startDate: e.startDate,
    creationDate: e.creationDate,
    endDate: e.endDate,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    image: e.image,
    icon: e.icon,
    active: true,
    // An event is closed when every one of its markets is.
    closed: e.conditionIds.every((cid) => statusOf(ix.marketByCondition.get(cid)!).closed),
    archived: false,
    tags: e.tagIds.map((id) => buildTag(ix.tagById.get(id)!)),
    markets: e.conditionIds.map((cid) => buildEventMarket(ix.marketByCondition.get(cid)!, e.resolutionSource)),
    series: series === undefined ? [] : [buildSeries(series)],
    eventMetadata: { category: e.category.toLowerCase(), negRisk: e.negRisk, creator: ix.creatorById.get(e.creatorId)!.creatorHandle },
  };
}

/** GET /events/slug/{slug}; undefined (404) when unknown or outside the `creator` scope. */
export function getEventBySlug(catalog: SimCatalog, slug: string, creator?: string): VenueEvent | undefined {
  const e = indexOf(catalog).eventBySlug.get(slug);
  if (e === undefined) return undefined;
  if (creator !== undefined && resolveCreator(catalog, creator)?.id !== e.creatorId) return undefined;
  return buildEvent(catalog, e);
}

export interface TagsQuery {
  readonly limit: number;
  readonly offset: number;
  /** Only tags used by this creator's events. */
  readonly creator?: string | undefined;
}

/** GET /tags, in id order. */
export function listTags(catalog: SimCatalog, q: TagsQuery): Tag[] {
  let tags = catalog.tags;
  if (q.creator !== undefined) {
    const used = new Set(eventsInScope(catalog, q.creator).flatMap((e) => e.tagIds));
    tags = tags.filter((t) => used.has(t.id));
  }
  return tags.slice(q.offset, q.offset + q.limit).map(buildTag);
}

export function buildEventCreator(c: CatalogCreator): EventCreator {
  return {
    id: c.id,
    creatorName: c.creatorName,
    creatorHandle: c.creatorHandle,
    creatorUrl: c.creatorUrl,
    creatorImage: c.creatorImage,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** Sort columns GET /events/creators accepts for `order`. */
export const CREATOR_ORDER_COLUMNS = ['id', 'creatorName', 'creatorHandle', 'createdAt', 'updatedAt'] as const;

export interface CreatorsQuery {
  readonly limit: number;
  readonly offset: number;
  /** One of CREATOR_ORDER_COLUMNS (default id). */
  readonly order?: string | undefined;
  /** Default false: descending. */
  readonly ascending?: boolean | undefined;
  /** Case-insensitive substring filters. */
  readonly creator_name?: string | undefined;
  readonly creator_handle?: string | undefined;
}

/** GET /events/creators; an unknown `order` column is a bad parameter (400). */
export function listEventCreators(catalog: SimCatalog, q: CreatorsQuery): EventCreator[] {
  const order = q.order ?? 'id';
  if (!(CREATOR_ORDER_COLUMNS as readonly string[]).includes(order)) {
    throw badParameter(ENDPOINTS.getEventCreators.route, 'order', `must be one of ${CREATOR_ORDER_COLUMNS.join(', ')}`, order);
  }
  const contains = (value: string, needle: string | undefined) =>
    needle === undefined || value.toLowerCase().includes(needle.toLowerCase());
  const key = (c: CatalogCreator): string | number =>
    order === 'id' ? Number(c.id) : c[order as Exclude<(typeof CREATOR_ORDER_COLUMNS)[number], 'id'>];
  const sign = q.ascending === true ? 1 : -1;
  return catalog.creators
    .filter((c) => contains(c.creatorName, q.creator_name) && contains(c.creatorHandle, q.creator_handle))
    .slice()
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      return ka < kb ? -sign : ka > kb ? sign : Number(a.id) - Number(b.id);
    })
    .slice(q.offset, q.offset + q.limit)
    .map(buildEventCreator);
}
