/**
 * A counting semaphore for requests in flight (venue-api.md 8.5: bound concurrency per process).
 * One pool is shared by every limiter of the process; each limiter also has its own per-key
 * bound. Synchronous: a limiter takes a slot in the same step as it admits a request, and is
 * told when a slot frees so that it can admit its next waiter.
 */
export class ConcurrencyPool {
  readonly limit: number;
  #inFlight = 0;
  readonly #listeners = new Set<() => void>();

  constructor(limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`concurrency limit must be an integer >= 1 (got ${limit})`);
    this.limit = limit;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get available(): boolean {
    return this.#inFlight < this.limit;
  }

  tryTake(): boolean {
    if (this.#inFlight >= this.limit) return false;
    this.#inFlight++;
    return true;
  }

  release(): void {
    if (this.#inFlight === 0) throw new Error('ConcurrencyPool.release without a slot taken');
    this.#inFlight--;
    for (const l of [...this.#listeners]) l();
  }

  /** Calls `listener` after every release; returns the unsubscribe function. */
  onRelease(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
