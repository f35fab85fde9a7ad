/** Configuration schema: the client-side rate limiter's share of the venue's windows and its queues. */

export interface LimitsConfig {
  safety: number;
  share: number;
  cancelReserve: number;
  maxInFlight: number;
  maxInFlightPerKey: number;
  defaultRetryAfterMs: number;
  maxQueue: number;
}

export const limitsSchema = {
  safety: {
    doc: 'Fraction of each venue window the limiter may use',
    format: 'ratio-open-closed',
    default: 0.9,
    env: 'MAKERD_LIMITS_SAFETY',
  },
  share: {
    doc: "This daemon's share (0-1] of the key's budget when several daemons share an API key or address",
    format: 'ratio-open-closed',
    default: 1,
    env: 'MAKERD_LIMITS_SHARE',
  },
  cancelReserve: {
    doc: 'Cancel capacity kept free beyond one cancel per open order',
    format: 'count',
    default: 10,
    env: 'MAKERD_LIMITS_CANCEL_RESERVE',
  },
  maxInFlight: { doc: 'Requests in flight per process', format: 'positive-count', default: 48, env: 'MAKERD_LIMITS_MAX_IN_FLIGHT' },
  maxInFlightPerKey: {
    doc: 'Requests in flight per API key',
    format: 'positive-count',
    default: 48,
    env: 'MAKERD_LIMITS_MAX_IN_FLIGHT_PER_KEY',
  },
  defaultRetryAfterMs: {
    doc: 'Pause after a 429/425 that carries no Retry-After',
    format: 'positive-duration-ms',
    default: 1_000,
    env: 'MAKERD_LIMITS_DEFAULT_RETRY_AFTER_MS',
  },
  maxQueue: {
    doc: 'Requests that may wait in the limiter before new ones are refused',
    format: 'positive-count',
    default: 10_000,
    env: 'MAKERD_LIMITS_MAX_QUEUE',
  },
};
