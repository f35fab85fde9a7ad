/**
 * A lane is the FIFO of waiting requests for one (route, class) pair. Every request of a lane
 * touches the same scopes, so only a lane's head can be next and the scheduler's work per pass is
 * proportional to the number of lanes, not of waiting requests. A doubly linked list makes an
 * abort or a deadline O(1).
 */
import type { PriorityClass } from './request-gate.js';
import type { ScopeState } from './scope-state.js';

export interface GuardScope {
  readonly scope: ScopeState;
  /** Whether the lane's own requests count in this scope. */
  readonly touches: boolean;
}

export type EntryState = 'queued' | 'admitted' | 'rejected';

export interface QueueEntry<T> {
  /** Acquire order within one limiter, from 1. */
  readonly seq: number;
  readonly lane: Lane<T>;
  readonly enqueuedAtMs: number;
  /** Absolute clock ms; Infinity when the request has none. */
  readonly deadlineMs: number;
  readonly payload: T;
  state: EntryState;
  prev: QueueEntry<T> | undefined;
  next: QueueEntry<T> | undefined;
}

export class Lane<T> {
  readonly route: string;
  readonly cls: PriorityClass;
  readonly scopes: readonly ScopeState[];
  /** The most this lane can be admitted within one window: the bound on what it reserves. */
  readonly reserveCap: number;
  /** The windows a cancel uses that this lane must leave the cancel reserve in, see admission-core.ts. */
  readonly guardScopes: readonly GuardScope[];
  head: QueueEntry<T> | undefined;
  tail: QueueEntry<T> | undefined;
  length = 0;

  constructor(route: string, cls: PriorityClass, scopes: readonly ScopeState[], guardScopes: readonly GuardScope[]) {
    this.route = route;
    this.cls = cls;
    this.scopes = scopes;
    this.guardScopes = guardScopes;
    this.reserveCap = Math.min(...scopes.map((s) => s.minCapacity));
  }

  push(e: QueueEntry<T>): void {
    e.prev = this.tail;
    e.next = undefined;
    if (this.tail) this.tail.next = e;
    else this.head = e;
    this.tail = e;
    this.length++;
  }

  remove(e: QueueEntry<T>): void {
    if (e.prev) e.prev.next = e.next;
    else this.head = e.next;
    if (e.next) e.next.prev = e.prev;
    else this.tail = e.prev;
    e.prev = e.next = undefined;
    this.length--;
  }
}
