import type { Clock, TimerHandle } from './clock.js';

interface PendingTimer {
  readonly id: number;
  readonly at: number;
  readonly fn: () => void;
}

/**
 * A clock that moves only when told. Timers fire in due-time order (then creation order) while
 * `advance` walks time forward, so a test or a backtest replays hours of market time in
 * milliseconds and always in the same order.
 */
export class FakeClock implements Clock {
  #now: number;
  #nextId = 1;
  #timers: PendingTimer[] = [];

  constructor(startMs = 1_700_000_000_000) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const timer: PendingTimer = { id: this.#nextId++, at: this.#now + Math.max(0, ms), fn };
    // Keep the list sorted by (at, id); insertion from the back is cheap for monotone deadlines.
    let i = this.#timers.length;
    while (i > 0 && this.#timers[i - 1]!.at > timer.at) i--;
    this.#timers.splice(i, 0, timer);
    return { id: timer.id };
  }

  clearTimer(handle: TimerHandle): void {
    const i = this.#timers.findIndex((t) => t.id === handle.id);
    if (i >= 0) this.#timers.splice(i, 1);
  }

  /** Number of timers not yet fired. */
  get pendingTimers(): number {
    return this.#timers.length;
  }

  /** Due time of the earliest pending timer, or undefined. */
  nextTimerAt(): number | undefined {
    return this.#timers[0]?.at;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    this.advanceTo(this.#now + ms);
  }

  advanceTo(target: number): void {
    if (target < this.#now) throw new RangeError(`FakeClock cannot go back from ${this.#now} to ${target}`);
    for (;;) {
      const first = this.#timers[0];
      if (first === undefined || first.at > target) break;
      this.#timers.shift();
      this.#now = first.at;
      first.fn();
    }
    this.#now = target;
  }

  /** Fires the next pending timer (moving time to it); returns false when none is pending. */
  runNext(): boolean {
    const first = this.#timers[0];
    if (first === undefined) return false;
    this.advanceTo(first.at);
    return true;
  }
}
