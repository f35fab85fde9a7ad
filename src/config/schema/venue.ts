/** Configuration schema: how makerd reaches the venue: mode, base URLs, credentials, HTTP timeouts and retries. */

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
};
