/**
 * One exact sliding window: a ring of the last `capacity` admission times.
 *
 * Convention: an admission at time e counts in every window [t - windowMs, t] that contains it,
 * both ends closed (the venue does not say which end is open, so we take the stricter reading);
 * it stops counting at e + windowMs + 1. The window has room for k more at time t iff at most
 * capacity - k of the recorded admissions still count. Because only the newest `capacity`
 * admissions can matter, a fixed ring of `capacity` slots is enough and every query is O(1)
 * (plus amortized pruning).
 */
export class SlidingWindow {
  readonly capacity: number;
  readonly windowMs: number;
  readonly #ring: Float64Array;
  #start = 0;
  #size = 0;

  constructor(capacity: number, windowMs: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`window capacity must be an integer >= 1 (got ${capacity})`);
    if (!(windowMs > 0)) throw new RangeError(`windowMs must be > 0 (got ${windowMs})`);
    this.capacity = capacity;
    this.windowMs = windowMs;
    this.#ring = new Float64Array(capacity);
  }

  /** Admissions counting at `now`. */
  used(now: number): number {
    this.#prune(now);
    return this.#size;
  }

  /** Free slots at `now`. */
  room(now: number): number {
    return this.capacity - this.used(now);
  }

  /** Records an admission at `now`; the caller has checked room(now) >= 1. */
  record(now: number): void {
    this.#prune(now);
    if (this.#size === this.capacity) throw new Error('SlidingWindow.record without room');
    this.#ring[(this.#start + this.#size) % this.capacity] = now;
    this.#size++;
  }

  /**
   * Earliest time >= now at which the window has room for `k` admissions (k >= 1), assuming
   * nothing else is admitted. For k > capacity it is a lower bound for the k-th future admission:
   * any capacity + 1 consecutive admissions span more than windowMs.
   */
  readyAt(k: number, now: number): number {
    this.#prune(now);
    if (k <= 0) return now;
    const cap = this.capacity;
    const rounds = Math.floor((k - 1) / cap);
    const r = k - rounds * cap;
    // Room for r needs the oldest (size - (cap - r)) recorded admissions to have stopped counting.
    const mustExpire = this.#size - (cap - r);
    const first = mustExpire <= 0 ? now : this.#ring[(this.#start + mustExpire - 1) % cap]! + this.windowMs + 1;
    return first + rounds * (this.windowMs + 1);
  }

  #prune(now: number): void {
    const cutoff = now - this.windowMs; // counts iff e >= cutoff
    while (this.#size > 0 && this.#ring[this.#start]! < cutoff) {
      this.#start = (this.#start + 1) % this.capacity;
      this.#size--;
    }
  }
}
