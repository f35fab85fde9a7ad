/**
 * Abort hooks for requests in flight, shared by every request that has the same caller signal and
 * ends at the same real millisecond. A burst of requests (one tick re-pricing hundreds of markets)
 * then costs one timer and one listener on the caller's signal per millisecond instead of one of
 * each per request. Node's EventTarget walks its listener list on every add and remove, so
 * per-request listeners on one shared signal (the executor's stop signal, or one shared
 * AbortSignal handed to undici, which adds its own listener per request) cost time quadratic in
 * the number of requests in flight: a group keeps its requests in a Set instead, and no
 * AbortController is made at all.
 *
 * A group's timer fires at its deadline: never before the deadline of any of its requests (a
 * request joins only the group of its own deadline, rounded up to the next whole millisecond, as a
 * Node timer fires anyway). `cause` tells which fired first, like a per-request controller would.
 */

/** Told once when the hook it was added to fires. */
export interface AbortListener {
  onAbort(): void;
}

/** What a transport needs to abort a request: whether it is over, and a place to wait for it. */
export interface AbortHook {
  readonly aborted: boolean;
  /** `listener.onAbort()` is called when the hook fires (at once if it has already fired). */
  add(listener: AbortListener): void;
  remove(listener: AbortListener): void;
}

export interface DeadlineGroup extends AbortHook {
  /** What fired the hook first, once it has fired. */
  readonly cause: 'caller' | 'time' | undefined;
}

const NO_CALLER = Symbol('no caller signal');

class Group implements DeadlineGroup {
  cause: 'caller' | 'time' | undefined;
  refs = 0;
  timer: NodeJS.Timeout | undefined;
  readonly #listeners = new Set<AbortListener>();

  constructor(
    readonly caller: AbortSignal | undefined,
    readonly key: number,
    readonly onCallerAbort: () => void,
  ) {}

  get aborted(): boolean {
    return this.cause !== undefined;
  }

  add(listener: AbortListener): void {
    if (this.cause !== undefined) listener.onAbort();
    else this.#listeners.add(listener);
  }

  remove(listener: AbortListener): void {
    this.#listeners.delete(listener);
  }

  fire(cause: 'caller' | 'time'): void {
    if (this.cause !== undefined) return;
    this.cause = cause;
    const listeners = [...this.#listeners];
    this.#listeners.clear();
    for (const l of listeners) l.onAbort();
  }
}

export class SharedDeadlines {
  /** Open groups by caller signal, then by deadline (Date.now() milliseconds). */
  readonly #open = new Map<AbortSignal | typeof NO_CALLER, Map<number, Group>>();

  /**
   * A hook that fires when `caller` aborts or `limitMs` (real time) has passed, whichever is
   * first. Every group taken must be given back with `release` once its request has ended.
   */
  take(caller: AbortSignal | undefined, limitMs: number): DeadlineGroup {
    const key = Math.ceil(Date.now() + Math.max(0, limitMs));
    const callerKey = caller ?? NO_CALLER;
    let byKey = this.#open.get(callerKey);
    let group = byKey?.get(key);
    if (group === undefined) {
      if (byKey === undefined) {
        byKey = new Map();
        this.#open.set(callerKey, byKey);
      }
      group = this.#open1(caller, key, byKey);
    }
    group.refs++;
    return group;
  }

  /** The request of `taken` has ended: the last one out clears the group's timer and listener. */
  release(taken: DeadlineGroup): void {
    const group = taken as Group;
    if (--group.refs > 0) return;
    this.#close(group);
  }

  /** Groups open now (tests). */
  get openGroups(): number {
    let n = 0;
    for (const byKey of this.#open.values()) n += byKey.size;
    return n;
  }

  #open1(caller: AbortSignal | undefined, key: number, byKey: Map<number, Group>): Group {
    const group: Group = new Group(caller, key, () => this.#abort(group, 'caller'));
    caller?.addEventListener('abort', group.onCallerAbort, { once: true });
    // A real timer, like undici's own: it bounds real I/O, whatever clock the daemon runs on.
    const timer = setTimeout(() => this.#abort(group, 'time'), Math.max(0, key - Date.now()));
    timer.unref();
    group.timer = timer;
    byKey.set(key, group);
    return group;
  }

  #abort(group: Group, cause: 'caller' | 'time'): void {
    // Fired: no later request may join it.
    this.#forget(group);
    group.fire(cause);
  }

  #close(group: Group): void {
    if (group.timer !== undefined) clearTimeout(group.timer);
    group.timer = undefined;
    group.caller?.removeEventListener('abort', group.onCallerAbort);
    this.#forget(group);
  }

  #forget(group: Group): void {
    const callerKey = group.caller ?? NO_CALLER;
    const byKey = this.#open.get(callerKey);
    if (byKey?.get(group.key) !== group) return;
    byKey.delete(group.key);
    if (byKey.size === 0) this.#open.delete(callerKey);
  }
}
