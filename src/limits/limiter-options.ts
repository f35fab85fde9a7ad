/**
 * The limiter's settings (config keys `limits.*`), their defaults and their validation. A value out
 * of range stops start-up with a CONFIG error that names the key, the rule and the value.
 */
import { ErrorCode, MakerdError } from '../errors.js';

export interface LimiterSettings {
  /** Fraction of each venue capacity we allow ourselves, (0, 1]. */
  readonly safety: number;
  /** This daemon's share of a budget split with others on the same key or address, (0, 1]. */
  readonly share: number;
  /** Cancels kept available beyond one per open order, integer >= 0. */
  readonly cancelReserve: number;
  /** Requests in flight per process (the default pool's size), integer >= 1. */
  readonly maxInFlight: number;
  /** Requests in flight for this limiter's API key, integer >= 1. */
  readonly maxInFlightPerKey: number;
  /** Pause after a 429/425 without a usable Retry-After, ms >= 0. */
  readonly defaultRetryAfterMs: number;
  /** Queued reads and places at most (cancels are never refused for queue length), integer >= 1. */
  readonly maxQueue: number;
}

export const DEFAULT_LIMITER_SETTINGS: LimiterSettings = {
  safety: 0.9,
  share: 1,
  cancelReserve: 10,
  maxInFlight: 48,
  maxInFlightPerKey: 48,
  defaultRetryAfterMs: 1_000,
  maxQueue: 10_000,
};

function configError(key: keyof LimiterSettings, rule: string, value: unknown): MakerdError {
  return new MakerdError(ErrorCode.CONFIG, `limits.${key} ${rule} (got ${JSON.stringify(value)})`, {
    where: 'limiter',
    field: `limits.${key}`,
  });
}

function fraction(key: keyof LimiterSettings, v: number): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > 1) throw configError(key, 'must be a number in (0, 1]', v);
}

function integer(key: keyof LimiterSettings, v: number, min: number): void {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min) throw configError(key, `must be an integer >= ${min}`, v);
}

/** Fills defaults and validates; throws MakerdError(CONFIG) on the first bad value. */
export function resolveLimiterSettings(partial: Partial<LimiterSettings> = {}): LimiterSettings {
  const s: LimiterSettings = { ...DEFAULT_LIMITER_SETTINGS, ...stripUndefined(partial) };
  fraction('safety', s.safety);
  fraction('share', s.share);
  integer('cancelReserve', s.cancelReserve, 0);
  integer('maxInFlight', s.maxInFlight, 1);
  integer('maxInFlightPerKey', s.maxInFlightPerKey, 1);
  if (typeof s.defaultRetryAfterMs !== 'number' || !Number.isFinite(s.defaultRetryAfterMs) || s.defaultRetryAfterMs < 0) {
    throw configError('defaultRetryAfterMs', 'must be a finite number of milliseconds >= 0', s.defaultRetryAfterMs);
  }
  integer('maxQueue', s.maxQueue, 1);
  return s;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The capacity the limiter enforces: floor(capacity x share x safety), at least 1. The tiny epsilon
 * keeps a product such as 270 from flooring to 269 through binary rounding (capacities are integers).
 */
export function effectiveCapacity(capacity: number, share: number, safety: number): number {
  return Math.max(1, Math.floor(capacity * share * safety + 1e-9));
}
