/**
 * Which failed reads are tried again, and after how long. Only idempotent reads are retried;
 * trading writes never are (an order post's outcome is settled by reconciliation instead).
 */
import { ErrorCode, type MakerdError } from '../../errors.js';
import { backoffDelayMs } from '../../limits/backoff.js';

export interface RetryOptions {
  /** Attempts in total, the first included; 1 disables retries. */
  readonly maxAttempts: number;
  /** Cap of the first retry's delay. */
  readonly baseMs: number;
  /** Largest cap of any retry's delay. */
  readonly maxMs: number;
}

const RETRYABLE: ReadonlySet<string> = new Set([
  ErrorCode.THROTTLED,
  ErrorCode.VENUE_RESTARTING,
  ErrorCode.VENUE_FAULT,
  ErrorCode.NETWORK,
  ErrorCode.TIMEOUT,
]);

/** True for the transient failures of an answer from the venue (not of our own limiter). */
export function isRetryable(err: MakerdError): boolean {
  return RETRYABLE.has(err.code);
}

/**
 * The wait before retry number `retry` (counting from 1): the limiter's exponential backoff with
 * full jitter, uniform in [0, min(maxMs, baseMs * 2^(retry-1))). The venue's Retry-After is a
 * floor, never shortened by jitter.
 */
export function retryDelayMs(retry: number, options: RetryOptions, random: () => number, retryAfterMs?: number): number {
  const jittered = backoffDelayMs(retry - 1, { baseMs: options.baseMs, maxMs: options.maxMs, maxRetries: options.maxAttempts - 1 }, random);
  return Math.max(jittered, retryAfterMs ?? 0);
}
