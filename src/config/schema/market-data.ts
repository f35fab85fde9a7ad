/** Configuration schema: how market data is read: the book poller, the metadata cache and the WebSocket streams. */

/** `auto`: on in sim mode, off in live mode. */
export type StreamMode = 'auto' | 'on' | 'off';

export interface PollerConfig {
  intervalMs: number;
  tokens: string[];
  maxTokens: number;
  staleAfterMs: number;
}

export const pollerSchema = {
  intervalMs: {
    doc: 'Time between two polls of books and midpoints',
    format: 'positive-duration-ms',
    default: 1_000,
    env: 'MAKERD_POLLER_INTERVAL_MS',
    arg: 'poll-interval-ms',
  },
  tokens: {
    doc: 'Older form of `markets`: the markets of these token ids are quoted when `markets` is empty',
    format: 'string-list',
    default: [] as string[],
    env: 'MAKERD_POLLER_TOKENS',
  },
  maxTokens: {
    doc: 'Upper bound on tokens watched (two per market); selected markets beyond it are not quoted (logged)',
    format: 'positive-count',
    default: 1_000,
    env: 'MAKERD_POLLER_MAX_TOKENS',
  },
  staleAfterMs: {
    doc: 'A book older than this is stale and never acted on',
    format: 'positive-duration-ms',
    default: 5_000,
    env: 'MAKERD_POLLER_STALE_AFTER_MS',
  },
};

export interface MetadataConfig {
  ttlMs: number;
}

export const metadataSchema = {
  ttlMs: {
    doc: 'How long tick size, minimum size, fees and end date of a market are cached',
    format: 'positive-duration-ms',
    default: 300_000,
    env: 'MAKERD_METADATA_TTL_MS',
  },
};

export interface StreamConfig {
  market: StreamMode;
  user: StreamMode;
  reconnectBaseMs: number;
  reconnectMaxMs: number;
}

export const streamSchema = {
  market: {
    doc: 'Market WebSocket stream (/ws/market): early re-evaluation on book changes; auto = on in sim mode',
    format: ['auto', 'on', 'off'],
    default: 'auto',
    env: 'MAKERD_STREAM_MARKET',
  },
  user: {
    doc: 'User WebSocket stream (/ws/user): order and trade events; auto = on in sim mode',
    format: ['auto', 'on', 'off'],
    default: 'auto',
    env: 'MAKERD_STREAM_USER',
  },
  reconnectBaseMs: {
    doc: 'Reconnect backoff base (full jitter)',
    format: 'positive-duration-ms',
    default: 500,
    env: 'MAKERD_STREAM_RECONNECT_BASE_MS',
  },
  reconnectMaxMs: {
    doc: 'Reconnect backoff cap',
    format: 'positive-duration-ms',
    default: 30_000,
    env: 'MAKERD_STREAM_RECONNECT_MAX_MS',
  },
};
