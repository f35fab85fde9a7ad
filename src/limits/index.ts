/** The limiter's public surface (issue 3). */
export {
  RateLimiter,
  type RateLimiterOptions,
  type LimiterTicket,
  type LimiterObserver,
  type LimiterLogger,
  type AdmissionRecord,
} from './rate-limiter.js';
export { ConcurrencyPool } from './concurrency-pool.js';
export { DEFAULT_LIMITER_SETTINGS, effectiveCapacity, resolveLimiterSettings, type LimiterSettings } from './limiter-options.js';
export {
  LIMIT_TABLE,
  TABLE_ONLY_ROUTES,
  KNOWN_ROUTES,
  scopesOfRoute,
  surfaceOf,
  windowLength,
  type LimitScope,
  type LimitWindow,
  type WindowName,
} from './limit-table.js';
export type { LimiterSnapshot, WindowSnapshot, ScopeThrottles } from './limiter-snapshot.js';
export { backoffDelayMs, retryDelayMs, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js';
export { priorityOf, type RequestGate, type GateTicket, type PriorityClass, type AcquireOptions } from './request-gate.js';
