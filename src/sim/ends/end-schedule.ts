/**
 * When the markets of a run end (`sim.ends.everySec`): from the start, the k-th listed market (in
 * the order of GET /markets, skipping none) ends at start + k x everySec. The markets of a
 * neg-risk event end together, at the slot of the first of them (the slots of the others pass
 * with nothing ending), and the event ends with them. Each resolves `resolveAfterSec` after its
 * end. The catalog is rewritten with those end dates, so every listing, event and position says
 * when; a sports market's game starts three hours before its end, as the catalog has it.
 */
import type { CatalogMarket, SimCatalog } from '../catalog/catalog-model.js';
import { END_WINDOW_MS } from './market-end.js';

export interface EndsOptions {
  /** One listed market reaches its end every this many seconds from the start; 0 (default): none. */
  readonly everySec: number;
  /** Seconds from a market's end to its resolution; default DEFAULT_RESOLVE_AFTER_SEC. */
  readonly resolveAfterSec?: number | undefined;
}

export const DEFAULT_RESOLVE_AFTER_SEC = 60;

const GAME_BEFORE_END_MS = 3 * 3_600_000;

/** Markets that end together: one market, or every market of a neg-risk event. */
export interface EndGroup {
  /** Its markets, in listing order (those of the rewritten catalog). */
  readonly markets: readonly CatalogMarket[];
  readonly negRisk: boolean;
  readonly endMs: number;
  readonly resolveMs: number;
  /** When its last stretch begins (market-end.ts): the outcome is drawn then. */
  readonly windowStartMs: number;
}

export interface ScheduledCatalog {
  readonly catalog: SimCatalog;
  /** In order of their end. */
  readonly groups: readonly EndGroup[];
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function scheduleEnds(catalog: SimCatalog, startMs: number, options: EndsOptions): ScheduledCatalog {
  const { everySec } = options;
  const resolveAfterSec = options.resolveAfterSec ?? DEFAULT_RESOLVE_AFTER_SEC;
  if (!(everySec >= 0) || !Number.isFinite(everySec)) throw new RangeError(`scheduleEnds: everySec must be >= 0 (got ${everySec})`);
  if (!(resolveAfterSec >= 0) || !Number.isFinite(resolveAfterSec)) {
    throw new RangeError(`scheduleEnds: resolveAfterSec must be >= 0 (got ${resolveAfterSec})`);
  }
  if (everySec === 0) return { catalog: rebaseEndDates(catalog, startMs), groups: [] };

  // Slot of each group: a neg-risk event's first market's; a market of its own, its own.
  const endByGroup = new Map<string, number>();
  const groupOf = (m: CatalogMarket): string => (m.negRisk ? `event:${m.eventId}` : `market:${m.conditionId}`);
  catalog.markets.forEach((m, i) => {
    const key = groupOf(m);
    if (!endByGroup.has(key)) endByGroup.set(key, startMs + (i + 1) * everySec * 1000);
  });

  const markets = catalog.markets.map((m) => {
    const endMs = endByGroup.get(groupOf(m))!;
    const gameStartTime = m.gameStartTime === '' ? '' : iso(endMs - GAME_BEFORE_END_MS);
    return Object.freeze({ ...m, endDate: iso(endMs), gameStartTime });
  });
  const endOfMarket = new Map(markets.map((m) => [m.conditionId, m.endDate]));
  const events = catalog.events.map((e) => {
    const ends = e.conditionIds.map((cid) => endOfMarket.get(cid)!).sort();
    return Object.freeze({ ...e, endDate: ends[ends.length - 1] ?? e.endDate });
  });
  const rewritten = Object.freeze({ ...catalog, markets: Object.freeze(markets), events: Object.freeze(events) }) as SimCatalog;

  const byGroup = new Map<string, CatalogMarket[]>();
  for (const m of markets) {
    const list = byGroup.get(groupOf(m));
    if (list === undefined) byGroup.set(groupOf(m), [m]);
    else list.push(m);
  }
  const groups = [...byGroup].map(([key, list]): EndGroup => {
    const endMs = endByGroup.get(key)!;
    return {
      markets: list,
      negRisk: list[0]!.negRisk,
      endMs,
      resolveMs: endMs + resolveAfterSec * 1000,
      windowStartMs: Math.max(startMs, endMs - END_WINDOW_MS),
    };
  });
  groups.sort((a, b) => a.endMs - b.endMs);
  return { catalog: rewritten, groups };
}

/**
 * Without ends in the run, the catalog's own end dates (200-900 days after its fixed epoch) are
 * read from the start instead of the epoch, so that a simulator started on the system clock,
 * years after the epoch, never lists a market whose end has passed; on a clock at the epoch (tests,
 * backtests) nothing moves.
 */
export function rebaseEndDates(catalog: SimCatalog, startMs: number): SimCatalog {
  const shift = startMs - catalog.epochMs;
  if (!(shift > 0)) return catalog;
  const moved = (text: string): string => (text === '' ? '' : iso(Date.parse(text) + shift));
  const markets = catalog.markets.map((m) => Object.freeze({ ...m, endDate: moved(m.endDate), gameStartTime: moved(m.gameStartTime) }));
  const events = catalog.events.map((e) => Object.freeze({ ...e, endDate: moved(e.endDate) }));
  return Object.freeze({ ...catalog, markets: Object.freeze(markets), events: Object.freeze(events) }) as SimCatalog;
}
