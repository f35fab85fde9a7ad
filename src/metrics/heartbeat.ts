/**
 * /healthz's "the loop turns": the main loop beats at every poll tick; once it has started, a
 * heartbeat older than the limit means it is stuck (a poll that never ends, a wedged timer).
 * Before start() (start-up: selecting markets, reconciling) it counts as alive.
 *
 * The limit: max(3 x poller.intervalMs, 10 s, the longest a poll may legitimately take: every
 * read attempt of venue.retry.maxAttempts timing out at venue.timeouts.requestMs, with the
 * longest back-off venue.retry.maxMs between them, plus one interval), so a slow or failing venue
 * never looks like a dead daemon.
 */
import type { Clock } from '../clock/clock.js';

export interface HeartbeatLimitInputs {
  readonly poller: { readonly intervalMs: number };
  readonly venue: {
    readonly timeouts: { readonly requestMs: number };
    readonly retry: { readonly maxAttempts: number; readonly maxMs: number };
  };
}

export function heartbeatLimitMs(c: HeartbeatLimitInputs): number {
  const { requestMs } = c.venue.timeouts;
  const { maxAttempts, maxMs } = c.venue.retry;
  const worstPoll = requestMs * maxAttempts + maxMs * Math.max(0, maxAttempts - 1);
  return Math.max(3 * c.poller.intervalMs, 10_000, worstPoll + c.poller.intervalMs);
}

export class Heartbeat {
  readonly #clock: Clock;
  readonly limitMs: number;
  #lastMs: number | undefined;

  constructor(clock: Clock, limitMs: number) {
    this.#clock = clock;
    this.limitMs = limitMs;
  }

  /** The loop turned (and is running from now on). */
  beat(): void {
    this.#lastMs = this.#clock.now();
  }

  /** Time of the last beat; undefined before the loop started. */
  get lastMs(): number | undefined {
    return this.#lastMs;
  }

  /** undefined while alive, else why not. */
  problem(): string | undefined {
    if (this.#lastMs === undefined) return undefined;
    const age = this.#clock.now() - this.#lastMs;
    return age > this.limitMs ? `main loop stalled: no poll tick for ${age} ms (limit ${this.limitMs} ms)` : undefined;
  }
}
