/**
 * The simulator's own enforcement of venue-api.md section 8, written plainly from the seed's
 * tables and deliberately independent of the daemon's limiter (src/limits/), so that each checks
 * the other.
 *
 * Choices (documented, matching the limiter's reading of the table):
 * - Counting is global per simulator instance (one venue edge, every client together).
 * - Only the exact routes named in a table row have a window of their own; every route also
 *   counts against its surface's "all routes" window (surface from ENDPOINTS[id].surface).
 *   `GET /markets/{condition_id}` therefore has no row of its own; "combined event and market
 *   listings" = `GET /events` + `GET /markets`.
 * - `POST /order` and `DELETE /order` each have a burst (2,400 / 10 s) and a sustained
 *   (24,000 / 10 min) window; `DELETE /cancel-market-orders` has no row (CLOB window only).
 * - A request is admitted when, in every window it touches, the admitted requests of the
 *   trailing window plus this one stay within capacity x scale; otherwise 429 with Retry-After =
 *   whole seconds until the oldest in-window request of the fullest scope leaves. Throttled
 *   requests are not recorded as admitted.
 */
import type { Surface } from '../../venue/endpoints.js';

const TEN_S = 10_000;
const TEN_MIN = 600_000;

interface ScopeDef {
  readonly name: string;
  readonly capacity: number;
  readonly windowMs: number;
}

/** Section 8 as data: scope name, capacity, window. */
const SCOPES: readonly ScopeDef[] = [
  // 8.1 catalog surface
  { name: 'All catalog routes', capacity: 4_000, windowMs: TEN_S },
  { name: 'GET /events', capacity: 500, windowMs: TEN_S },
  { name: 'GET /markets', capacity: 300, windowMs: TEN_S },
  { name: 'Combined event and market listings', capacity: 900, windowMs: TEN_S },
  { name: 'GET /tags', capacity: 200, windowMs: TEN_S },
  { name: 'GET /public-search', capacity: 350, windowMs: TEN_S },
  // 8.2 CLOB reads
  { name: 'All CLOB routes', capacity: 5_000, windowMs: TEN_S },
  { name: 'GET /', capacity: 50, windowMs: TEN_S },
  { name: 'GET /book', capacity: 200, windowMs: TEN_S },
  { name: 'POST /books', capacity: 80, windowMs: TEN_S },
  { name: 'GET /price', capacity: 200, windowMs: TEN_S },
  { name: 'POST /prices', capacity: 80, windowMs: TEN_S },
  { name: 'GET /midpoint', capacity: 200, windowMs: TEN_S },
  { name: 'GET /prices-history', capacity: 100, windowMs: TEN_S },
  { name: 'POST /batch-prices-history', capacity: 80, windowMs: TEN_S },
  { name: 'GET /data/trades', capacity: 150, windowMs: TEN_S },
  // 8.3 trading writes
  { name: 'POST /order burst', capacity: 2_400, windowMs: TEN_S },
  { name: 'POST /order sustained', capacity: 24_000, windowMs: TEN_MIN },
  { name: 'DELETE /order burst', capacity: 2_400, windowMs: TEN_S },
  { name: 'DELETE /order sustained', capacity: 24_000, windowMs: TEN_MIN },
];

const SURFACE_SCOPE: Record<Surface, string> = { catalog: 'All catalog routes', clob: 'All CLOB routes' };

/** Scopes a route counts against besides its surface's general window. */
const ROUTE_SCOPES: Readonly<Record<string, readonly string[]>> = {
  'GET /events': ['GET /events', 'Combined event and market listings'],
  'GET /markets': ['GET /markets', 'Combined event and market listings'],
  'GET /tags': ['GET /tags'],
  'GET /public-search': ['GET /public-search'],
  'GET /': ['GET /'],
  'GET /book': ['GET /book'],
  'POST /books': ['POST /books'],
  'GET /price': ['GET /price'],
  'POST /prices': ['POST /prices'],
  'GET /midpoint': ['GET /midpoint'],
  'GET /prices-history': ['GET /prices-history'],
  'POST /batch-prices-history': ['POST /batch-prices-history'],
  'GET /data/trades': ['GET /data/trades'],
  'POST /order': ['POST /order burst', 'POST /order sustained'],
  'DELETE /order': ['DELETE /order burst', 'DELETE /order sustained'],
};

/** Admitted-request times of one scope, oldest first; `head` skips the ones that left the window. */
class TrailingWindow {
  readonly #times: number[] = [];
  #head = 0;

  constructor(
    readonly name: string,
    readonly capacity: number,
    readonly windowMs: number,
  ) {}

  /** Requests admitted in (now - windowMs, now]. */
  count(now: number): number {
    const times = this.#times;
    const cutoff = now - this.windowMs;
    while (this.#head < times.length && times[this.#head]! <= cutoff) this.#head++;
    if (this.#head > 1024 && this.#head * 2 > times.length) {
      times.splice(0, this.#head);
      this.#head = 0;
    }
    return times.length - this.#head;
  }

  /** Milliseconds until the oldest in-window request leaves the window. */
  msUntilRoom(now: number): number {
    const oldest = this.#times[this.#head];
    return oldest === undefined ? 0 : oldest + this.windowMs - now;
  }

  record(now: number): void {
    this.#times.push(now);
  }
}

export interface EdgeLimitSettings {
  /** false disables the edge limits altogether (benchmarks). */
  readonly enabled: boolean;
  /** Multiplies every capacity (e.g. 0.01 in tests); at least 1 request per window remains. */
  readonly scale: number;
}

export type EdgeDecision =
  | { readonly admitted: true }
  | { readonly admitted: false; readonly scope: string; readonly retryAfterSec: number };

export interface EdgeScopeUsage {
  readonly scope: string;
  readonly capacity: number;
  readonly windowMs: number;
  readonly used: number;
}

export class EdgeLimits {
  readonly #windows = new Map<string, TrailingWindow>();
  readonly #routeWindows = new Map<string, TrailingWindow[]>();
  #settings: EdgeLimitSettings;

  constructor(settings: EdgeLimitSettings) {
    this.#settings = settings;
    for (const s of SCOPES) {
      const capacity = Math.max(1, Math.floor(s.capacity * settings.scale));
      this.#windows.set(s.name, new TrailingWindow(s.name, capacity, s.windowMs));
    }
  }

  get enabled(): boolean {
    return this.#settings.enabled;
  }

  setEnabled(enabled: boolean): void {
    this.#settings = { ...this.#settings, enabled };
  }

  /** The windows a route (`METHOD /template`) on a surface counts against. */
  scopesOf(route: string, surface: Surface): string[] {
    return this.#windowsOf(route, surface).map((w) => w.name);
  }

  #windowsOf(route: string, surface: Surface): TrailingWindow[] {
    const key = `${surface} ${route}`;
    let ws = this.#routeWindows.get(key);
    if (!ws) {
      ws = [SURFACE_SCOPE[surface], ...(ROUTE_SCOPES[route] ?? [])].map((n) => this.#windows.get(n)!);
      this.#routeWindows.set(key, ws);
    }
    return ws;
  }

  /** Checks every window of the route and, when all have room, records the request in each. */
  admit(route: string, surface: Surface, now: number): EdgeDecision {
    if (!this.#settings.enabled) return { admitted: true };
    const windows = this.#windowsOf(route, surface);
    let blocked: TrailingWindow | undefined;
    let waitMs = 0;
    for (const w of windows) {
      if (w.count(now) + 1 > w.capacity) {
        const ms = w.msUntilRoom(now);
        if (blocked === undefined || ms > waitMs) {
          blocked = w;
          waitMs = ms;
        }
      }
    }
    if (blocked) return { admitted: false, scope: blocked.name, retryAfterSec: Math.max(1, Math.ceil(waitMs / 1000)) };
    for (const w of windows) w.record(now);
    return { admitted: true };
  }

  usage(now: number): EdgeScopeUsage[] {
    return [...this.#windows.values()].map((w) => ({ scope: w.name, capacity: w.capacity, windowMs: w.windowMs, used: w.count(now) }));
  }
}
