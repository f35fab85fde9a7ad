/**
 * The venue's rate limits (venue-api.md sections 8.1-8.3) as data, row for row, and the one
 * function that says which scopes a route counts against.
 *
 * Choices where the seed is silent (design.md section 4):
 * - A scope row named after a route (`GET /book`) counts that exact route only. Routes with no row
 *   of their own (`GET /markets/{condition_id}`, `GET /fee-rate`, `DELETE /cancel-market-orders`,
 *   `GET /events/slug/{slug}` ...) count against their surface's "all routes" window only.
 * - "Combined event and market listings" = `GET /events` + `GET /markets`.
 * - The trading writes `POST /order` and `DELETE /order` have one scope each holding two windows,
 *   burst and sustained, and also count against "All CLOB routes".
 * - Surfaces come from `ENDPOINTS[..].surface` (src/routes.ts, the route table shared with the
 *   venue client); the routes only named in the table (section 4.23) are listed there in
 *   TABLE_ONLY_ROUTES with the surface design.md section 3 gives them.
 * The capacities here are the venue's; the limiter scales them by `share x safety`
 * (see limiter-options.ts).
 */
import { ENDPOINTS, TABLE_ONLY_ROUTES, type Surface } from '../routes.js';

export { TABLE_ONLY_ROUTES };

/** `window`: a scope's only window; `burst` and `sustained`: the trading writes' two (section 8.3). */
export type WindowName = 'window' | 'burst' | 'sustained';

export interface LimitWindow {
  readonly name: WindowName;
  /** Requests the venue allows per window. */
  readonly capacity: number;
  readonly windowMs: number;
}

export interface LimitScope {
  /** Stable id, used as a metric label: `<surface>:all`, `catalog:listings`, or the route itself. */
  readonly id: string;
  /** The seed's wording of the row. */
  readonly label: string;
  readonly section: '8.1' | '8.2' | '8.3';
  readonly surface: Surface;
  /** The routes counted, or 'surface' for every route of the surface. */
  readonly routes: readonly string[] | 'surface';
  readonly windows: readonly LimitWindow[];
}

/**
 * A window's length for people and labels: the largest whole unit, `10s`, `10m`, `1h` (`1500ms`
 * when no unit divides it). Every scope's windows differ in length, so (scope, length) names one.
 */
export function windowLength(windowMs: number): string {
  if (!Number.isSafeInteger(windowMs) || windowMs <= 0) return `${windowMs}ms`;
  if (windowMs % 3_600_000 === 0) return `${windowMs / 3_600_000}h`;
  if (windowMs % 60_000 === 0) return `${windowMs / 60_000}m`;
  if (windowMs % 1_000 === 0) return `${windowMs / 1_000}s`;
  return `${windowMs}ms`;
}

const TEN_SECONDS = 10_000;
const TEN_MINUTES = 600_000;

const per10s = (capacity: number): LimitWindow[] => [{ name: 'window', capacity, windowMs: TEN_SECONDS }];
const burstAndSustained = (burst: number, sustained: number): LimitWindow[] => [
  { name: 'burst', capacity: burst, windowMs: TEN_SECONDS },
  { name: 'sustained', capacity: sustained, windowMs: TEN_MINUTES },
];
const routeRow = (section: LimitScope['section'], surface: Surface, route: string, windows: LimitWindow[]): LimitScope => ({
  id: route,
  label: route,
  section,
  surface,
  routes: [route],
  windows,
});

export const LIMIT_TABLE: readonly LimitScope[] = [
  // 8.1 Catalog surface
  { id: 'catalog:all', label: 'All catalog routes', section: '8.1', surface: 'catalog', routes: 'surface', windows: per10s(4_000) },
  routeRow('8.1', 'catalog', 'GET /events', per10s(500)),
  routeRow('8.1', 'catalog', 'GET /markets', per10s(300)),
  {
    id: 'catalog:listings',
    label: 'Combined event and market listings',
    section: '8.1',
    surface: 'catalog',
    routes: ['GET /events', 'GET /markets'],
    windows: per10s(900),
  },
  routeRow('8.1', 'catalog', 'GET /tags', per10s(200)),
  routeRow('8.1', 'catalog', 'GET /public-search', per10s(350)),

  // 8.2 Order-book (CLOB) reads
  { id: 'clob:all', label: 'All CLOB routes', section: '8.2', surface: 'clob', routes: 'surface', windows: per10s(5_000) },
  routeRow('8.2', 'clob', 'GET /', per10s(50)),
  routeRow('8.2', 'clob', 'GET /book', per10s(200)),
  routeRow('8.2', 'clob', 'POST /books', per10s(80)),
  routeRow('8.2', 'clob', 'GET /price', per10s(200)),
  routeRow('8.2', 'clob', 'POST /prices', per10s(80)),
  routeRow('8.2', 'clob', 'GET /midpoint', per10s(200)),
  routeRow('8.2', 'clob', 'GET /prices-history', per10s(100)),
  routeRow('8.2', 'clob', 'POST /batch-prices-history', per10s(80)),
  routeRow('8.2', 'clob', 'GET /data/trades', per10s(150)),

  // 8.3 Trading writes: both burst and sustained must hold
  routeRow('8.3', 'clob', 'POST /order', burstAndSustained(2_400, 24_000)),
  routeRow('8.3', 'clob', 'DELETE /order', burstAndSustained(2_400, 24_000)),
];

const surfaceByRoute: ReadonlyMap<string, Surface> = new Map<string, Surface>([
  ...Object.values(ENDPOINTS).map((d): [string, Surface] => [d.route, d.surface]),
  ...Object.entries(TABLE_ONLY_ROUTES),
]);

/** Every route the limiter knows, in no particular order. */
export const KNOWN_ROUTES: readonly string[] = [...surfaceByRoute.keys()];

/** The surface of a route, or undefined when the route is unknown. */
export function surfaceOf(route: string): Surface | undefined {
  return surfaceByRoute.get(route);
}

/** The scopes `route` counts against, surface-wide first; undefined for an unknown route. */
export function scopesOfRoute(route: string): LimitScope[] | undefined {
  const surface = surfaceByRoute.get(route);
  if (surface === undefined) return undefined;
  return LIMIT_TABLE.filter((s) => s.surface === surface && (s.routes === 'surface' || s.routes.includes(route)));
}
