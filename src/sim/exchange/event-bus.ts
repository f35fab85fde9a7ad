/**
 * Exchange events to subscribers. Events of one operation are queued while the operation changes
 * state and delivered, in order, when it has finished (so a listener always sees a consistent
 * exchange and may call back into it). Callers check `active` before building an event, which
 * keeps the matching hot path free of event work when nobody listens. A listener that throws does
 * not stop delivery to the others; the error is rethrown asynchronously (queueMicrotask) so it is
 * not lost.
 */
import type { ExchangeEvent } from '../contracts.js';

type Listener = (event: ExchangeEvent) => void;

export class EventBus {
  #listeners: Listener[] = [];
  #queue: ExchangeEvent[] = [];
  #flushing = false;

  get active(): boolean {
    return this.#listeners.length > 0;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  push(event: ExchangeEvent): void {
    this.#queue.push(event);
  }

  /** Delivers the queued events (and any queued by listeners meanwhile). */
  flush(): void {
    if (this.#flushing || this.#queue.length === 0) return;
    this.#flushing = true;
    try {
      for (let i = 0; i < this.#queue.length; i++) {
        const event = this.#queue[i]!;
        for (const listener of this.#listeners) {
          try {
            listener(event);
          } catch (err) {
            queueMicrotask(() => {
              throw err;
            });
          }
        }
      }
    } finally {
      this.#queue = [];
      this.#flushing = false;
    }
  }
}
