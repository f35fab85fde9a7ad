/**
 * Lookup tables over a SimCatalog, built once per catalog and cached beside it (the catalog
 * itself stays plain frozen data). Addresses are keyed in lower case.
 */
import type {
  CatalogComment,
  CatalogCreator,
  CatalogEvent,
  CatalogMarket,
  CatalogSeries,
  CatalogTag,
  CatalogUser,
  SimCatalog,
} from './catalog-model.js';

export interface CatalogIndex {
  readonly marketByCondition: ReadonlyMap<string, CatalogMarket>;
  /** token id -> [market, outcome index] */
  readonly marketByToken: ReadonlyMap<string, readonly [CatalogMarket, 0 | 1]>;
  readonly eventById: ReadonlyMap<string, CatalogEvent>;
  readonly eventBySlug: ReadonlyMap<string, CatalogEvent>;
  readonly tagById: ReadonlyMap<string, CatalogTag>;
  readonly seriesById: ReadonlyMap<string, CatalogSeries>;
  readonly creatorById: ReadonlyMap<string, CatalogCreator>;
  readonly userByAddress: ReadonlyMap<string, CatalogUser>;
  readonly commentById: ReadonlyMap<string, CatalogComment>;
  /** parent comment id -> replies, oldest first */
  readonly repliesById: ReadonlyMap<string, readonly CatalogComment[]>;
  /** lower-case address -> comments and replies written, oldest first */
  readonly commentsByUser: ReadonlyMap<string, readonly CatalogComment[]>;
}

const cache = new WeakMap<SimCatalog, CatalogIndex>();

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function indexOf(catalog: SimCatalog): CatalogIndex {
  const hit = cache.get(catalog);
  if (hit) return hit;
  const marketByToken = new Map<string, readonly [CatalogMarket, 0 | 1]>();
  for (const m of catalog.markets) {
    marketByToken.set(m.tokenIds[0], [m, 0]);
    marketByToken.set(m.tokenIds[1], [m, 1]);
  }
  const repliesById = new Map<string, CatalogComment[]>();
  const commentsByUser = new Map<string, CatalogComment[]>();
  for (const c of catalog.comments) {
    if (c.parentCommentId !== '') push(repliesById, c.parentCommentId, c);
    push(commentsByUser, c.userAddress.toLowerCase(), c);
  }
  const index: CatalogIndex = {
    marketByCondition: new Map(catalog.markets.map((m) => [m.conditionId, m])),
    marketByToken,
    eventById: new Map(catalog.events.map((e) => [e.id, e])),
    eventBySlug: new Map(catalog.events.map((e) => [e.slug, e])),
    tagById: new Map(catalog.tags.map((t) => [t.id, t])),
    seriesById: new Map(catalog.series.map((s) => [s.id, s])),
    creatorById: new Map(catalog.creators.map((c) => [c.id, c])),
    userByAddress: new Map(catalog.users.map((u) => [u.address.toLowerCase(), u])),
    commentById: new Map(catalog.comments.map((c) => [c.id, c])),
    repliesById,
    commentsByUser,
  };
  cache.set(catalog, index);
  return index;
}

/**
 * The creator a `creator` query parameter names: its wallet address (any case), its id or its
 * handle ("site identifier"). Undefined when nothing matches.
 */
export function resolveCreator(catalog: SimCatalog, creator: string): CatalogCreator | undefined {
  const q = creator.toLowerCase();
  return catalog.creators.find((c) => c.address.toLowerCase() === q || c.id === creator || c.creatorHandle.toLowerCase() === q);
}

/** Events in scope of an optional `creator` parameter (an unknown creator scopes to nothing). */
export function eventsInScope(catalog: SimCatalog, creator: string | undefined): readonly CatalogEvent[] {
  if (creator === undefined) return catalog.events;
  const c = resolveCreator(catalog, creator);
  return c === undefined ? [] : catalog.events.filter((e) => e.creatorId === c.id);
}
