/**
 * The pace at which the executor spends order posts. The venue allows 24,000 POST /order per 10
 * minutes (venue-api.md 8.3; the limiter enforces capacity x share x safety of it). Spending as
 * fast as the windows admit would use the sustained window up in the first minutes and then post
 * nothing until it slides: quotes frozen for minutes. So posts are paced by a token bucket:
 * `depth` posts may go at once (start-up, a burst of moves), and it refills at
 * (capacity - depth - reserve) / window, which over any sustained window spends at most
 * capacity - reserve. `reserve` is what the cancel reserve needs left in the matching DELETE
 * /order window (open orders + limits.cancelReserve), since every order placed is cancelled there
 * sooner or later. The limiter stays the hard guarantee; this only keeps requests from queueing
 * in it, where they would wait on windows instead of being chosen by how much they matter.
 *
 * Pure: time passed in.
 */
export interface WriteBudgetSettings {
  /** POST /order admissions allowed per sustained window (the limiter's effective capacity). */
  readonly capacity: number;
  readonly windowMs: number;
  /** Posts that may go at once after a quiet spell. */
  readonly depth: number;
}

/** 10 minutes: the sustained window of venue-api.md 8.3. */
export const SUSTAINED_WINDOW_MS = 600_000;

/** The default depth: a twentieth of the sustained capacity, at most half of the 10 s burst window. */
export function defaultDepth(sustainedCapacity: number, burstCapacity: number): number {
  return Math.max(1, Math.min(Math.floor(sustainedCapacity / 20), Math.floor(burstCapacity / 2)));
}

export class WriteBudget {
  readonly settings: WriteBudgetSettings;
  #tokens: number;
  #atMs: number;

  constructor(settings: WriteBudgetSettings, nowMs: number) {
    const { capacity, windowMs, depth } = settings;
    if (!Number.isSafeInteger(capacity) || capacity < 1)
      throw new RangeError(`write budget: capacity must be an integer >= 1 (got ${capacity})`);
    if (!(windowMs > 0)) throw new RangeError(`write budget: windowMs must be > 0 (got ${windowMs})`);
    if (!Number.isSafeInteger(depth) || depth < 1 || depth > capacity)
      throw new RangeError(`write budget: depth must be an integer in [1, capacity] (got ${depth})`);
    this.settings = settings;
    this.#tokens = depth;
    this.#atMs = nowMs;
  }

  /** Posts per millisecond with `reserve` kept out of the window; never below a hundredth of the plain rate. */
  rate(reserve: number): number {
    const { capacity, windowMs, depth } = this.settings;
    return Math.max(capacity / 100, capacity - depth - Math.max(0, reserve)) / windowMs;
  }

  /** Whole posts affordable now. */
  available(nowMs: number, reserve: number): number {
    this.#refill(nowMs, reserve);
    return Math.max(0, Math.floor(this.#tokens));
  }

  /** Posts sent (may go below zero: a post the pass did not plan, e.g. after settling an uncertain one). */
  spend(n: number, nowMs: number, reserve: number): void {
    this.#refill(nowMs, reserve);
    this.#tokens -= n;
  }

  /** Milliseconds until `n` whole posts are affordable (0 when they are now). */
  msUntil(n: number, nowMs: number, reserve: number): number {
    this.#refill(nowMs, reserve);
    const missing = n - this.#tokens;
    return missing <= 0 ? 0 : Math.ceil(missing / this.rate(reserve));
  }

  #refill(nowMs: number, reserve: number): void {
    const elapsed = nowMs - this.#atMs;
    if (elapsed <= 0) return;
    this.#tokens = Math.min(this.settings.depth, this.#tokens + elapsed * this.rate(reserve));
    this.#atMs = nowMs;
  }
}
