/**
 * What the limiter shows the metrics issue: per scope and window, capacity, use and headroom;
 * queue depth per class; throttles per scope; concurrency. Names are stable (they become metric
 * names and labels); every label value comes from the fixed limit table, so cardinality is bounded.
 */
import type { AdmissionCore, RejectReason } from './admission-core.js';
import type { WindowName } from './limit-table.js';
import type { PriorityClass } from './request-gate.js';

export interface WindowSnapshot {
  /** Scope id from the limit table, e.g. `clob:all`, `POST /books`. */
  readonly scope: string;
  readonly label: string;
  readonly window: WindowName;
  readonly windowMs: number;
  /** Effective capacity: floor(venueCapacity x share x safety), at least 1. */
  readonly capacity: number;
  readonly venueCapacity: number;
  /** Admissions counting in the trailing window now. */
  readonly used: number;
  /** (capacity - used) / capacity, in [0, 1]. */
  readonly headroom: number;
  /** Remaining pause after a 429/425, ms; 0 when not paused. */
  readonly pausedForMs: number;
}

export interface ScopeThrottles {
  readonly scope: string;
  readonly status429: number;
  readonly status425: number;
}

export interface LimiterSnapshot {
  readonly atMs: number;
  readonly windows: readonly WindowSnapshot[];
  readonly queued: Readonly<Record<PriorityClass, number>>;
  readonly admitted: Readonly<Record<PriorityClass, number>>;
  readonly rejected: Readonly<Record<RejectReason, number>>;
  readonly throttles: readonly ScopeThrottles[];
  /** This key's requests in flight, and its bound. */
  readonly inFlight: number;
  readonly maxInFlightPerKey: number;
  /** The process pool's requests in flight (all keys), and its bound. */
  readonly processInFlight: number;
  readonly processMaxInFlight: number;
  readonly openOrders: number;
  readonly placesInFlight: number;
}

export function takeSnapshot<T>(core: AdmissionCore<T>, now: number): LimiterSnapshot {
  const windows: WindowSnapshot[] = [];
  for (const s of core.scopes) {
    for (const w of s.windows) {
      const capacity = w.window.capacity;
      const used = w.window.used(now);
      windows.push({
        scope: s.id,
        label: s.label,
        window: w.name,
        windowMs: w.window.windowMs,
        capacity,
        venueCapacity: w.venueCapacity,
        used,
        headroom: (capacity - used) / capacity,
        pausedForMs: Math.max(0, s.pausedUntil - now),
      });
    }
  }
  return {
    atMs: now,
    windows,
    queued: { ...core.queued },
    admitted: { ...core.admittedTotal },
    rejected: { ...core.rejectedTotal },
    throttles: core.scopes.map((s) => ({ scope: s.id, ...s.throttles })),
    inFlight: core.inFlight,
    maxInFlightPerKey: core.settings.maxInFlightPerKey,
    processInFlight: core.pool.inFlight,
    processMaxInFlight: core.pool.limit,
    openOrders: core.openOrders,
    placesInFlight: core.placesInFlight,
  };
}
