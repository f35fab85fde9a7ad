/** Configuration schema: how market data is read: the book poller, the books' bounds, the metadata cache and the WebSocket streams. */

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

export interface BooksConfig {
  maxLevels: number;
}

export const booksSchema = {
  maxLevels: {
    doc: "Most price levels a side of a token's book may have; a book with more (polled or streamed) is unusable (too-many-levels) and never read further",
    format: 'positive-count',
    default: 1_000,
    env: 'MAKERD_BOOKS_MAX_LEVELS',
    arg: 'max-book-levels',
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
  maxMessageBytes: { market: number; user: number };
  rate: { maxMessagesPerSec: number; maxBytesPerSec: number; windowMs: number };
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
  maxMessageBytes: {
    market: {
      doc: "Largest message of the market stream (the ws client's maxPayload): a bigger one closes the connection, which reconnects with backoff; a frame holds one event or an array of them (the books of a subscription: 1,000 books of 16 KiB)",
      format: 'positive-bytes',
      default: 16_777_216,
      env: 'MAKERD_STREAM_MARKET_MAX_MESSAGE_BYTES',
      arg: 'stream-market-max-message-bytes',
    },
    user: {
      doc: "Largest message of the user stream (the ws client's maxPayload): the account's order and trade events",
      format: 'positive-bytes',
      default: 1_048_576,
      env: 'MAKERD_STREAM_USER_MAX_MESSAGE_BYTES',
      arg: 'stream-user-max-message-bytes',
    },
  },
  rate: {
    maxMessagesPerSec: {
      doc: 'Most messages a second a stream may bring, on average over stream.rate.windowMs; past it the connection is closed before the message is read and reconnects with backoff (the poller keeps the books)',
      format: 'positive-count',
      default: 5_000,
      env: 'MAKERD_STREAM_MAX_MESSAGES_PER_SEC',
      arg: 'stream-max-messages-per-sec',
    },
    maxBytesPerSec: {
      doc: 'Most bytes a second a stream may bring, on average over stream.rate.windowMs; past it the connection is closed before the message is read and reconnects with backoff',
      format: 'positive-bytes',
      default: 4_194_304,
      env: 'MAKERD_STREAM_MAX_BYTES_PER_SEC',
      arg: 'stream-max-bytes-per-sec',
    },
    windowMs: {
      doc: "Window of the streams' rate bounds (stream.rate.maxMessagesPerSec, stream.rate.maxBytesPerSec); a subscription's first burst of books must fit in one window",
      format: 'positive-duration-ms',
      default: 5_000,
      env: 'MAKERD_STREAM_RATE_WINDOW_MS',
      arg: 'stream-rate-window-ms',
    },
  },
};
