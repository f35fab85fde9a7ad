/**
 * The limiter's decisions, pure and synchronous: a function of its state and the time passed in.
 * No promises, no timers; rate-limiter.ts wraps it for callers.
 *
 * The admission rule, applied in one pass over the waiting lanes (cancel, then place, then read;
 * within a class, lanes in the order their heads arrived):
 *  1. Windows: the head of a lane is admitted only if, in every window of every scope it counts
 *     in, room >= reserved + 1, where `reserved` is what blocked requests ahead of it in this
 *     pass have reserved there. Room in a sliding window only grows while nothing is admitted, so
 *     a request admitted past a blocked one can never delay it (strict priority, FIFO across
 *     lanes that contend, and no head-of-line blocking across scopes they do not share).
 *  2. A blocked lane reserves min(its length, the smallest capacity of its windows) in each of its
 *     scopes: it cannot use more than that within one window anyway, so a long backlog on one
 *     route (5,000 `POST /books`) does not lock out other routes of the surface.
 *  3. Cancel reserve. Let G = openOrders + placesInFlight + cancelReserve. A `place` is admitted
 *     only if, in every window a `DELETE /order` counts in, capacity left after admitting it
 *     (minus reservations) >= G + 1 (the order being placed needs cancelling too). A `read`
 *     leaves G in those of the cancel windows it counts in itself (`All CLOB routes`). Cancels
 *     are never held back by the reserve.
 *  4. Concurrency: a slot of the process pool and of this key's bound is taken on admission.
 *  5. Pauses: a scope paused by a 429/425 admits nothing until the pause ends.
 * Check and record are one synchronous step, so no two callers can both take the last slot.
 */
import { ErrorCode, MakerdError } from '../errors.js';
import type { ConcurrencyPool } from './concurrency-pool.js';
import { DeadlineHeap } from './deadline-heap.js';
import { LIMIT_TABLE, scopesOfRoute } from './limit-table.js';
import type { LimiterSettings } from './limiter-options.js';
import { Lane, type GuardScope, type QueueEntry } from './lane.js';
import type { PriorityClass } from './request-gate.js';
import { ScopeState } from './scope-state.js';

export const PRIORITY_CLASSES: readonly PriorityClass[] = ['cancel', 'place', 'read'];

/** The route whose windows the cancel reserve protects. */
export const CANCEL_ROUTE = 'DELETE /order';

export type RejectReason = 'deadline' | 'aborted' | 'queueFull' | 'closed';

export type EnqueueResult<T> =
  | { readonly ok: true; readonly entry: QueueEntry<T> }
  | { readonly ok: false; readonly reason: 'queueFull' | 'deadline'; readonly retryAfterMs: number | undefined };

export interface Expired<T> {
  readonly entry: QueueEntry<T>;
  /** Lower bound on how long until it could have been admitted. */
  readonly retryAfterMs: number;
}

export interface PumpResult<T> {
  readonly admitted: QueueEntry<T>[];
  readonly expired: Expired<T>[];
}

const perClass = (): Record<PriorityClass, number> => ({ cancel: 0, place: 0, read: 0 });

export class AdmissionCore<T> {
  readonly settings: LimiterSettings;
  readonly pool: ConcurrencyPool;
  readonly scopes: readonly ScopeState[];
  readonly #routeScopes = new Map<string, readonly ScopeState[]>();
  readonly #cancelScopes: readonly ScopeState[];
  readonly #lanes = new Map<string, Lane<T>>();
  readonly #waitingLanes: Record<PriorityClass, Set<Lane<T>>> = { cancel: new Set(), place: new Set(), read: new Set() };
  readonly #deadlines = new DeadlineHeap<QueueEntry<T>>((e) => e.state === 'queued');
  #seq = 0;
  #wakeAt = Infinity;
  #openOrders = 0;
  #placesInFlight = 0;
  #inFlight = 0;
  readonly queued = perClass();
  readonly admittedTotal = perClass();
  readonly rejectedTotal: Record<RejectReason, number> = { deadline: 0, aborted: 0, queueFull: 0, closed: 0 };

  constructor(settings: LimiterSettings, pool: ConcurrencyPool) {
    this.settings = settings;
    this.pool = pool;
    this.scopes = LIMIT_TABLE.map((row) => new ScopeState(row, settings.share, settings.safety));
    this.#cancelScopes = this.scopesFor(CANCEL_ROUTE)!;
  }

  /** The live scopes a route counts in; undefined for an unknown route. */
  scopesFor(route: string): readonly ScopeState[] | undefined {
    let scopes = this.#routeScopes.get(route);
    if (scopes === undefined) {
      const rows = scopesOfRoute(route);
      if (rows === undefined) return undefined;
      scopes = rows.map((r) => this.scopes.find((s) => s.id === r.id)!);
      this.#routeScopes.set(route, scopes);
    }
    return scopes;
  }

  get openOrders(): number {
    return this.#openOrders;
  }

  get placesInFlight(): number {
    return this.#placesInFlight;
  }

  /** Requests of this limiter admitted and not yet released. */
  get inFlight(): number {
    return this.#inFlight;
  }

  get totalQueued(): number {
    return this.queued.cancel + this.queued.place + this.queued.read;
  }

  /** Orders the venue holds open for us (the executor's count). Places in flight are counted apart. */
  setOpenOrders(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`openOrders must be an integer >= 0 (got ${n})`);
    this.#openOrders = n;
  }

  /** Queues a request, or refuses it at once when the queue is full or its deadline cannot be met. */
  enqueue(route: string, cls: PriorityClass, deadlineMs: number, payload: T, now: number): EnqueueResult<T> {
    const lane = this.#lane(route, cls);
    if (cls !== 'cancel' && this.queued.place + this.queued.read >= this.settings.maxQueue) {
      this.rejectedTotal.queueFull++;
      return { ok: false, reason: 'queueFull', retryAfterMs: undefined };
    }
    // Fail fast: it is at best the (length + 1)-th future admission of its lane.
    const earliest = this.#lowerBound(lane, lane.length + 1, now);
    if (earliest > deadlineMs) {
      this.rejectedTotal.deadline++;
      return { ok: false, reason: 'deadline', retryAfterMs: earliest - now };
    }
    const entry: QueueEntry<T> = {
      seq: ++this.#seq,
      lane,
      enqueuedAtMs: now,
      deadlineMs,
      payload,
      state: 'queued',
      prev: undefined,
      next: undefined,
    };
    lane.push(entry);
    this.#waitingLanes[cls].add(lane);
    this.queued[cls]++;
    if (Number.isFinite(deadlineMs)) this.#deadlines.push(entry);
    return { ok: true, entry };
  }

  /** Takes a waiting request out of its queue (abort, close). No-op unless it is queued. */
  remove(entry: QueueEntry<T>, reason: RejectReason): boolean {
    if (entry.state !== 'queued') return false;
    this.#dequeue(entry);
    entry.state = 'rejected';
    this.rejectedTotal[reason]++;
    return true;
  }

  /** Every waiting request, removed (shutdown). */
  removeAll(reason: RejectReason): QueueEntry<T>[] {
    const out: QueueEntry<T>[] = [];
    for (const cls of PRIORITY_CLASSES) {
      for (const lane of [...this.#waitingLanes[cls]]) {
        while (lane.head) {
          out.push(lane.head);
          this.remove(lane.head, reason);
        }
      }
    }
    return out;
  }

  /** Frees the concurrency slot of an admitted request. */
  release(cls: PriorityClass): void {
    this.#inFlight--;
    if (cls === 'place') this.#placesInFlight--;
    this.pool.release();
  }

  /**
   * Pauses scopes after a throttle answer. 425 (venue restarting) pauses the route's whole
   * surface; 429 pauses the route's own row, or its surface's general window when it has none.
   * The venue does not say which window tripped; pausing the surface on every 429 would let one
   * throttled read stop cancels, so a 429 on a route with its own row pauses that row only.
   */
  throttle(route: string, status: number, retryAfterMs: number | undefined, now: number): ScopeState[] {
    const scopes = this.scopesFor(route);
    if (scopes === undefined) throw unknownRoute(route);
    const pauseMs =
      retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0 ? retryAfterMs : this.settings.defaultRetryAfterMs;
    const surfaceScope = scopes.find((s) => s.surfaceWide)!;
    const target = status === 425 ? surfaceScope : (scopes.find((s) => s.id === route) ?? surfaceScope);
    target.pause(now + pauseMs);
    if (status === 425) target.throttles.status425++;
    else target.throttles.status429++;
    return [target];
  }

  /** Admits what can be admitted at `now` and expires what is past its deadline. */
  pump(now: number): PumpResult<T> {
    const result: PumpResult<T> = { admitted: [], expired: [] };
    this.#expire(now, false, result.expired);
    this.#pass(now, result.admitted);
    // Requests whose deadline is now had their chance in the pass; drop them and, since they may
    // have held reservations, give the others a second pass.
    if (this.#expire(now, true, result.expired) > 0) this.#pass(now, result.admitted);
    // Admitted and aborted requests leave the deadline heap lazily; keep it from growing unbounded.
    if (this.#deadlines.size > 1_024 + 2 * this.totalQueued) this.#deadlines.compact();
    return result;
  }

  /** When the next pump could change something: a possible admission or a deadline. */
  nextWakeAt(): number {
    return Math.min(this.#wakeAt, this.#deadlines.peek()?.deadlineMs ?? Infinity);
  }

  #pass(now: number, admitted: QueueEntry<T>[]): void {
    for (const s of this.scopes) s.reserved = 0;
    let wake = Infinity;
    for (const cls of PRIORITY_CLASSES) {
      const waiting = this.#waitingLanes[cls];
      if (waiting.size === 0) continue;
      const lanes = [...waiting];
      while (lanes.length > 0) {
        let best = 0;
        for (let i = 1; i < lanes.length; i++) if (lanes[i]!.head!.seq < lanes[best]!.head!.seq) best = i;
        const lane = lanes[best]!;
        const readyAt = this.#readyAt(lane, now);
        if (readyAt <= now) {
          if (!this.#slotFree()) {
            // Nothing can go before a slot frees; release() triggers the next pump.
            this.#wakeAt = Infinity;
            return;
          }
          admitted.push(this.#admit(lane.head!, now));
          if (lane.length > 0) continue;
        } else {
          wake = Math.min(wake, readyAt);
          const r = Math.min(lane.length, lane.reserveCap);
          for (const s of lane.scopes) s.reserved += r;
        }
        lanes[best] = lanes[lanes.length - 1]!;
        lanes.pop();
      }
    }
    this.#wakeAt = wake;
  }

  /** Earliest time the head of `lane` passes rules 1, 3 and 5 given the current reservations. */
  #readyAt(lane: Lane<T>, now: number): number {
    let t = now;
    for (const s of lane.scopes) t = Math.max(t, s.readyAt(s.reserved + 1, now));
    if (lane.cls === 'cancel') return t;
    const guard = this.#openOrders + this.#placesInFlight + this.settings.cancelReserve + (lane.cls === 'place' ? 1 : 0);
    for (const { scope, touches } of lane.guardScopes) {
      const need = guard + (touches ? 1 : 0);
      // More than the window can ever hold: wait for orders to close (setOpenOrders, release).
      if (need > scope.minCapacity) return Infinity;
      t = Math.max(t, scope.readyAt(need + scope.reserved, now));
    }
    return t;
  }

  #slotFree(): boolean {
    return this.#inFlight < this.settings.maxInFlightPerKey && this.pool.available;
  }

  #admit(entry: QueueEntry<T>, now: number): QueueEntry<T> {
    const lane = entry.lane;
    this.#dequeue(entry);
    for (const s of lane.scopes) s.record(now);
    entry.state = 'admitted';
    this.pool.tryTake();
    this.#inFlight++;
    if (lane.cls === 'place') this.#placesInFlight++;
    this.admittedTotal[lane.cls]++;
    return entry;
  }

  #dequeue(entry: QueueEntry<T>): void {
    const lane = entry.lane;
    lane.remove(entry);
    if (lane.length === 0) this.#waitingLanes[lane.cls].delete(lane);
    this.queued[lane.cls]--;
  }

  /** Expires queued requests with deadline < now (or <= now when `inclusive`). */
  #expire(now: number, inclusive: boolean, out: Expired<T>[]): number {
    let n = 0;
    for (;;) {
      const e = this.#deadlines.popDue(now, inclusive);
      if (e === undefined) break;
      const earliest = this.#lowerBound(e.lane, 1, now);
      this.remove(e, 'deadline');
      out.push({ entry: e, retryAfterMs: Math.max(0, earliest - now) });
      n++;
    }
    return n;
  }

  /** A lower bound on when the k-th next admission of `lane` can happen (ignoring other lanes). */
  #lowerBound(lane: Lane<T>, k: number, now: number): number {
    let t = now;
    for (const s of lane.scopes) t = Math.max(t, s.readyAt(k, now));
    return t;
  }

  #lane(route: string, cls: PriorityClass): Lane<T> {
    const key = `${cls} ${route}`;
    let lane = this.#lanes.get(key);
    if (lane === undefined) {
      const scopes = this.scopesFor(route);
      if (scopes === undefined) throw unknownRoute(route);
      const guards: GuardScope[] =
        cls === 'cancel'
          ? []
          : this.#cancelScopes.map((scope) => ({ scope, touches: scopes.includes(scope) })).filter((g) => cls === 'place' || g.touches);
      lane = new Lane<T>(route, cls, scopes, guards);
      this.#lanes.set(key, lane);
    }
    return lane;
  }
}

export function unknownRoute(route: string): MakerdError {
  return new MakerdError(
    ErrorCode.BAD_PARAMETER,
    `limiter: unknown route '${route}' (expected 'METHOD /path-template' as in ENDPOINTS[..].route or the limit table)`,
    { where: 'limiter', field: 'route' },
  );
}
