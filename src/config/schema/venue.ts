/**
 * Configuration schema: how makerd reaches the venue: mode, base URLs, credentials, HTTP timeouts
 * and retries, and the bounds of its answers (how each default is derived: src/venue/http/answer-bounds.ts).
 */

export interface VenueConfig {
  mode: 'sim' | 'live';
  baseUrl: string;
  catalogBaseUrl: string;
  clobBaseUrl: string;
  wsUrl: string;
  address: string;
  apiKey: string;
  passphrase: string;
  passphraseFile: string;
  secret: string;
  secretFile: string;
  headerPrefix: string;
  timeouts: { connectMs: number; headersMs: number; bodyMs: number; requestMs: number };
  retry: { maxAttempts: number; baseMs: number; maxMs: number };
  connectionsPerOrigin: number;
  answers: { recordBytes: number; bookBytes: number; pageBytes: number; minBytesPerSec: number; slowGraceMs: number };
}

export const venueSchema = {
  mode: {
    doc: 'sim: start the embedded venue simulator and trade against it; live: use venue.baseUrl with your credentials',
    format: ['sim', 'live'],
    default: 'sim',
    env: 'MAKERD_VENUE_MODE',
    arg: 'venue-mode',
  },
  baseUrl: {
    doc: 'Venue base URL (live mode; ignored in sim mode, where the embedded simulator is used)',
    format: 'url-or-empty',
    default: '',
    env: 'MAKERD_VENUE_BASE_URL',
    arg: 'venue-base-url',
  },
  catalogBaseUrl: {
    doc: 'Separate base URL for the catalog surface (events, markets, tags, search, comments, positions, leaderboard); empty = venue.baseUrl',
    format: 'url-or-empty',
    default: '',
    env: 'MAKERD_VENUE_CATALOG_BASE_URL',
  },
  clobBaseUrl: {
    doc: 'Separate base URL for the order-book surface (books, prices, trades, orders); empty = venue.baseUrl',
    format: 'url-or-empty',
    default: '',
    env: 'MAKERD_VENUE_CLOB_BASE_URL',
  },
  wsUrl: {
    doc: 'WebSocket base URL (ws:// or wss://); empty = derived from the order-book URL',
    format: 'ws-url-or-empty',
    default: '',
    env: 'MAKERD_VENUE_WS_URL',
  },
  address: {
    doc: 'Wallet address that trades (SERVICE_ADDRESS header)',
    format: String,
    default: '',
    env: 'MAKERD_VENUE_ADDRESS',
  },
  apiKey: {
    doc: 'API key (uuid) of the wallet (SERVICE_API_KEY header)',
    format: String,
    default: '',
    env: 'MAKERD_VENUE_API_KEY',
  },
  passphrase: {
    doc: 'API passphrase (secret; prefer venue.passphraseFile)',
    format: 'optional-secret',
    default: '',
    sensitive: true,
    env: 'MAKERD_VENUE_PASSPHRASE',
  },
  passphraseFile: {
    doc: 'File holding the passphrase (systemd LoadCredential, Docker secrets); overrides venue.passphrase',
    format: String,
    default: '',
    env: 'MAKERD_VENUE_PASSPHRASE_FILE',
  },
  secret: {
    doc: 'API secret, base64 or base64url (secret; prefer venue.secretFile)',
    format: 'optional-secret',
    default: '',
    sensitive: true,
    env: 'MAKERD_VENUE_SECRET',
  },
  secretFile: {
    doc: 'File holding the API secret (systemd LoadCredential, Docker secrets); overrides venue.secret',
    format: String,
    default: '',
    env: 'MAKERD_VENUE_SECRET_FILE',
  },
  headerPrefix: {
    doc: 'Prefix of the five authentication headers',
    format: 'header-prefix',
    default: 'SERVICE_',
    env: 'MAKERD_VENUE_HEADER_PREFIX',
  },
  timeouts: {
    connectMs: { doc: 'TCP/TLS connect timeout', format: 'positive-duration-ms', default: 5_000, env: 'MAKERD_VENUE_CONNECT_TIMEOUT_MS' },
    headersMs: {
      doc: 'Time allowed for response headers',
      format: 'positive-duration-ms',
      default: 10_000,
      env: 'MAKERD_VENUE_HEADERS_TIMEOUT_MS',
    },
    bodyMs: {
      doc: 'Time allowed between body chunks',
      format: 'positive-duration-ms',
      default: 10_000,
      env: 'MAKERD_VENUE_BODY_TIMEOUT_MS',
    },
    requestMs: {
      doc: 'Overall deadline of one request (including waiting in the limiter)',
      format: 'positive-duration-ms',
      default: 15_000,
      env: 'MAKERD_VENUE_REQUEST_TIMEOUT_MS',
    },
  },
  retry: {
    maxAttempts: {
      doc: 'Attempts for idempotent reads (1 = no retry); writes are never retried',
      format: 'positive-count',
      default: 3,
      env: 'MAKERD_VENUE_RETRY_MAX_ATTEMPTS',
    },
    baseMs: {
      doc: 'Backoff base (full jitter: random(0, min(max, base * 2^attempt)))',
      format: 'positive-duration-ms',
      default: 200,
      env: 'MAKERD_VENUE_RETRY_BASE_MS',
    },
    maxMs: { doc: 'Backoff cap', format: 'positive-duration-ms', default: 5_000, env: 'MAKERD_VENUE_RETRY_MAX_MS' },
  },
  connectionsPerOrigin: {
    doc: "Keep-alive connections per venue origin (keep >= limits.maxInFlightPerKey, so that an admitted request is sent at once and the limiter's count matches what the venue sees)",
    format: 'positive-count',
    default: 48,
    env: 'MAKERD_VENUE_CONNECTIONS',
  },
  answers: {
    recordBytes: {
      doc: 'Largest answer of a single record (a market, an order, a fee rate, an order answer, the cancel of one order; any error answer), and the base of a batch answer; bigger answers are refused unread (a record is a few KiB)',
      format: 'positive-bytes',
      default: 262_144,
      env: 'MAKERD_VENUE_ANSWER_RECORD_BYTES',
      arg: 'venue-answer-record-bytes',
    },
    bookBytes: {
      doc: 'Allowance per book of a POST /books answer (per token asked for) and of GET /book: 2 sides of 1,000 price levels (books.maxLevels) of 64 bytes, plus the other fields; raise it with books.maxLevels',
      format: 'positive-bytes',
      default: 131_072,
      env: 'MAKERD_VENUE_ANSWER_BOOK_BYTES',
      arg: 'venue-answer-book-bytes',
    },
    pageBytes: {
      doc: 'Largest answer of one page of a listing (markets, trades, open orders, positions, tags, search, ...): 10,000 trade fills of 1 KiB, or a markets page of a few KiB a market',
      format: 'positive-bytes',
      default: 16_777_216,
      env: 'MAKERD_VENUE_ANSWER_PAGE_BYTES',
      arg: 'venue-answer-page-bytes',
    },
    minBytesPerSec: {
      doc: 'Slowest an answer body may arrive: once venue.answers.slowGraceMs has passed since its headers, each byte must have come within 1/minBytesPerSec s on average, else it is refused as too slow',
      format: 'positive-bytes',
      default: 16_384,
      env: 'MAKERD_VENUE_ANSWER_MIN_BYTES_PER_SEC',
      arg: 'venue-answer-min-bytes-per-sec',
    },
    slowGraceMs: {
      doc: 'Head start of the minimum answer rate (venue.answers.minBytesPerSec), from the arrival of the headers',
      format: 'positive-duration-ms',
      default: 3_000,
      env: 'MAKERD_VENUE_ANSWER_SLOW_GRACE_MS',
      arg: 'venue-answer-slow-grace-ms',
    },
  },
};
