/**
 * The seam between the venue client and the rate limiter: the client asks the gate before every
 * request and reports the venue's throttling answers back to it.
 */

/** Strict priority order: cancels first, then order placement, then reads. */
export type PriorityClass = 'cancel' | 'place' | 'read';

export interface AcquireOptions {
  readonly signal?: AbortSignal | undefined;
  /** Absolute deadline in clock milliseconds; not admitted by then -> THROTTLED error. */
  readonly deadlineMs?: number | undefined;
}

/** Held while the request is in flight; release frees its concurrency slot (windows keep counting). */
export interface GateTicket {
  release(): void;
}

export interface RequestGate {
  /** Resolves when `route` (e.g. `POST /books`) may be sent now; rejects with a MakerdError otherwise. */
  acquire(route: string, cls: PriorityClass, options?: AcquireOptions): Promise<GateTicket>;
  /** The venue answered 429 or 425: pause the route's scopes for `retryAfterMs` (or the default). */
  reportThrottle(route: string, status: number, retryAfterMs: number | undefined): void;
}

/** The class of a route: trading-write cancels, the order post, everything else a read. */
export function priorityOf(route: string): PriorityClass {
  if (route === 'DELETE /order' || route === 'DELETE /cancel-market-orders') return 'cancel';
  if (route === 'POST /order') return 'place';
  return 'read';
}
