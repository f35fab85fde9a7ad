/**
 * Exponential backoff with full jitter for retries of idempotent reads:
 *   delay = random() x min(maxMs, baseMs x 2^attempt)
 * (attempt 0 is the first retry). Full jitter spreads the retries of many clients evenly over
 * the interval instead of bunching them at its end. `random` is injected so tests are exact.
 * Retries go through the limiter like any request; order posts are never retried blind.
 */
import { priorityOf } from './request-gate.js';

export interface BackoffPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
  /** Retries after the first attempt, at most. */
  readonly maxRetries: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 100, maxMs: 5_000, maxRetries: 3 };

/** The delay before retry number `attempt` (0-based). */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  if (!Number.isSafeInteger(attempt) || attempt < 0) throw new RangeError(`attempt must be an integer >= 0 (got ${attempt})`);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  return random() * ceiling;
}

/**
 * Whether a failed request may be retried, and after how long: only reads (every read route of
 * the venue is idempotent), only while retries remain; a venue Retry-After is a floor on the wait.
 * Returns undefined when the caller must not retry.
 */
export function retryDelayMs(
  route: string,
  attempt: number,
  retryAfterMs: number | undefined,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number | undefined {
  if (priorityOf(route) !== 'read' || attempt >= policy.maxRetries) return undefined;
  return Math.max(backoffDelayMs(attempt, policy, random), retryAfterMs ?? 0);
}
