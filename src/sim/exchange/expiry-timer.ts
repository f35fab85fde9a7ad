/**
 * One clock timer at the earliest GTD expiry still queued, so that expiries happen (and their
 * CANCELLATION events go out) on time even when no call comes in; expiry is also applied lazily
 * at the start of every call. `close()` stops the timer for good (expiry is then lazy only).
 */
import type { Clock, TimerHandle } from '../../clock/clock.js';
import type { ExpiryQueue } from './expiry-queue.js';

export class ExpiryTimer {
  readonly #clock: Clock;
  readonly #queue: ExpiryQueue;
  readonly #onDue: () => void;
  #timer: TimerHandle | undefined = undefined;
  /** Unix seconds the timer is armed for; Infinity when disarmed. */
  #at = Infinity;
  #closed = false;

  constructor(clock: Clock, queue: ExpiryQueue, onDue: () => void) {
    this.#clock = clock;
    this.#queue = queue;
    this.#onDue = onDue;
  }

  /** Re-arms for the earliest expiry queued, when that changed. */
  arm(): void {
    const at = this.#queue.peekAt();
    if (at === this.#at || this.#closed) return;
    this.#disarm();
    if (at === Infinity) return;
    this.#at = at;
    this.#timer = this.#clock.setTimer(
      () => {
        this.#timer = undefined;
        this.#at = Infinity;
        this.#onDue();
      },
      at * 1000 - this.#clock.now(),
    );
  }

  close(): void {
    this.#closed = true;
    this.#disarm();
  }

  #disarm(): void {
    if (this.#timer !== undefined) this.#clock.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#at = Infinity;
  }
}
