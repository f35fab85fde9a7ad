/**
 * makerd's one configuration schema. Precedence (lowest to highest): these defaults, then
 * config/default.json, then an optional `--config FILE`, then MAKERD_* environment variables,
 * then command-line flags. Unknown keys, wrong types and out-of-range values stop start-up.
 * The README's configuration table is generated from this file (`makerd config-doc`).
 */
/** `auto`: on in sim mode, off in live mode. */
export type StreamMode = 'auto' | 'on' | 'off';

/** One configured market: a condition id or slug, optionally its own strategy, parameters and state. */
export interface MarketEntry {
  market: string;
  strategy?: string;
  params?: Record<string, unknown>;
  state?: 'ACTIVE' | 'REDUCING' | 'HALTED';
}

export interface MakerdConfig {
  venue: {
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
  };
  limits: {
    safety: number;
    share: number;
    cancelReserve: number;
    maxInFlight: number;
    maxInFlightPerKey: number;
    defaultRetryAfterMs: number;
    maxQueue: number;
  };
  poller: {
    intervalMs: number;
    tokens: string[];
    maxTokens: number;
    staleAfterMs: number;
  };
  sim: {
    host: string;
    port: number;
    seed: string;
    markets: number;
    authWindowMs: number;
    flow: {
      enabled: boolean;
      profile: 'calm' | 'default' | 'news' | 'busy';
      stepMs: number;
      A: number;
      k: number;
      sigma: number;
      jumpRate: number;
      jumpSize: number;
      informedShare: number;
    };
    edgeLimits: { enabled: boolean; scale: number };
    faults: {
      latencyMs: number;
      latencyJitterMs: number;
      errorRate: number;
      resetRate: number;
      malformedRate: number;
      malformedKind: 'price' | 'size' | 'missing';
      frozenBooks: boolean;
      wsDropRate: number;
      throttleStormMs: number;
      maintenanceMs: number;
    };
  };
  strategy: { name: string; params: Record<string, unknown>; dir: string };
  markets: MarketEntry[];
  selector: { top: number; tag: string };
  shard: { index: number; count: number };
  metadata: { ttlMs: number };
  stream: { market: StreamMode; user: StreamMode; reconnectBaseMs: number; reconnectMaxMs: number };
  risk: {
    state: 'ACTIVE' | 'REDUCING' | 'HALTED';
    maxPositionPerToken: string;
    maxNetExposure: string;
    maxGrossNotional: string;
    maxOpenOrders: number;
    maxOrdersPerMarket: number;
    maxOrderSize: string;
    minPrice: string;
    maxPrice: string;
    errorBurst: { count: number; windowMs: number; backoffMs: number };
    killSwitch: boolean;
    killSwitchFile: string;
    maxDailyLoss: string;
    maxDrawdown: string;
    lossAction: 'REDUCING' | 'HALTED';
    dayResetHourUtc: number;
  };
  executor: {
    repriceTicks: number;
    resizeFraction: number;
    cancelMarketFraction: number;
    syncIntervalMs: number;
    positionsIntervalMs: number;
  };
  trading: { monitorOnly: boolean };
  lifecycle: { startupDeadlineMs: number; shutdownDeadlineMs: number; acceptPositionMismatch: boolean };
  portfolio: { pollIntervalMs: number };
  metrics: { host: string; port: number };
  data: { dir: string };
  log: { level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' };
}

export const schema = {
  venue: {
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
      default: 16,
      env: 'MAKERD_VENUE_CONNECTIONS',
    },
  },
  limits: {
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
    maxInFlight: { doc: 'Requests in flight per process', format: 'positive-count', default: 16, env: 'MAKERD_LIMITS_MAX_IN_FLIGHT' },
    maxInFlightPerKey: {
      doc: 'Requests in flight per API key',
      format: 'positive-count',
      default: 16,
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
  },
  poller: {
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
  },
  sim: {
    host: { doc: 'Interface the simulator listens on', format: 'non-empty-string', default: '127.0.0.1', env: 'MAKERD_SIM_HOST' },
    port: { doc: 'Simulator port (0 = ephemeral)', format: 'port-or-zero', default: 0, env: 'MAKERD_SIM_PORT', arg: 'port' },
    seed: {
      doc: 'Seed of the synthetic catalog, credentials and order flow',
      format: 'non-empty-string',
      default: 'makerd',
      env: 'MAKERD_SIM_SEED',
      arg: 'seed',
    },
    markets: { doc: 'Number of synthetic markets', format: 'positive-count', default: 20, env: 'MAKERD_SIM_MARKETS', arg: 'markets' },
    authWindowMs: {
      doc: 'Freshness window of the signed timestamp',
      format: 'positive-duration-ms',
      default: 30_000,
      env: 'MAKERD_SIM_AUTH_WINDOW_MS',
    },
    flow: {
      enabled: { doc: 'Run synthetic makers and takers', format: 'strict-boolean', default: true, env: 'MAKERD_SIM_FLOW' },
      profile: {
        doc: 'Kind of market the flow stands for (src/sim/flow/flow-profiles.ts); the keys below set one by one override it',
        format: ['calm', 'default', 'news', 'busy'],
        default: 'default',
        env: 'MAKERD_SIM_FLOW_PROFILE',
      },
      stepMs: { doc: 'Order-flow time step', format: 'positive-duration-ms', default: 250, env: 'MAKERD_SIM_FLOW_STEP_MS' },
      A: {
        doc: 'Taker arrival intensity at the fair value (per second per side)',
        format: 'non-negative-number',
        default: 0.5,
        env: 'MAKERD_SIM_FLOW_A',
      },
      k: {
        doc: 'Decay of taker intensity with distance from fair value (per unit of price)',
        format: 'non-negative-number',
        default: 60,
        env: 'MAKERD_SIM_FLOW_K',
      },
      sigma: {
        doc: 'Fair-value volatility in log-odds per sqrt(second)',
        format: 'non-negative-number',
        default: 0.01,
        env: 'MAKERD_SIM_FLOW_SIGMA',
      },
      jumpRate: {
        doc: 'Jumps of fair value per market per hour',
        format: 'non-negative-number',
        default: 12,
        env: 'MAKERD_SIM_FLOW_JUMP_RATE',
      },
      jumpSize: {
        doc: 'Typical jump in log-odds (each jump is +/- jumpSize x U(0.5, 1.5))',
        format: 'non-negative-number',
        default: 0.4,
        env: 'MAKERD_SIM_FLOW_JUMP_SIZE',
      },
      informedShare: {
        doc: 'Share of takers that trade ahead of a coming jump',
        format: 'ratio',
        default: 0.3,
        env: 'MAKERD_SIM_FLOW_INFORMED_SHARE',
      },
    },
    edgeLimits: {
      enabled: {
        doc: "Enforce the venue's rate limits (section 8) with 429",
        format: 'strict-boolean',
        default: true,
        env: 'MAKERD_SIM_EDGE_LIMITS',
      },
      scale: { doc: 'Multiplier on every edge capacity', format: 'positive-number', default: 1, env: 'MAKERD_SIM_EDGE_LIMITS_SCALE' },
    },
    faults: {
      latencyMs: {
        doc: 'Added latency per response',
        format: 'duration-ms',
        default: 0,
        env: 'MAKERD_SIM_FAULT_LATENCY_MS',
        arg: 'fault-latency-ms',
      },
      latencyJitterMs: {
        doc: 'Random extra latency (uniform 0..N)',
        format: 'duration-ms',
        default: 0,
        env: 'MAKERD_SIM_FAULT_LATENCY_JITTER_MS',
        arg: 'fault-latency-jitter-ms',
      },
      errorRate: {
        doc: 'Fraction of requests answered 5xx',
        format: 'ratio',
        default: 0,
        env: 'MAKERD_SIM_FAULT_ERROR_RATE',
        arg: 'fault-error-rate',
      },
      resetRate: {
        doc: 'Fraction of connections reset without an answer',
        format: 'ratio',
        default: 0,
        env: 'MAKERD_SIM_FAULT_RESET_RATE',
        arg: 'fault-reset-rate',
      },
      malformedRate: {
        doc: 'Fraction of book/midpoint/trade answers made malformed',
        format: 'ratio',
        default: 0,
        env: 'MAKERD_SIM_FAULT_MALFORMED_RATE',
        arg: 'fault-malformed-rate',
      },
      malformedKind: {
        doc: 'How malformed answers are broken',
        format: ['price', 'size', 'missing'],
        default: 'price',
        env: 'MAKERD_SIM_FAULT_MALFORMED_KIND',
        arg: 'fault-malformed-kind',
      },
      frozenBooks: {
        doc: 'Serve the same stale books forever',
        format: 'strict-boolean',
        default: false,
        env: 'MAKERD_SIM_FAULT_FROZEN_BOOKS',
        arg: 'fault-frozen-books',
      },
      wsDropRate: {
        doc: 'Probability per second of dropping each WebSocket connection',
        format: 'ratio',
        default: 0,
        env: 'MAKERD_SIM_FAULT_WS_DROP_RATE',
        arg: 'fault-ws-drop-rate',
      },
      throttleStormMs: {
        doc: 'Answer every request 429 for this long after start',
        format: 'duration-ms',
        default: 0,
        env: 'MAKERD_SIM_FAULT_THROTTLE_STORM_MS',
        arg: 'fault-throttle-storm-ms',
      },
      maintenanceMs: {
        doc: 'Answer every request 425 (venue restarting) for this long after start',
        format: 'duration-ms',
        default: 0,
        env: 'MAKERD_SIM_FAULT_MAINTENANCE_MS',
        arg: 'fault-maintenance-ms',
      },
    },
  },
  strategy: {
    name: {
      doc: 'Strategy of every market without its own (a file of strategies/, e.g. bands or avellaneda)',
      format: 'non-empty-string',
      default: 'bands',
      env: 'MAKERD_STRATEGY',
      arg: 'strategy',
    },
    params: {
      doc: 'Parameters of strategy.name (see Strategy tuning); JSON text in env',
      format: 'object',
      default: {} as Record<string, unknown>,
      env: 'MAKERD_STRATEGY_PARAMS',
    },
    dir: {
      doc: 'Extra directory of compiled strategies (*.js), loaded after the built-in ones; empty = none',
      format: String,
      default: '',
      env: 'MAKERD_STRATEGY_DIR',
    },
  },
  markets: {
    doc: 'Markets to quote: [{"market": "<condition id or slug>", "strategy"?, "params"?, "state"?}]; env: comma-separated ids/slugs or JSON',
    format: 'market-list',
    default: [] as MarketEntry[],
    env: 'MAKERD_MARKETS',
  },
  selector: {
    top: {
      doc: 'Also quote the first N active, accepting, open markets of /sampling-simplified-markets (0 = none; sim mode with no markets quotes 10)',
      format: 'count',
      default: 0,
      env: 'MAKERD_SELECTOR_TOP',
    },
    tag: { doc: 'Only markets carrying this tag (slug or label); empty = any', format: String, default: '', env: 'MAKERD_SELECTOR_TAG' },
  },
  shard: {
    index: {
      doc: "This daemon's shard, 0 .. shard.count - 1: it quotes only the selected markets whose condition-id hash falls here",
      format: 'count',
      default: 0,
      env: 'MAKERD_SHARD_INDEX',
      arg: 'shard-index',
    },
    count: {
      doc: 'Number of daemons sharing the selection (and the account)',
      format: 'positive-count',
      default: 1,
      env: 'MAKERD_SHARD_COUNT',
      arg: 'shard-count',
    },
  },
  metadata: {
    ttlMs: {
      doc: 'How long tick size, minimum size, fees and end date of a market are cached',
      format: 'positive-duration-ms',
      default: 300_000,
      env: 'MAKERD_METADATA_TTL_MS',
    },
  },
  stream: {
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
  },
  risk: {
    state: {
      doc: 'Trading state of every market: ACTIVE, REDUCING (only orders that reduce exposure) or HALTED (cancel all, place nothing)',
      format: ['ACTIVE', 'REDUCING', 'HALTED'],
      default: 'ACTIVE',
      env: 'MAKERD_RISK_STATE',
    },
    maxPositionPerToken: {
      doc: 'Shares held of one token at most (buys that could pass it are trimmed)',
      format: 'decimal-text',
      default: '500',
      env: 'MAKERD_RISK_MAX_POSITION_PER_TOKEN',
    },
    maxNetExposure: {
      doc: 'Net exposure of a market at most, |outcome 0 - outcome 1| shares, counting every resting order as filled',
      format: 'decimal-text',
      default: '300',
      env: 'MAKERD_RISK_MAX_NET_EXPOSURE',
    },
    maxGrossNotional: {
      doc: 'USDC at most in resting orders (price x size) over all markets',
      format: 'decimal-text',
      default: '5000',
      env: 'MAKERD_RISK_MAX_GROSS_NOTIONAL',
    },
    maxOpenOrders: {
      doc: 'Resting orders at most over all markets',
      format: 'positive-count',
      default: 2_000,
      env: 'MAKERD_RISK_MAX_OPEN_ORDERS',
    },
    maxOrdersPerMarket: {
      doc: 'Resting orders at most in one market',
      format: 'positive-count',
      default: 20,
      env: 'MAKERD_RISK_MAX_ORDERS_PER_MARKET',
    },
    maxOrderSize: {
      doc: 'Shares per order at most (larger quotes are trimmed)',
      format: 'decimal-text',
      default: '200',
      env: 'MAKERD_RISK_MAX_ORDER_SIZE',
    },
    minPrice: { doc: 'Lowest order price allowed', format: 'decimal-text', default: '0.01', env: 'MAKERD_RISK_MIN_PRICE' },
    maxPrice: { doc: 'Highest order price allowed', format: 'decimal-text', default: '0.99', env: 'MAKERD_RISK_MAX_PRICE' },
    errorBurst: {
      count: {
        doc: 'Venue errors or throttles within risk.errorBurst.windowMs that pull every quote',
        format: 'positive-count',
        default: 20,
        env: 'MAKERD_RISK_ERROR_BURST_COUNT',
      },
      windowMs: {
        doc: 'Window of the error burst',
        format: 'positive-duration-ms',
        default: 10_000,
        env: 'MAKERD_RISK_ERROR_BURST_WINDOW_MS',
      },
      backoffMs: {
        doc: 'How long quotes stay pulled after an error burst',
        format: 'positive-duration-ms',
        default: 5_000,
        env: 'MAKERD_RISK_ERROR_BACKOFF_MS',
      },
    },
    killSwitch: {
      doc: 'Halt everything: cancel every order, place none (also engaged while risk.killSwitchFile exists)',
      format: 'strict-boolean',
      default: false,
      env: 'MAKERD_RISK_KILL_SWITCH',
      arg: 'kill-switch',
    },
    killSwitchFile: {
      doc: 'File name in data.dir whose existence halts everything (touch to halt, remove to resume)',
      format: 'non-empty-string',
      default: 'KILL',
      env: 'MAKERD_RISK_KILL_SWITCH_FILE',
    },
    maxDailyLoss: {
      doc: 'Daily loss limit in USDC (realized + unrealized change since the trading day began); "0" = off',
      format: 'decimal-text',
      default: '0',
      env: 'MAKERD_RISK_MAX_DAILY_LOSS',
    },
    maxDrawdown: {
      doc: 'Drawdown limit in USDC below the peak of total PnL; "0" = off',
      format: 'decimal-text',
      default: '0',
      env: 'MAKERD_RISK_MAX_DRAWDOWN',
    },
    lossAction: {
      doc: 'State of every market while a loss limit is crossed',
      format: ['REDUCING', 'HALTED'],
      default: 'HALTED',
      env: 'MAKERD_RISK_LOSS_ACTION',
    },
    dayResetHourUtc: {
      doc: 'Hour (UTC) at which the trading day of the daily loss limit begins',
      format: 'hour-of-day',
      default: 0,
      env: 'MAKERD_RISK_DAY_RESET_HOUR_UTC',
    },
  },
  executor: {
    repriceTicks: {
      doc: 'Keep a resting order whose price is within this many ticks of the wanted one',
      format: 'count',
      default: 0,
      env: 'MAKERD_EXECUTOR_REPRICE_TICKS',
    },
    resizeFraction: {
      doc: 'Keep a resting order whose size is within this fraction of the wanted one',
      format: 'ratio',
      default: 0.2,
      env: 'MAKERD_EXECUTOR_RESIZE_FRACTION',
    },
    cancelMarketFraction: {
      doc: "When more than this fraction of a market's orders go, one DELETE /cancel-market-orders replaces the single cancels",
      format: 'ratio',
      default: 0.5,
      env: 'MAKERD_EXECUTOR_CANCEL_MARKET_FRACTION',
    },
    syncIntervalMs: {
      doc: 'How often the live-order view is checked against GET /data/orders',
      format: 'positive-duration-ms',
      default: 5_000,
      env: 'MAKERD_EXECUTOR_SYNC_INTERVAL_MS',
    },
    positionsIntervalMs: {
      doc: 'How often positions are read from GET /positions',
      format: 'positive-duration-ms',
      default: 2_000,
      env: 'MAKERD_EXECUTOR_POSITIONS_INTERVAL_MS',
    },
  },
  trading: {
    monitorOnly: {
      doc: 'Watch markets and serve metrics without placing or cancelling orders (allowed without credentials in live mode)',
      format: 'strict-boolean',
      default: false,
      env: 'MAKERD_MONITOR_ONLY',
      arg: 'monitor-only',
    },
  },
  lifecycle: {
    startupDeadlineMs: {
      doc: 'Start-up: time allowed to cancel (and verify cancelled) the orders an earlier run left in the selected markets',
      format: 'positive-duration-ms',
      default: 30_000,
      env: 'MAKERD_STARTUP_DEADLINE_MS',
    },
    acceptPositionMismatch: {
      doc: 'Start-up: when the journal and the venue disagree on a position, log it and trade on (instead of REDUCING that market until restarted with this set)',
      format: 'strict-boolean',
      default: false,
      env: 'MAKERD_ACCEPT_POSITION_MISMATCH',
      arg: 'accept-position-mismatch',
    },
    shutdownDeadlineMs: {
      doc: 'Shutdown: time from the stop signal to exit, every request included (keep below TimeoutStopSec / the stop grace period)',
      format: 'positive-duration-ms',
      default: 20_000,
      env: 'MAKERD_SHUTDOWN_DEADLINE_MS',
    },
  },
  portfolio: {
    pollIntervalMs: {
      doc: "How often the account's trades are fetched (GET /data/trades after the last fill)",
      format: 'positive-duration-ms',
      default: 2_000,
      env: 'MAKERD_PORTFOLIO_POLL_INTERVAL_MS',
    },
  },
  metrics: {
    host: {
      doc: 'Interface of the /metrics, /healthz and /readyz server',
      format: 'non-empty-string',
      default: '127.0.0.1',
      env: 'MAKERD_METRICS_HOST',
    },
    port: {
      doc: 'Port of the metrics server (0 = ephemeral)',
      format: 'port-or-zero',
      default: 9464,
      env: 'MAKERD_METRICS_PORT',
      arg: 'metrics-port',
    },
  },
  data: {
    dir: {
      doc: 'Directory of the journal and state files',
      format: 'non-empty-string',
      default: './data',
      env: 'MAKERD_DATA_DIR',
      arg: 'data-dir',
    },
  },
  log: {
    level: {
      doc: 'Log level',
      format: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
      env: 'MAKERD_LOG_LEVEL',
      arg: 'log-level',
    },
  },
};
