/**
 * The live state of one row of the limit table: its windows at effective capacity, the pause a
 * 429/425 put on it, its throttle counts, and the capacity queued requests have reserved in it
 * during the current admission pass.
 */
import type { Surface } from '../routes.js';
import type { LimitScope, WindowName } from './limit-table.js';
import { effectiveCapacity } from './limiter-options.js';
import { SlidingWindow } from './sliding-window.js';

export interface NamedWindow {
  readonly name: WindowName;
  /** The venue's capacity before share x safety. */
  readonly venueCapacity: number;
  readonly window: SlidingWindow;
}

export class ScopeState {
  readonly id: string;
  readonly label: string;
  readonly surface: Surface;
  /** True for a surface's "all routes" row. */
  readonly surfaceWide: boolean;
  readonly windows: readonly NamedWindow[];
  /** Smallest effective capacity of its windows. */
  readonly minCapacity: number;
  /** No admission before this time (clock ms); 0 when not paused. */
  pausedUntil = 0;
  readonly throttles = { status429: 0, status425: 0 };
  /** Scratch for one admission pass: slots promised to blocked requests ahead in priority. */
  reserved = 0;

  constructor(row: LimitScope, share: number, safety: number) {
    this.id = row.id;
    this.label = row.label;
    this.surface = row.surface;
    this.surfaceWide = row.routes === 'surface';
    this.windows = row.windows.map((w) => ({
      name: w.name,
      venueCapacity: w.capacity,
      window: new SlidingWindow(effectiveCapacity(w.capacity, share, safety), w.windowMs),
    }));
    this.minCapacity = Math.min(...this.windows.map((w) => w.window.capacity));
  }

  /** Earliest time >= now at which every window has room for `k` and the pause is over. */
  readyAt(k: number, now: number): number {
    let t = Math.max(now, this.pausedUntil);
    for (const w of this.windows) t = Math.max(t, w.window.readyAt(k, now));
    return t;
  }

  record(now: number): void {
    for (const w of this.windows) w.window.record(now);
  }

  pause(untilMs: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }
}
